import uPlot from 'uplot';
import { formatNumber } from '../lib/format.ts';

/**
 * What the console's charts draw: lines and bars over one x axis, with a legend that hides and shows
 * a series and an axis tooltip. Drawn by uPlot (23 KB gzipped, where the parts of ECharts the console
 * used were 174 KB: the plant detail's budget, issue 21).
 */
export type ChartX =
  /** Instants shifted to the plant's wall clock and laid out in UTC (`chartTime`), so ticks fall on its whole hours. */
  | { kind: 'time'; min?: number; max?: number }
  /** Buckets (days of a month, months…): a series' x is the label's index (see `byIndex`). */
  | { kind: 'category'; labels: string[] }
  | { kind: 'value'; unit: string };

export interface ChartAxis {
  unit?: string;
  /** A fixed bound, or one from the data's lowest value. Without one the axis starts at 0 as ECharts' did. */
  min?: number | ((dataMin: number) => number);
  max?: number;
}

export interface ChartSeries {
  name: string;
  kind: 'line' | 'bar';
  /** [x, value] in increasing x; null is a gap. */
  data: (readonly [number, number | null])[];
  /** Measured against the right-hand axis (`ChartSpec.y2`). */
  right?: boolean;
  /** Bars with `stacked` pile up in one column per x; other bars stand side by side. */
  stacked?: boolean;
  dashed?: boolean;
  area?: boolean;
  /** Drawn lighter, and off until picked in the legend (earlier scans, neighbours). */
  faint?: boolean;
  /** Dots at each value (a line of a few points). */
  dots?: boolean;
  color?: string;
}

export interface ChartSpec {
  x: ChartX;
  y: ChartAxis;
  y2?: ChartAxis;
  series: ChartSeries[];
  /** How a value reads in the tooltip; as given by default. */
  format?: (value: number) => string;
}

/** A category chart's values as [index, value] pairs. */
export const byIndex = (values: readonly (number | null)[]) => values.map((value, i) => [i, value] as const);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const clockOf = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${d.getUTCSeconds() ? `:${pad(d.getUTCSeconds())}` : ''}`;

/** A time tick: the year, month or day at those steps; within a day the time, and at a day's start its date. */
export function timeTick(ms: number, step: number) {
  const d = new Date(ms);
  if (step >= 365 * DAY) return String(d.getUTCFullYear());
  if (step >= 28 * DAY) return dateOf(d).slice(0, 7);
  if (step >= DAY || (d.getUTCHours() === 0 && d.getUTCMinutes() === 0)) return dateOf(d).slice(5);
  return clockOf(d);
}

/** The x under the cursor, in the tooltip. */
export function xLabel(x: ChartX, value: number) {
  if (x.kind === 'time') return `${dateOf(new Date(value))} ${clockOf(new Date(value))}`;
  if (x.kind === 'category') return x.labels[value] ?? '';
  return `${value} ${x.unit}`;
}

/** A step of 1, 2, 2.5 or 5 times a power of ten, at least `span`. */
function niceStep(span: number) {
  const magnitude = 10 ** Math.floor(Math.log10(span));
  return ([1, 2, 2.5, 5].find((factor) => factor * magnitude >= span) ?? 10) * magnitude;
}

/** `count` steps, without the float's tail (3 × 0.1 is 0.3). */
const steps = (count: number, step: number) => Number((count * step).toPrecision(12));

/**
 * An axis's range: its fixed bounds, otherwise the data's with 0 included (bars grow from 0), rounded out
 * to whole steps of about a fifth of it, as ECharts' value axes were; all zeros (a night's PV) span 0 to 1.
 */
export function axisRange(axis: ChartAxis, dataMin: number | null, dataMax: number | null): [number, number] {
  const low = Math.min(0, dataMin ?? 0);
  const high = dataMax !== null && dataMax > 0 ? dataMax : low < 0 ? 0 : 1;
  const step = niceStep((high - low) / 5);
  const min = typeof axis.min === 'function' ? axis.min(dataMin ?? 0) : (axis.min ?? steps(Math.floor(low / step), step));
  return [min, axis.max ?? Math.max(steps(Math.ceil(high / step), step), min + step)];
}

/**
 * The series on one x axis (`uPlot.join`: a series without a value at another's x gets `undefined`
 * there, which its line spans; its own `null` stays a gap), and stacks summed: a stacked bar is drawn
 * from its base (the stack's total below it) to its own total.
 */
export function alignSeries(series: ChartSeries[]) {
  const joined =
    series.length === 0 ? [[]] : uPlot.join(series.map((s) => [s.data.map(([x]) => x), s.data.map(([, y]) => y)] as uPlot.AlignedData));
  const values = joined.slice(1) as (number | null | undefined)[][];
  const bases = new Map<number, number[]>();
  let stackTop: number[] = [];
  const drawn = values.map((column, i) => {
    if (!series[i]?.stacked) return column;
    const below = stackTop;
    bases.set(i, below);
    stackTop = column.map((v, j) => (below[j] ?? 0) + (v ?? 0));
    return stackTop;
  });
  return { x: joined[0] as number[], values, drawn, bases };
}

/** The decimals an axis step needs (0.25 → 2, 5 → 0), as uPlot's own labels take them. */
function decimalsOf(step: number): number {
  const text = String(Number(step.toPrecision(12)));
  if (text.includes('e')) return 6;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A value axis's label at `value`, its ticks `step` apart, in the user's language (de: 1,4). */
export const valueTick = (value: number, step: number) => formatNumber(value, decimalsOf(step), 0);
