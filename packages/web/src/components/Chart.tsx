import { Button, Flex, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { alignSeries, axisRange, type ChartAxis, type ChartSeries, type ChartSpec, timeTick, valueTick, xLabel } from './chartData.ts';

export { byIndex, type ChartSeries, type ChartSpec } from './chartData.ts';

/** ECharts' palette, so the colours users know stay. */
const PALETTE = ['#5070dd', '#b6d634', '#505372', '#ff994d', '#0ca8df', '#ffd10a', '#fb628b', '#785db0', '#3fbe95'];
const MAX_BAR_PX = 32;

/** A value axis's labels in the user's language (uPlot writes the browser's: 1.4 on a German page). */
const valueTicks = (_u: uPlot, splits: number[], _axis: number, _space: number, step: number) =>
  splits.map((value) => valueTick(value, step));

/** A y axis wide enough for its longest label. */
const axisSize = (_u: uPlot, values: string[] | null) => Math.max(40, ...(values ?? []).map((v) => v.length * 7 + 16));

/**
 * Bars of one series within its x's slot: side-by-side bars share the slot, a stack takes one place
 * in it. `bases` are where each bar starts (the stack below it), the series' own data where it ends.
 */
function barPaths(place: number, places: number, bases: number[] | undefined): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx] ?? [];
    const scale = u.series[seriesIdx]?.scale ?? 'y';
    const slot = Math.abs(u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true));
    const width = Math.min((slot * 0.7) / places, MAX_BAR_PX * devicePixelRatio);
    const path = new Path2D();
    for (let i = idx0; i <= idx1; i++) {
      const top = ys[i];
      const x = xs[i];
      if (top === null || top === undefined || x === undefined) continue;
      const left = u.valToPos(x, 'x', true) - (width * places) / 2 + width * place;
      const y0 = u.valToPos(bases?.[i] ?? 0, scale, true);
      const y1 = u.valToPos(top, scale, true);
      path.rect(left, Math.min(y0, y1), width * 0.9, Math.abs(y1 - y0));
    }
    return { stroke: path, fill: path };
  };
}

/** A `#rrggbb` colour made see-through. */
const withAlpha = (color: string, alpha: number) =>
  `${color}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;

/** The tooltip: the x under the cursor and every shown series' value there. */
function tooltipPlugin(spec: ChartSpec, raw: (number | null | undefined)[][], style: Partial<CSSStyleDeclaration>): uPlot.Plugin {
  const box = document.createElement('div');
  box.className = 'chart-tooltip';
  Object.assign(box.style, style);
  return {
    hooks: {
      init: (u) => {
        u.over.appendChild(box);
        // On a phone a touch moves the cursor as the mouse does (uPlot follows the mouse only).
        const follow = (event: TouchEvent) => {
          const touch = event.touches[0];
          const plot = u.over.getBoundingClientRect();
          if (touch) u.setCursor({ left: touch.clientX - plot.left, top: touch.clientY - plot.top });
        };
        u.over.addEventListener('touchstart', follow, { passive: true });
        u.over.addEventListener('touchmove', follow, { passive: true });
      },
      setCursor: (u) => {
        const { idx, left, top } = u.cursor;
        const x = idx === null || idx === undefined ? undefined : u.data[0][idx];
        const rows =
          idx === null || idx === undefined
            ? []
            : spec.series.flatMap((s, i) => {
                const value = raw[i]?.[idx];
                return u.series[i + 1]?.show && value !== null && value !== undefined ? [{ s, i, value }] : [];
              });
        if (x === undefined || rows.length === 0 || left === undefined || left < 0) {
          box.style.display = 'none';
          return;
        }
        const title = document.createElement('div');
        title.textContent = xLabel(spec.x, x);
        box.replaceChildren(
          title,
          ...rows.map(({ s, i, value }) => {
            const row = document.createElement('div');
            const swatch = document.createElement('span');
            swatch.className = 'chart-swatch';
            swatch.style.background = colorOf(s, i);
            row.append(swatch, `${s.name}: ${spec.format ? spec.format(value) : value}`);
            return row;
          }),
        );
        box.style.display = 'block';
        // Beside the cursor, on the side with room, and never past the plot's edges (a phone's narrow plot).
        const room = u.over.clientWidth - box.offsetWidth;
        const beside = left + 12 <= room ? left + 12 : left - 12 - box.offsetWidth;
        box.style.left = `${Math.max(0, Math.min(beside, room))}px`;
        box.style.top = `${Math.max(0, (top ?? 0) - 12)}px`;
      },
    },
  };
}

const colorOf = (s: ChartSeries, i: number) => s.color ?? PALETTE[i % PALETTE.length] ?? '#5070dd';

const rangeOf =
  (axis: ChartAxis): uPlot.Range.Function =>
  (_u, min, max) =>
    axisRange(axis, min, max);

/** The spec as uPlot's data and options, in the console's theme; `shown` tells which series the legend has on. */
function build(
  spec: ChartSpec,
  shown: (s: ChartSeries) => boolean,
  token: ReturnType<typeof theme.useToken>['token'],
  width: number,
  height: number,
) {
  const { x: xs, values: raw, drawn, bases } = alignSeries(spec.series);
  const data = [xs, ...drawn] as uPlot.AlignedData;
  const bars = spec.series.filter((s) => s.kind === 'bar');
  const sideBySide = bars.filter((s) => !s.stacked);
  const places = sideBySide.length + (bars.some((s) => s.stacked) ? 1 : 0);
  const font = `12px ${token.fontFamily}`;
  const axisStyle = { stroke: token.colorTextSecondary, font, labelFont: font, size: axisSize, ticks: { stroke: token.colorBorder } };
  const grid = { stroke: token.colorBorderSecondary, width: 1 };
  const x = spec.x;
  const options: uPlot.Options = {
    width,
    height,
    ms: 1,
    tzDate: (ts) => uPlot.tzDate(new Date(ts), 'Etc/UTC'),
    // The legend is the component's own: buttons a keyboard and a screen reader reach.
    legend: { show: false },
    // A vertical line at the cursor, as an axis tooltip has; no zoom by dragging (the charts had none).
    cursor: { y: false, drag: { x: false, y: false }, points: { size: 6 } },
    scales: {
      x: {
        time: x.kind === 'time',
        range:
          x.kind === 'category'
            ? () => [-0.5, x.labels.length - 0.5]
            : x.kind === 'time'
              ? (_u, min, max) => [x.min ?? min ?? 0, x.max ?? max ?? 1]
              : undefined,
      },
      y: { range: rangeOf(spec.y) },
      ...(spec.y2 ? { y2: { range: rangeOf(spec.y2) } } : {}),
    },
    axes: [
      {
        ...axisStyle,
        size: 36,
        grid: { show: false },
        ...(x.kind === 'time' ? { values: (_u, splits, _a, _s, step) => splits.map((ms) => timeTick(ms, step)) } : {}),
        ...(x.kind === 'category'
          ? {
              // Every bucket labelled where they fit, every second, fifth… where not.
              space: Math.max(...x.labels.map((l) => l.length * 7 + 12), 20),
              incrs: [1, 2, 3, 5, 10, 20, 50],
              values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (x.labels[i] ?? '') : '')),
            }
          : {}),
        ...(x.kind === 'value' ? { label: x.unit, labelSize: 20, values: valueTicks } : {}),
      },
      { ...axisStyle, grid, label: spec.y.unit, labelSize: spec.y.unit ? 20 : 0, values: valueTicks },
      ...(spec.y2
        ? [{ ...axisStyle, scale: 'y2', side: 1, grid: { show: false }, label: spec.y2.unit, labelSize: 20, values: valueTicks }]
        : []),
    ],
    series: [
      {},
      ...spec.series.map((s, i): uPlot.Series => {
        const color = colorOf(s, i);
        const stroke = s.faint ? withAlpha(color, 0.6) : color;
        const common = { label: s.name, scale: s.right ? 'y2' : 'y', show: shown(s), spanGaps: false };
        if (s.kind === 'bar')
          return {
            ...common,
            stroke,
            fill: stroke,
            width: 0,
            points: { show: false },
            paths: barPaths(s.stacked ? sideBySide.length : sideBySide.indexOf(s), places, bases.get(i)),
          };
        return {
          ...common,
          stroke,
          width: 2,
          dash: s.dashed ? [6, 4] : undefined,
          fill: s.area ? withAlpha(color, 0.2) : undefined,
          points: { show: s.dots ?? false, size: 6 },
        };
      }),
    ],
    plugins: [
      tooltipPlugin(spec, raw, {
        background: token.colorBgElevated,
        color: token.colorText,
        boxShadow: token.boxShadowSecondary,
        borderRadius: `${token.borderRadius}px`,
      }),
      {
        // Where the chart render benchmark (bench/chartRender.ts) stops its clock: drawn, before the frame is painted.
        hooks: {
          draw: () => {
            performance.clearMarks('chart-drawn');
            performance.mark('chart-drawn');
          },
        },
      },
    ],
  };
  return { data, options };
}

/** One chart that fills its box's width and follows it; drawn again on every change of `spec`. */
export function Chart({ spec, height = 320, label }: { spec: ChartSpec; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  // The axes' numbers are written in the user's language: drawn again when it changes.
  const { i18n } = useTranslation();
  // Series switched in the legend, by name (kept across periods); a faint one starts off.
  const [switched, setSwitched] = useState<ReadonlySet<string>>(new Set());
  const shown = (s: ChartSeries) => !s.faint !== switched.has(s.name);
  const toggle = (name: string) =>
    setSwitched((before) => (before.has(name) ? new Set([...before].filter((n) => n !== name)) : new Set([...before, name])));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` is derived from `switched`
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { data, options } = build(spec, shown, token, element.clientWidth, height);
    const plot = new uPlot(options, data, element);
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [spec, switched, token, height, i18n.language]);

  return (
    <div>
      <div ref={box} role="img" aria-label={label} className="chart" />
      <Flex wrap justify="center" gap={4}>
        {spec.series.map((s, i) => {
          const on = shown(s);
          return (
            <Button
              // biome-ignore lint/suspicious/noArrayIndexKey: series are in a fixed order; names may repeat
              key={i}
              type="text"
              size="small"
              aria-pressed={on}
              onClick={() => toggle(s.name)}
              style={{ color: on ? token.colorText : token.colorTextDisabled }}
            >
              <span
                aria-hidden
                className={`chart-key chart-key-${s.kind}`}
                style={{ borderColor: on ? colorOf(s, i) : token.colorTextDisabled, borderStyle: s.dashed ? 'dashed' : 'solid' }}
              />
              {s.name}
            </Button>
          );
        })}
      </Flex>
    </div>
  );
}
