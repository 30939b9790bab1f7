import type { ReportUnit } from '@sunstack/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** What the period picker shows: a day, a month, a year, or a custom range of days, months or years. */
export type PeriodMode = 'day' | 'month' | 'year' | 'custom';
export interface ReportPeriod {
  mode: PeriodMode;
  /** The day, month or year shown (modes day, month, year). */
  date: Dayjs;
  /** A custom range's unit and ends. */
  unit: ReportUnit;
  range: [Dayjs, Dayjs];
}

const ISO = 'YYYY-MM-DD';

/** The report's first and last local dates of the period, at the start of its unit ('2026-03-01' for March). */
export function periodRange(period: ReportPeriod): { unit: ReportUnit; from: string; to: string } {
  if (period.mode !== 'custom') {
    const start = period.date.startOf(period.mode).format(ISO);
    // A month or year of days would be many rows per plant: one month or year row says the same.
    return { unit: period.mode, from: start, to: start };
  }
  const [first, last] = period.range;
  return { unit: period.unit, from: first.startOf(period.unit).format(ISO), to: last.startOf(period.unit).format(ISO) };
}

/** This month, and for a custom range the last seven days. */
export const initialPeriod = (now = dayjs()): ReportPeriod => ({
  mode: 'month',
  date: now,
  unit: 'day',
  range: [now.subtract(6, 'day'), now],
});
