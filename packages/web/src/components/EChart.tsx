import { theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useEffect, useMemo, useRef } from 'react';

type Echarts = typeof import('./echartsParts.ts');
let echartsModule: Promise<Echarts> | undefined;
/** ECharts is large; the parts the console uses load with the first chart, never with the sign-in page. */
const loadEcharts = () => {
  echartsModule ??= import('./echartsParts.ts');
  return echartsModule;
};

/**
 * Applies an option whole (notMerge), so a series that disappears is gone. ECharts has drawn it
 * when setOption returns; the mark is where the chart render benchmark (bench/chartRender.ts) stops
 * its clock before the frame is painted (only the latest is kept: the timeline never drops marks).
 */
function draw(chart: ReturnType<Echarts['init']>, option: EChartsOption) {
  chart.setOption(option, { notMerge: true });
  performance.clearMarks('echart-drawn');
  performance.mark('echart-drawn');
}

/** One ECharts chart that fills its box and follows its width; drawn again on every change of `option`. */
export function EChart({ option, height = 320, label }: { option: EChartsOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<Echarts['init']> | null>(null);
  // The chart is created once, with whatever option is current when ECharts has loaded.
  const latestOption = useRef(option);
  latestOption.current = option;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadEcharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current, undefined, { renderer: 'canvas' });
      draw(chart.current, latestOption.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (chart.current) draw(chart.current, option);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}

/**
 * A time axis's labels by level: at a day's start its date (month-day), not ECharts' bare day
 * number; within a day the time.
 */
export const TIME_AXIS_LABELS = {
  year: '{yyyy}',
  month: '{yyyy}-{MM}',
  day: '{MM}-{dd}',
  hour: '{HH}:{mm}',
  minute: '{HH}:{mm}',
  second: '{HH}:{mm}:{ss}',
  millisecond: '{HH}:{mm}:{ss}',
};

/** A legend that scrolls in one line instead of wrapping over the plot on a narrow screen. */
export const chartLegend = (color: string) => ({ type: 'scroll' as const, top: 0, textStyle: { color } });

/** Axis colours of the console's theme, labels thinned where they would overlap (narrow screens). */
export function useChartAxis() {
  const { token } = theme.useToken();
  return useMemo(
    () => ({ axisLabel: { color: token.colorTextSecondary, hideOverlap: true }, axisLine: { lineStyle: { color: token.colorBorder } } }),
    [token],
  );
}
