import {
  ALARM_RULES,
  ALARM_THRESHOLD_DEFAULTS,
  type AlarmRuleName,
  type AlarmThresholds,
  expectedEnergy,
  sunPosition,
} from '@sunstack/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonParam, selectRows } from '../../db/rawSql.ts';
import { type PlantPlace, siteOf } from '../economics/expected.ts';
import { startOfLocalDate } from '../telemetry/calendar.ts';

/** A subject breaking a rule: a device, or a datalogger itself (deviceId null). */
type Violation = {
  datalogger_sn: string;
  device_id: number | null;
  plant_id: number | null;
};

/** Latest values older than this are not judged (the offline rules speak for such devices). */
const FRESH = sql`interval '15 minutes'`;
/** The sun stands high enough that inverters must produce something, even under clouds. */
const HIGH_SUN_DEGREES = 20;
const PRODUCTION_WINDOW_MS = 3_600_000;

/** A plant's threshold: its own setting, else the default (shared/src/faults/rules.ts). */
const threshold = (key: keyof AlarmThresholds) => sql.raw(`coalesce((th.settings ->> '${key}')::float8, ${ALARM_THRESHOLD_DEFAULTS[key]})`);

/** Devices of live plants with their plant's thresholds, as `d`, `p`, `th`. */
const devicesOfPlants = sql`device d join plant p on p.id = d.plant_id and p.deleted_at is null
  left join alarm_threshold th on th.plant_id = p.id`;

/** The subjects each rule finds in the data now (`at`: the time the job judges). */
const VIOLATIONS: Record<Exclude<AlarmRuleName, 'noProduction' | 'underperformance'>, (at: Date) => SQL> = {
  // Said it went offline (last will, or a clean disconnect) longer ago than the plant allows.
  dataloggerOffline: (at) => sql`select dl.sn as datalogger_sn, null::bigint as device_id, dl.plant_id
    from datalogger dl join plant p on p.id = dl.plant_id and p.deleted_at is null
    left join alarm_threshold th on th.plant_id = p.id
    where not dl.online and dl.status_at < ${at}::timestamptz - make_interval(mins => ${threshold('offlineMinutes')}::int)`,
  // Silent while its datalogger is online (an offline datalogger has its own alarm).
  deviceOffline: (at) => sql`select d.datalogger_sn, d.id as device_id, d.plant_id from ${devicesOfPlants}
    join datalogger dl on dl.sn = d.datalogger_sn
    where dl.online and d.last_seen_at < ${at}::timestamptz - make_interval(mins => ${threshold('offlineMinutes')}::int)`,
  batteryTemperatureLow: (at) => sql`select d.datalogger_sn, d.id as device_id, d.plant_id from ${devicesOfPlants}
    join telemetry_latest l on l.device_id = d.id
    where d.type = 'battery' and l.ts > ${at}::timestamptz - ${FRESH}
      and (l.vars ->> 'batTemperature')::float8 < ${threshold('batteryTemperatureMinC')}`,
  // Below the minimum in every sample of the window, and reporting since its start (give or take a sample).
  socBelowMinimum: (at) => sql`select d.datalogger_sn, d.id as device_id, d.plant_id from ${devicesOfPlants}
    join telemetry_latest l on l.device_id = d.id
    cross join lateral (select make_interval(mins => ${threshold('socLowMinutes')}::int) as span) w
    cross join lateral (
      select min(t.ts) as first, max((t.vars ->> 'SoC')::float8) as highest
      from telemetry t where t.device_id = d.id and t.ts > ${at}::timestamptz - w.span and t.ts <= ${at}::timestamptz
    ) s
    where d.type = 'battery' and l.ts > ${at}::timestamptz - ${FRESH} and (l.vars ->> 'SoC')::float8 < ${threshold('socMinPercent')}
      and s.highest < ${threshold('socMinPercent')} and s.first <= ${at}::timestamptz - w.span * 0.8`,
  gridVoltage: (at) => sql`select d.datalogger_sn, d.id as device_id, d.plant_id from ${devicesOfPlants}
    join telemetry_latest l on l.device_id = d.id
    where d.type = 'inverter' and l.ts > ${at}::timestamptz - ${FRESH} and l.vars ? 'RVolt'
      and (l.vars ->> 'RVolt')::float8 not between ${threshold('gridVoltageMinV')} and ${threshold('gridVoltageMaxV')}`,
  // Nominal 50 Hz or 60 Hz, whichever the measurement is nearer.
  gridFrequency: (at) => sql`select d.datalogger_sn, d.id as device_id, d.plant_id from ${devicesOfPlants}
    join telemetry_latest l on l.device_id = d.id
    cross join lateral (select (l.vars ->> 'RFreq')::float8 as hz) f
    where d.type = 'inverter' and l.ts > ${at}::timestamptz - ${FRESH} and f.hz is not null
      and abs(f.hz - case when f.hz < 55 then 50 else 60 end) > ${threshold('gridFrequencyToleranceHz')}`,
};

/**
 * Inverters that reported no PV power in any sample of the last hour (at least three samples), with
 * their plant's position: the candidates of the no-production rule, before the sun is asked.
 */
const silentInverters = (at: Date) => sql`select d.datalogger_sn, d.id as device_id, d.plant_id, p.latitude, p.longitude
  from ${devicesOfPlants}
  join telemetry_latest l on l.device_id = d.id
  cross join lateral (
    select count(*) as samples, max((t.vars ->> 'pvPower')::float8) as highest
    from telemetry t where t.device_id = d.id and t.ts > ${at}::timestamptz - interval '1 hour' and t.ts <= ${at}::timestamptz
  ) s
  where d.type = 'inverter' and p.latitude is not null and p.longitude is not null
    and l.ts > ${at}::timestamptz - ${FRESH} and (l.vars ->> 'pvPower')::float8 = 0
    and s.samples >= 3 and s.highest = 0`;

/** Local days the underperformance rule judges: the last complete ones. */
const PERFORMANCE_DAYS = 7;

/**
 * Plants with a position and a PV size, each with its first inverter (the alarm's subject), its PV
 * yield over the last 7 complete local days and how many of those days have data: the candidates of
 * the underperformance rule, before their expected yield is computed.
 */
const performanceCandidates = (at: Date) => sql`select inv.datalogger_sn, inv.id as device_id, p.id as plant_id,
    p.latitude, p.longitude, p.pv_size_kwp::float8 as "pvSizeKwp", p.system_size_kw::float8 as "systemSizeKw",
    p.panel_tilt::float8 as "panelTilt", p.panel_azimuth::float8 as "panelAzimuth", p.time_zone,
    ${threshold('performanceMinPercent')} as min_percent, to_char(today.day, 'YYYY-MM-DD') as today, y.days, y.pv
  from plant p left join alarm_threshold th on th.plant_id = p.id
  cross join lateral (select (${at}::timestamptz at time zone p.time_zone)::date as day) today
  cross join lateral (select d.id, d.datalogger_sn from device d where d.plant_id = p.id and d.type = 'inverter' order by d.id limit 1) inv
  cross join lateral (
    select count(distinct r.start)::int as days, coalesce(sum(r.pv), 0) as pv from rollup_calendar_now r
    where r.subject_kind = 'plant' and r.subject_id = p.id and r.grain = 'day'
      and r.start between today.day - ${PERFORMANCE_DAYS}::int and today.day - 1
  ) y
  where p.deleted_at is null and p.latitude is not null and p.longitude is not null
    and coalesce(p.pv_size_kwp, p.system_size_kw) > 0 and y.days = ${PERFORMANCE_DAYS}::int`;

/** A local day's expected typical-weather yield of a site, kept: a plant's day is the same every minute the rule runs. */
const expectedDays = new Map<string, number>();
function expectedDay(place: PlantPlace & { time_zone: string }, date: string): number {
  const found = siteOf(place);
  if (!found) return 0;
  const { latitude, longitude, pvSizeKwp, systemSizeKw, panelTilt, panelAzimuth, time_zone } = place;
  const key = JSON.stringify([latitude, longitude, pvSizeKwp, systemSizeKw, panelTilt, panelAzimuth, time_zone, date]);
  let kwh = expectedDays.get(key);
  if (kwh === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    kwh = expectedEnergy(found.site, startOfLocalDate(date, place.time_zone), startOfLocalDate(next, place.time_zone), 'typical').kwh;
    if (expectedDays.size > 100_000) expectedDays.clear();
    expectedDays.set(key, kwh);
  }
  return kwh;
}

/**
 * The platform's alarm rules (shared/src/faults/rules.ts), judged over the whole fleet in SQL, a
 * rule at a time: every subject that breaks a rule has its alarm, every alarm whose subject no longer
 * does is cleared. Runs on a schedule in the jobs role.
 */
export function createAlarmRules(db: Db) {
  async function violationsOf(rule: AlarmRuleName, at: Date): Promise<Violation[]> {
    if (rule === 'underperformance') {
      // Below the plant's share of what its place, size and modules give in typical weather, over 7 whole days.
      const candidates = await selectRows<Violation & PlantPlace & { time_zone: string; min_percent: number; today: string; pv: number }>(
        db,
        performanceCandidates(at),
      );
      return candidates
        .filter((c) => {
          const [y, m, d] = c.today.split('-').map(Number) as [number, number, number];
          const days = Array.from({ length: PERFORMANCE_DAYS }, (_, i) =>
            new Date(Date.UTC(y, m - 1, d - 1 - i)).toISOString().slice(0, 10),
          );
          const expected = days.reduce((total, day) => total + expectedDay(c, day), 0);
          return expected > 0 && Number(c.pv) < (Number(c.min_percent) / 100) * expected;
        })
        .map(({ datalogger_sn, device_id, plant_id }) => ({ datalogger_sn, device_id, plant_id }));
    }
    if (rule !== 'noProduction') return selectRows<Violation>(db, VIOLATIONS[rule](at));
    // The sun stood high over the plant for the whole hour: no production then is a fault, clouds or not.
    const candidates = await selectRows<Violation & { latitude: number; longitude: number }>(db, silentInverters(at));
    const high = (ts: number, c: { latitude: number; longitude: number }) =>
      sunPosition(ts, c.latitude, c.longitude).elevation > HIGH_SUN_DEGREES;
    return candidates
      .filter((c) => high(at.getTime(), c) && high(at.getTime() - PRODUCTION_WINDOW_MS, c))
      .map(({ datalogger_sn, device_id, plant_id }) => ({ datalogger_sn, device_id, plant_id }));
  }

  return {
    /** Judges every rule at `at`; answers the alarms opened, reopened or cleared. */
    async evaluate(at: Date): Promise<number> {
      let changed = 0;
      for (const [rule, { code, severity }] of Object.entries(ALARM_RULES) as [AlarmRuleName, (typeof ALARM_RULES)[AlarmRuleName]][]) {
        const violations = await violationsOf(rule, at);
        const [row] = await selectRows<{ changed: number }>(
          db,
          sql`select apply_rule_alarms(${code}, ${severity}, ${jsonParam(violations)}, ${at.toISOString()}::timestamptz) as changed`,
        );
        changed += Number(row?.changed ?? 0);
      }
      return changed;
    },
  };
}
export type AlarmRules = ReturnType<typeof createAlarmRules>;
