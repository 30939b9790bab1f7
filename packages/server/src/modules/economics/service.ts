import {
  type BatteryHealth,
  type ChargingSessions,
  Errno,
  expectedPv,
  minutePrices,
  type PlantEconomics,
  type PlantEconomicsQueryBody,
  type PlantForecast,
  type PlantPerformance,
  type StringComparison,
} from '@sunstack/shared';
import type { Scope } from '../../core/scope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { bucketsOf, FIVE_MINUTES_MS, localDateOf, startOfLocalDate } from '../telemetry/calendar.ts';
import type { TelemetryRepo } from '../telemetry/repo.ts';
import { compareStrings, sessionsOf } from './ageing.ts';
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

  /** A device of one kind the caller sees; another kind is refused with its errno, a missing or hidden one answers not found. */
  async function deviceOfKind(scope: Scope, sn: string, type: string, wrongKind: number) {
    const found = await economics.visibleDevice(scope, sn);
    if (!found) throw notFound();
    if (found.type !== type) throw new AppError(wrongKind as never);
    return found;
  }

  return {
    /**
     * A battery's SoH as it reports it, and its equivalent full cycles: energy discharged / usable capacity
     * (stored energy / SoC). The discharge counter is the battery's own when it counts one; otherwise its
     * plant's (protocol.md puts `dischargeEnergyTotal` on the hybrid inverter), over the capacity of all the
     * plant's batteries, which cycle together.
     */
    async batteryHealth(scope: Scope, sn: string): Promise<BatteryHealth> {
      const battery = await deviceOfKind(scope, sn, 'battery', Errno.notABattery);
      const { timeZone } = battery;
      const capacityOf = (state: { soc: number | null; residual: number | null }) =>
        state.soc !== null && state.residual !== null && state.soc >= 5 ? state.residual / (state.soc / 100) : null;
      const states = await economics.batteryStates(battery.plantId, battery.id);
      const own = states.find((state) => Number(state.device_id) === Number(battery.id));
      const capacity = own ? capacityOf(own) : null;
      const ownDischarge = await economics.monthlyDischarge('device', battery.id);
      const fromBattery = ownDischarge.some((row) => row.kwh > 0);
      let discharge = ownDischarge;
      let sharedCapacity = capacity;
      if (!fromBattery && battery.plantId !== null) {
        discharge = await economics.monthlyDischarge('plant', battery.plantId);
        const capacities = states.map(capacityOf);
        sharedCapacity = capacities.every((c) => c !== null) ? capacities.reduce((sum: number, c) => sum + (c as number), 0) : null;
      }
      const counted = discharge.some((row) => row.kwh > 0);
      const cyclesAfter: { month: string; cycles: number }[] = [];
      let total = 0;
      for (const row of discharge) {
        total += row.kwh;
        if (total === 0) continue; // months before the battery discharged at all
        if (sharedCapacity) cyclesAfter.push({ month: row.month, cycles: round(total / sharedCapacity, 1) });
      }
      const yearAgo = now() - 366 * 86_400_000;
      const soh = await economics.monthlyMean(battery.id, 'SOH', timeZone, yearAgo);
      const monthKeys = [...new Set([...soh.map((row) => row.month), ...cyclesAfter.map((row) => row.month)])].sort().slice(-12);
      return {
        timeZone,
        soh: own?.soh ?? null,
        sohAt: own?.soh !== null && own ? Number(own.ts) : null,
        capacityKwh: capacity === null ? null : round(capacity, 2),
        cycles: counted && sharedCapacity ? round(total / sharedCapacity, 1) : null,
        dischargedKwh: counted ? round(total, 1) : null,
        cycleSource: counted ? (fromBattery ? 'battery' : 'plant') : null,
        months: monthKeys.map((month) => {
          const mean = soh.find((row) => row.month === month)?.mean;
          return {
            month,
            soh: mean === undefined || mean === null ? null : round(mean, 1),
            cycles: counted ? ([...cyclesAfter].reverse().find((row) => row.month <= month)?.cycles ?? null) : null,
          };
        }),
      };
    },

    /** An EV charger's sessions that began in a month of its plant's calendar (a session may run into the next day). */
    async chargingSessions(scope: Scope, body: { sn: string; year: number; month: number }): Promise<ChargingSessions> {
      const charger = await deviceOfKind(scope, body.sn, 'evCharger', Errno.notAnEvCharger);
      const { timeZone } = charger;
      const from = startOfLocalDate(`${body.year}-${pad(body.month)}-01`, timeZone);
      const to = startOfLocalDate(dateOf(body.year, body.month + 1, 1), timeZone);
      // Read a day before (a session plugged in before the month is not the month's) and two after (one running on).
      const samples = await economics.sampleValues(
        charger.id,
        ['connectorState', 'sessionEnergy', 'chargePower'],
        from - 86_400_000,
        to + 2 * 86_400_000,
      );
      const rows = samples.map(({ ts, values: [connectorState = null, sessionEnergy = null, chargePower = null] }) => ({
        ts,
        connectorState,
        sessionEnergy,
        chargePower,
      }));
      const reachesNow = to + 2 * 86_400_000 > now();
      const prices = minutePrices(charger.pricePeriods, charger.importPrice);
      const priceAt = (ts: number) => {
        const clock = wallClockOf(ts, timeZone);
        return prices[clock.getUTCHours() * 60 + clock.getUTCMinutes()] ?? null;
      };
      const sessions = sessionsOf(rows, reachesNow, priceAt).filter((session) => session.start >= from && session.start < to);
      const costs = sessions.map((session) => session.cost);
      return {
        timeZone,
        currency: charger.currency,
        sessions,
        total: {
          sessions: sessions.length,
          energyKwh: round(sessions.reduce((sum, session) => sum + session.energyKwh, 0)),
          durationMs: sessions.reduce((sum, session) => sum + session.durationMs, 0),
          cost: costs.includes(null)
            ? null
            : round(
                costs.reduce((sum: number, cost) => sum + (cost as number), 0),
                4,
              ),
        },
      };
    },

    /**
     * An inverter's PV strings over a day of its plant's calendar. Each string's size is modules × parallel ×
     * the module's Vmp × Imp from its I-V string configuration; without one the strings are compared as equal.
     */
    async stringComparison(scope: Scope, body: { sn: string; date: string }): Promise<StringComparison> {
      const inverter = await deviceOfKind(scope, body.sn, 'inverter', Errno.notAnInverter);
      const { timeZone } = inverter;
      const [year = 2000, month = 1, day = 1] = body.date.split('-').map(Number);
      const from = startOfLocalDate(dateOf(year, month, day), timeZone);
      const to = startOfLocalDate(dateOf(year, month, day + 1), timeZone);
      const names = await economics.latestNames(inverter.id);
      const numbers = names
        .map((name) => /^pv(\d+)Power$/.exec(name)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
      const config = await economics.stringConfig(inverter.sn);
      const configured = config !== undefined && numbers.every((n) => config.strings[n - 1] !== undefined);
      const strings = numbers.map((n) => {
        const layout = config?.strings[n - 1];
        const kwp =
          configured && layout && config ? (layout.modules * layout.parallel * config.module.vmp * config.module.imp) / 1000 : null;
        return { string: n, kwp: kwp === null ? null : round(kwp, 3) };
      });
      const samples = await economics.sampleValues(
        inverter.id,
        numbers.map((n) => `pv${n}Power`),
        from,
        to,
      );
      return {
        timeZone,
        basis: configured ? 'configured' : 'equal',
        strings: compareStrings(
          strings,
          samples.map((sample) => ({ ts: sample.ts, powers: sample.values })),
        ),
        points: samples.map((sample) => ({
          ts: sample.ts,
          values: sample.values.map((value, i) => {
            const kwp = strings[i]?.kwp;
            return value === null ? null : round(kwp ? value / kwp : value);
          }),
        })),
      };
    },

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
