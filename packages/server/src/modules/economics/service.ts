import { expectedPv, type PlantEconomics, type PlantEconomicsQueryBody, type PlantForecast, type PlantPerformance } from '@sunstack/shared';
import type { Scope } from '../../core/scope.ts';
import { notFound } from '../../http/errors.ts';
import { bucketsOf, FIVE_MINUTES_MS, localDateOf, startOfLocalDate } from '../telemetry/calendar.ts';
import type { TelemetryRepo } from '../telemetry/repo.ts';
import { expectedByBucket, siteOf, socForecast } from './expected.ts';
import { economicsOf, hourKeyOf, wallClockOf } from './figures.ts';
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

/** The forecast's step, and how many past days its load profile averages. */
const FORECAST_STEP_MS = 3 * FIVE_MINUTES_MS;
const LOAD_PROFILE_DAYS = 14;
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

export function createEconomicsService(deps: { economics: EconomicsRepo; telemetry: TelemetryRepo; now: () => number }) {
  const { economics, telemetry, now } = deps;

  async function visiblePlant(scope: Scope, id: number) {
    const plant = await economics.visiblePlant(scope, id);
    if (!plant) throw notFound();
    return plant;
  }
  const modelOf = (found: ReturnType<typeof siteOf>) =>
    found
      ? {
          peakKw: found.site.peakKw,
          tilt: found.site.surface.tilt,
          azimuth: found.site.surface.azimuth,
          assumedOrientation: found.assumedOrientation,
        }
      : null;

  /** The mean load (kW) of each local hour of the day over the last two weeks, from the plant's hour rows. */
  async function loadProfile(plantId: number, timeZone: string, until: number) {
    const rows = await telemetry.intervalRows('plant', [plantId], '1h', until - LOAD_PROFILE_DAYS * 86_400_000, until);
    const sums = Array.from({ length: 24 }, () => ({ kwh: 0, hours: 0 }));
    for (const row of rows) {
      const hour = sums[wallClockOf(Number(row.start), timeZone).getUTCHours()] as { kwh: number; hours: number };
      hour.kwh += row.energy.loadsTotal ?? 0;
      hour.hours += 1;
    }
    return sums.some((hour) => hour.kwh > 0) ? sums.map((hour) => (hour.hours > 0 ? hour.kwh / hour.hours : 0)) : undefined;
  }

  return {
    /** Money and self-sufficiency of a plant in a period, from the same hour rows its energy report reads. */
    async plantEconomics(scope: Scope, body: PlantEconomicsQueryBody): Promise<PlantEconomics> {
      const plant = await visiblePlant(scope, body.id);
      const period = periodOf(body, plant.timeZone);
      const rows = await telemetry.intervalRows('plant', [plant.id], '1h', period.from, period.to);
      const hours = rows.map((row) => ({ start: Number(row.start), energy: row.energy }));
      return {
        timeZone: plant.timeZone,
        currency: plant.currency,
        ...economicsOf(hours, plant, plant.timeZone, period.keys, period.keyOf),
      };
    },

    /**
     * Expected against actual PV yield in a period: the actual from the same hour rows, the expected
     * from the plant's place, size and modules (shared/src/pvYield.ts), judged until now.
     */
    async plantPerformance(scope: Scope, body: PlantEconomicsQueryBody): Promise<PlantPerformance> {
      const plant = await visiblePlant(scope, body.id);
      const period = periodOf(body, plant.timeZone);
      const rows = await telemetry.intervalRows('plant', [plant.id], '1h', period.from, period.to);
      const actual = new Map<string, number>();
      for (const row of rows) {
        const key = period.keyOf(Number(row.start));
        actual.set(key, (actual.get(key) ?? 0) + (row.energy.PVEnergyTotal ?? 0));
      }
      const found = siteOf(plant);
      const expected = found && expectedByBucket(found.site, period.from, period.to, now(), period.keyOf);
      const totalActual = [...actual.values()].reduce((a, b) => a + b, 0);
      const sum = (pick: 'typical' | 'clearSky') => (expected ? [...expected.buckets.values()].reduce((a, b) => a + b[pick], 0) : null);
      const toNow = expected?.typicalToNow ?? 0;
      const reference = found && expected ? found.site.peakKw * expected.insolationToNow : 0;
      return {
        timeZone: plant.timeZone,
        model: modelOf(found),
        buckets: period.keys.map((key) => {
          const bucket = expected?.buckets.get(key);
          return {
            key,
            actual: round(actual.get(key) ?? 0),
            expected: bucket ? round(bucket.typical) : null,
            clearSky: bucket ? round(bucket.clearSky) : null,
          };
        }),
        total: {
          actual: round(totalActual),
          expected: sum('typical') === null ? null : round(sum('typical') as number),
          clearSky: sum('clearSky') === null ? null : round(sum('clearSky') as number),
          expectedToNow: expected ? round(toNow) : null,
          ratioToExpected: toNow > 0 ? round(totalActual / toNow, 4) : null,
          performanceRatio: reference > 0 ? round(totalActual / reference, 4) : null,
        },
      };
    },

    /** Today's and tomorrow's expected production, load and battery SoC, in 15-minute steps of the plant's days. */
    async plantForecast(scope: Scope, id: number): Promise<PlantForecast> {
      const plant = await visiblePlant(scope, id);
      const at = now();
      const today = localDateOf(at, plant.timeZone);
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
      const from = startOfLocalDate(today, plant.timeZone);
      const to = startOfLocalDate(new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10), plant.timeZone);
      const found = siteOf(plant);
      const profile = await loadProfile(plant.id, plant.timeZone, at);
      const [battery] = await economics.batteries(plant.id);
      const capacityKwh = battery?.residual && battery.soc > 0 ? battery.residual / (battery.soc / 100) : undefined;
      const points = [];
      for (let ts = from; ts < to; ts += FORECAST_STEP_MS) {
        const middle = ts + FORECAST_STEP_MS / 2;
        points.push({
          ts,
          typical: found ? round(expectedPv(found.site, middle, 'typical').powerKw) : null,
          clearSky: found ? round(expectedPv(found.site, middle, 'clearSky').powerKw) : null,
          load: profile ? round(profile[wallClockOf(ts, plant.timeZone).getUTCHours()] as number) : null,
        });
      }
      // The battery from its newest SoC on, with the typical production and the usual load.
      const ahead = points.filter((point) => point.ts + FORECAST_STEP_MS > at);
      const socs =
        battery && capacityKwh && found && profile
          ? socForecast(
              capacityKwh,
              battery.soc,
              ahead.map((point) => ({ pvKw: point.typical ?? 0, loadKw: point.load ?? 0, hours: FORECAST_STEP_MS / 3_600_000 })),
            )
          : [];
      const socAt = new Map(ahead.map((point, i) => [point.ts, socs[i]]));
      return {
        timeZone: plant.timeZone,
        model: modelOf(found),
        days: [today, tomorrow],
        points: points.map((point) => ({
          ...point,
          soc: socAt.has(point.ts) && socs.length > 0 ? round(socAt.get(point.ts) as number, 1) : null,
        })),
        battery: battery && capacityKwh ? { capacityKwh: round(capacityKwh, 2), soc: battery.soc } : null,
      };
    },
  };
}
export type EconomicsService = ReturnType<typeof createEconomicsService>;
