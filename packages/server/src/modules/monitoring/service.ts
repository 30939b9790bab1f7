import {
  CO2_KG_PER_KWH,
  type DeviceHistoryQueryBody,
  type DeviceRealQueryBody,
  type DeviceReportQueryBody,
  ENERGY_COUNTERS,
  type EnergyReport,
  Errno,
  type FleetSummary,
  type PlantFlow,
  type PlantListBody,
  type PlantOverview,
  type PlantReportQueryBody,
  type ReportDimension,
} from '@sunstack/shared';
import type { Scope } from '../../core/scope.ts';
import { AppError } from '../../http/errors.ts';
import type { PlantRepo } from '../plant/repo.ts';
import { FIVE_MINUTES_MS, localDateOf, startOfLocalDate } from '../telemetry/calendar.ts';
import type { Vars } from '../telemetry/energy.ts';
import type { TelemetryRepo } from '../telemetry/repo.ts';
import { plantPowers } from './powerFlow.ts';
import type { MonitoringRepo, ReportRange, ReportRows } from './repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Values older than this are not "now": the plant or device is offline. */
const LIVE_WINDOW_MS = 15 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** A rollup row's average of each variable: its sum over its count, which is the row's samples unless `counts` names it. */
const averages = ({ sums, counts, samples }: { sums: Vars; counts: Vars; samples: number }): Vars =>
  Object.fromEntries(Object.entries(sums).map(([name, total]) => [name, total / (counts[name] ?? (Number(samples) || 1))]));

/** Averages points into at most `limit` buckets of equal width (a chart gets about two points per pixel). */
export function downsample(points: [number, number][], begin: number, end: number, limit: number): [number, number][] {
  if (points.length <= limit) return points;
  const width = Math.ceil((end - begin) / limit);
  const buckets = new Map<number, { total: number; n: number }>();
  for (const [ts, value] of points) {
    const start = begin + Math.floor((ts - begin) / width) * width;
    const bucket = buckets.get(start) ?? { total: 0, n: 0 };
    bucket.total += value;
    bucket.n += 1;
    buckets.set(start, bucket);
  }
  return [...buckets].map(([ts, { total, n }]) => [ts, total / n]);
}

/** A UTC instant's date: '2026-03-29'. */
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Days in a month of the (proleptic Gregorian) calendar. */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The rows a report period reads: the hours of a day, the days of a month, the months of a year, or every year. */
function reportRange(period: Period): ReportRange {
  const { year = 2000, month = 1, day = 1 } = period;
  if (period.dimension === 'day')
    return { grain: '1h', date: isoDate(Date.UTC(year, month - 1, day)), nextDate: isoDate(Date.UTC(year, month - 1, day + 1)) };
  if (period.dimension === 'month')
    return { grain: 'day', from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(daysIn(year, month))}` };
  if (period.dimension === 'year') return { grain: 'month', from: `${year}-01-01`, to: `${year}-12-01` };
  // The years with data are the subject's year rows themselves.
  return { grain: 'year', from: '1970-01-01', to: '2999-01-01' };
}

interface Period {
  dimension: ReportDimension;
  year?: number;
  month?: number;
  day?: number;
}

export function createMonitoringService(deps: {
  monitoring: MonitoringRepo;
  telemetry: TelemetryRepo;
  plants: PlantRepo;
  now?: () => number;
}) {
  const { monitoring, telemetry, plants } = deps;
  const now = deps.now ?? Date.now;

  async function visibleDevice(scope: Scope, sn: string) {
    const [found] = await monitoring.visibleDevices(scope, [sn]);
    if (!found) throw new AppError(Errno.notFound);
    return { ...found, timeZone: found.timeZone ?? 'UTC' };
  }

  async function visiblePlant(scope: Scope, id: number) {
    const found = await monitoring.visiblePlant(scope, id);
    if (!found) throw new AppError(Errno.notFound);
    return found;
  }

  /** Energy per bucket of a period of the subject's local calendar, from the subject's report rows. */
  function energyReport(found: ReportRows, period: Period, variables: readonly string[]): EnergyReport {
    const { year = 2000 } = period;
    // Rounding to watt-hours hides float noise from corrections (never below zero).
    const energy = (value: number | null | undefined) => Math.max(0, Math.round((value ?? 0) * 1000) / 1000);
    let labels: string[];
    let data: (variable: string) => number[];
    if (period.dimension === 'day' || period.dimension === 'lifetime') {
      // The rows are the buckets: every local hour of the day (labelled by SQL), or the years with data.
      labels = found.rows.map((row) => (period.dimension === 'day' ? row.key : row.key.slice(0, 4)));
      data = (variable) => found.rows.map((row) => energy(row.energy[variable]));
    } else {
      const keys =
        period.dimension === 'month'
          ? Array.from({ length: daysIn(year, period.month ?? 1) }, (_, d) => `${year}-${pad(period.month ?? 1)}-${pad(d + 1)}`)
          : Array.from({ length: 12 }, (_, m) => `${year}-${pad(m + 1)}-01`);
      labels = period.dimension === 'month' ? keys : keys.map((key) => key.slice(0, 7));
      const byKey = new Map(found.rows.map((row) => [row.key, row.energy]));
      data = (variable) => keys.map((key) => energy(byKey.get(key)?.[variable]));
    }
    return {
      timeZone: found.timeZone,
      buckets: labels,
      series: variables.map((variable) => ({ variable, data: data(variable) })),
    };
  }

  return {
    async realQuery(scope: Scope, body: DeviceRealQueryBody) {
      const devices = await monitoring.visibleDevices(scope, body.sns);
      const latest = new Map((await telemetry.latest(devices.map((d) => d.id))).map((row) => [Number(row.device_id), row]));
      const wanted = body.variables ? new Set(body.variables) : undefined;
      return {
        devices: devices.map((d) => {
          const row = latest.get(d.id);
          const vars = Object.fromEntries(Object.entries(row?.vars ?? {}).filter(([name]) => !wanted || wanted.has(name)));
          return { sn: d.sn, ts: row ? Number(row.ts) : null, vars, timeZone: d.timeZone ?? 'UTC' };
        }),
      };
    },

    /**
     * One device now, for its live stream: its newest values, its plant's time zone and its energy
     * today in that zone (kWh per counter it reports), and the plant whose new data concerns it.
     */
    async deviceNow(scope: Scope, sn: string) {
      const found = await visibleDevice(scope, sn);
      const [row] = await telemetry.latest([found.id]);
      const today = localDateOf(now(), found.timeZone);
      const [todayRow] = await telemetry.calendarEnergy('device', found.id, 'day', today, today);
      return {
        plantId: found.plantId,
        values: {
          sn: found.sn,
          ts: row ? Number(row.ts) : null,
          vars: row?.vars ?? {},
          timeZone: found.timeZone,
          today: todayRow?.energy ?? {},
        },
      };
    },

    /**
     * History of variables over a range: raw samples for a day at most, else 5-minute or hourly
     * averages from the rollups, never more points than the chart asked for.
     */
    async historyQuery(scope: Scope, body: DeviceHistoryQueryBody) {
      const span = body.end - body.begin;
      const grain = span <= DAY_MS ? 'raw' : span / FIVE_MINUTES_MS <= body.points ? '5m' : '1h';
      // One statement: the scope check and only the asked variables (rollups averaged in SQL).
      const rows = await monitoring.deviceHistory(scope, body.sn, grain, body.begin, body.end, body.variables);
      if (!rows) throw new AppError(Errno.notFound);
      const resolutionMs = grain === 'raw' ? 0 : grain === '5m' ? FIVE_MINUTES_MS : HOUR_MS;
      const series = body.variables.map((variable, i) => {
        const points: [number, number][] = [];
        for (const row of rows) {
          const value = row.values[i];
          if (value !== null && value !== undefined) points.push([row.ts, value]);
        }
        return { variable, data: downsample(points, body.begin, body.end, body.points) };
      });
      // Buckets wider than the source when the chart would otherwise get more points than it asked for.
      const widened = rows.length > body.points ? Math.ceil(span / body.points) : 0;
      return { resolutionMs: Math.max(resolutionMs, widened), series };
    },

    /** One statement: the device's scope check, its plant's zone and the period's rows. */
    async deviceReport(scope: Scope, body: DeviceReportQueryBody) {
      const found = await monitoring.deviceReport(scope, body.sn, reportRange(body));
      if (!found) throw new AppError(Errno.notFound);
      return energyReport(found, body, body.variables);
    },

    async plantReport(scope: Scope, body: PlantReportQueryBody) {
      const found = await monitoring.plantReport(scope, body.id, reportRange(body));
      if (!found) throw new AppError(Errno.notFound);
      return energyReport(found, body, ENERGY_COUNTERS);
    },

    /** 5-minute power curves (kW) of a plant's local day: PV, load, grid, battery, EV charger, heat pump. */
    async plantCurves(scope: Scope, body: { id: number; year: number; month: number; day: number }) {
      const found = await visiblePlant(scope, body.id);
      const date = `${body.year}-${pad(body.month)}-${pad(body.day)}`;
      const start = startOfLocalDate(date, found.timeZone);
      const end = startOfLocalDate(isoDate(Date.UTC(body.year, body.month - 1, body.day + 1)), found.timeZone);
      const devices = await monitoring.devicesOfPlant(found.id);
      const typeOf = new Map(devices.map((d) => [d.id, d.type]));
      const rows = await telemetry.intervalRows(
        'device',
        devices.map((d) => d.id),
        '5m',
        start,
        end,
      );
      const byBucket = new Map<number, { type: string; vars: Vars }[]>();
      for (const row of rows) {
        const bucket = byBucket.get(Number(row.start)) ?? [];
        bucket.push({ type: typeOf.get(Number(row.subject_id)) ?? '', vars: averages(row) });
        byBucket.set(Number(row.start), bucket);
      }
      const times = [...byBucket.keys()].sort((a, b) => a - b);
      const flows = times.map((ts) => plantPowers(byBucket.get(ts) ?? []));
      const names = ['pv', 'load', 'grid', 'battery', 'evCharger', 'heatPump'] as const;
      return {
        timeZone: found.timeZone,
        series: names
          .filter((name) => flows.some((flow) => flow[name] !== null))
          .map((name) => ({ variable: name, data: times.map((ts, i): [number, number] => [ts, flows[i]?.[name] ?? 0]) })),
      };
    },

    async plantFlow(scope: Scope, id: number): Promise<PlantFlow> {
      const found = await visiblePlant(scope, id);
      const devices = await monitoring.devicesOfPlant(found.id);
      const latest = await telemetry.latest(devices.map((d) => d.id));
      const typeOf = new Map(devices.map((d) => [d.id, d.type]));
      const fresh = latest.filter((row) => Number(row.ts) > now() - LIVE_WINDOW_MS);
      const powers = plantPowers(fresh.map((row) => ({ type: typeOf.get(Number(row.device_id)) ?? '', vars: row.vars })));
      const today = localDateOf(now(), found.timeZone);
      const [todayRow] = await telemetry.calendarEnergy('plant', found.id, 'day', today, today);
      return {
        ts: latest.length > 0 ? Math.max(...latest.map((row) => Number(row.ts))) : null,
        ...powers,
        today: todayRow?.energy ?? {},
      };
    },

    /** A page of the plants in scope, filtered like the plant list, with their production. */
    async plantOverview(scope: Scope, filters: PlantListBody): Promise<PlantOverview> {
      const page = await plants.list(scope, filters);
      const figures = new Map(
        (
          await monitoring.plantFigures(
            page.rows.map((row) => row.plant.id),
            LIVE_WINDOW_MS,
          )
        ).map((f) => [Number(f.id), f]),
      );
      return {
        total: page.total,
        currentPage: filters.currentPage,
        pageSize: filters.pageSize,
        plants: page.rows.map(({ plant, status }) => {
          const f = figures.get(plant.id);
          return {
            id: plant.id,
            name: plant.name,
            city: plant.city,
            country: plant.country,
            status,
            systemSizeKw: plant.systemSizeKw,
            power: Number(f?.power ?? 0),
            todayYield: Number(f?.today ?? 0),
            lifetimeYield: Number(f?.lifetime ?? 0),
          };
        }),
      };
    },

    async fleetSummary(scope: Scope): Promise<FleetSummary> {
      const row = await monitoring.fleetSummary(scope, LIVE_WINDOW_MS);
      return {
        plants: { total: row.total, ...row.by_status },
        currentPower: Number(row.current_power),
        todayYield: Number(row.today),
        lifetimeYield: Number(row.lifetime),
        co2Avoided: Number(row.lifetime) * CO2_KG_PER_KWH,
      };
    },
  };
}
export type MonitoringService = ReturnType<typeof createMonitoringService>;
