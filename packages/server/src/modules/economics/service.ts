import type { PlantEconomics, PlantEconomicsQueryBody } from '@sunstack/shared';
import type { Scope } from '../../core/scope.ts';
import { notFound } from '../../http/errors.ts';
import { bucketsOf, startOfLocalDate } from '../telemetry/calendar.ts';
import type { TelemetryRepo } from '../telemetry/repo.ts';
import { economicsOf, hourKeyOf } from './figures.ts';
import type { EconomicsRepo } from './repo.ts';

const HOUR_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A date of the proleptic calendar, normalised ('2026-02-30' is '2026-03-02'). */
const dateOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/**
 * A period of the plant's calendar: where it begins and ends (UTC ms), its buckets in order and the
 * bucket of an hour row (local hours of a day, local days of a month, months of a year).
 */
export function periodOf(body: Omit<PlantEconomicsQueryBody, 'id'>, timeZone: string) {
  const { year = 2000, month = 1, day = 1 } = body;
  if (body.dimension === 'day') {
    const from = startOfLocalDate(dateOf(year, month, day), timeZone);
    const to = startOfLocalDate(dateOf(year, month, day + 1), timeZone);
    const keys = Array.from({ length: Math.round((to - from) / HOUR_MS) }, (_, i) => hourKeyOf(from + i * HOUR_MS, timeZone));
    return { from, to, keys, keyOf: (start: number) => hourKeyOf(start, timeZone) };
  }
  if (body.dimension === 'month') {
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return {
      from: startOfLocalDate(dateOf(year, month, 1), timeZone),
      to: startOfLocalDate(dateOf(year, month + 1, 1), timeZone),
      keys: Array.from({ length: days }, (_, d) => `${year}-${pad(month)}-${pad(d + 1)}`),
      keyOf: (start: number) => bucketsOf(start, timeZone).day,
    };
  }
  return {
    from: startOfLocalDate(`${year}-01-01`, timeZone),
    to: startOfLocalDate(`${year + 1}-01-01`, timeZone),
    keys: Array.from({ length: 12 }, (_, m) => `${year}-${pad(m + 1)}`),
    keyOf: (start: number) => bucketsOf(start, timeZone).month.slice(0, 7),
  };
}

export function createEconomicsService(deps: { economics: EconomicsRepo; telemetry: TelemetryRepo }) {
  const { economics, telemetry } = deps;
  return {
    /** Money and self-sufficiency of a plant in a period, from the same hour rows its energy report reads. */
    async plantEconomics(scope: Scope, body: PlantEconomicsQueryBody): Promise<PlantEconomics> {
      const plant = await economics.visiblePlant(scope, body.id);
      if (!plant) throw notFound();
      const period = periodOf(body, plant.timeZone);
      const rows = await telemetry.intervalRows('plant', [plant.id], '1h', period.from, period.to);
      const hours = rows.map((row) => ({ start: Number(row.start), energy: row.energy }));
      return {
        timeZone: plant.timeZone,
        currency: plant.currency,
        ...economicsOf(hours, plant, plant.timeZone, period.keys, period.keyOf),
      };
    },
  };
}
export type EconomicsService = ReturnType<typeof createEconomicsService>;
