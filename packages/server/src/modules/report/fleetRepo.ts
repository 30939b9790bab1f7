import { type TrendDimension, WEAK_SIGNAL_DBM } from '@sunstack/shared';
import { type SQL, sql } from 'drizzle-orm';
import { deviceVisible, plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { epochMs, selectRows } from '../../db/rawSql.ts';
import { device, plant } from '../../db/schema.ts';
import { seriesOf } from './dataRepo.ts';

/** Installation trends and the devops lists: fleet-wide counts in SQL, each list bounded. */

/** Each devops list shows this many entries (its total says how many there are). */
const DEVOPS_ROWS = 50;
/** A datalogger silent this long is offline "longer than a day". */
const OFFLINE_AFTER = '1 day';
/** A device whose datalogger is online but which sent nothing this long has stopped sending. */
const SILENT_AFTER = '1 hour';
/** Fault alarms of one device in the last week that count as repeated. */
const REPEATED_FAULTS = 3;
/** A command still open this long past its deadline is stuck. */
const STUCK_AFTER = '1 hour';
/** Similar plants nearby: within about this many degrees (≈ 100 km), at least this many, and "far below" is under this share of their median. */
const NEARBY_DEGREES = 1;
const NEARBY_MIN = 3;
const LOW_YIELD_SHARE = 0.5;

/** A plant's or device's month in its plant's zone, as a date of its first day. */
const localMonth = (at: SQL) => sql`to_char(date_trunc('month', ${at} at time zone ${plant.timeZone}), 'YYYY-MM-DD')`;

export function createFleetRepo(db: Db) {
  /** The group a plant (or device) counts in: its branch, country, or device series or model (a plant counts once per value). */
  function group(by: TrendDimension, deviceModel: SQL): SQL {
    if (by === 'branch') return sql`o.name`;
    if (by === 'country') return sql`${plant.country}`;
    if (by === 'series') return seriesOf(deviceModel);
    if (by === 'model') return deviceModel;
    return sql`''`;
  }

  return {
    /** New plants (with their kWp) and devices per local month and group between two months, a year before included. */
    async trend(scope: Scope, by: TrendDimension, from: string, to: string) {
      const range = sql`between (${from}::date - interval '1 year') and (${to}::date + interval '1 month')`;
      const byDevice = by === 'series' || by === 'model';
      const plants = await selectRows<{ month: string; key: string; plants: number; kwp: number }>(
        db,
        sql`select month, key, count(distinct id)::int as plants, coalesce(sum(kwp), 0)::float8 as kwp from (
            select distinct ${plant.id} as id, ${localMonth(sql`${plant.createdAt}`)} as month,
              ${group(by, sql`d.model`)} as key, coalesce(${plant.pvSizeKwp}, ${plant.systemSizeKw}, 0)::float8 as kwp
            from ${plant} join organisation o on o.id = ${plant.organisationId}
              ${byDevice ? sql`join device d on d.plant_id = ${plant.id}` : sql``}
            where ${plantVisible(db, scope)} and ${plant.createdAt} ${range}) x
          group by month, key`,
      );
      const devices = await selectRows<{ month: string; key: string; devices: number }>(
        db,
        sql`select ${localMonth(sql`${device.createdAt}`)} as month, ${group(by, sql`${device.model}`)} as key, count(*)::int as devices
          from ${device} join ${plant} on ${plant.id} = ${device.plantId} join organisation o on o.id = ${plant.organisationId}
          where ${deviceVisible(db, scope)} and ${plantVisible(db, scope)} and ${device.createdAt} ${range}
          group by 1, 2`,
      );
      return { plants, devices };
    },

    /** The devops lists over the whole fleet (administrators), each the first DEVOPS_ROWS with its total. */
    async devops(now: number) {
      const at = sql`to_timestamp(${now} / 1000.0)`;
      const list = (name: string, rows: SQL, order: string) =>
        sql`select ${name} as list, count(*) over ()::int as total, x.* from (${rows}) x order by ${sql.raw(order)} limit ${DEVOPS_ROWS}`;
      const deviceFields = sql`d.sn, d.type, d.model, d.plant_id, coalesce(p.name, '') as plant_name`;
      const statements: SQL[] = [
        list(
          'offlineDataloggers',
          sql`select l.sn, 'datalogger' as type, '' as model, l.plant_id, coalesce(p.name, '') as plant_name,
              ${epochMs('l.status_at')} as value, '' as detail
            from datalogger l left join plant p on p.id = l.plant_id
            where not l.online and l.plant_id is not null and coalesce(l.status_at, l.created_at) < ${at} - interval '${sql.raw(OFFLINE_AFTER)}'`,
          'value nulls first',
        ),
        list(
          'silentDevices',
          sql`select ${deviceFields}, ${epochMs('d.last_seen_at')} as value, '' as detail
            from device d join datalogger l on l.sn = d.datalogger_sn and l.online join plant p on p.id = d.plant_id
            where d.last_seen_at < ${at} - interval '${sql.raw(SILENT_AFTER)}'`,
          'value',
        ),
        list(
          'weakSignal',
          sql`select l.sn, 'datalogger' as type, '' as model, l.plant_id, coalesce(p.name, '') as plant_name, l.signal as value, '' as detail
            from datalogger l left join plant p on p.id = l.plant_id where l.online and l.signal < ${WEAK_SIGNAL_DBM}`,
          'value',
        ),
        // This week's specific yield (the plant's last seven local days) against the median of similar plants nearby.
        list(
          'lowYield',
          sql`with week as materialized (
              select p.id, p.name, p.latitude, p.longitude, coalesce(p.pv_size_kwp, p.system_size_kw)::float8 as kwp,
                (select coalesce(sum(r.pv), 0) from rollup_calendar_now r where r.subject_kind = 'plant' and r.subject_id = p.id and r.grain = 'day'
                  and r.start between (${at} at time zone p.time_zone)::date - 7 and (${at} at time zone p.time_zone)::date - 1)
                  / coalesce(p.pv_size_kwp, p.system_size_kw)::float8 as sy
              from plant p where p.deleted_at is null and p.latitude is not null and coalesce(p.pv_size_kwp, p.system_size_kw) > 0)
            select i.sn, i.type, i.model, w.id as plant_id, w.name as plant_name, round((w.sy / n.median)::numeric, 2)::float8 as value,
              round(w.sy::numeric, 2) || ' / ' || round(n.median::numeric, 2) as detail
            from week w
            cross join lateral (select percentile_cont(0.5) within group (order by q.sy) as median, count(*) as n from week q
              where q.id <> w.id and abs(q.latitude - w.latitude) < ${NEARBY_DEGREES} and abs(q.longitude - w.longitude) < ${NEARBY_DEGREES}) n
            cross join lateral (select d.sn, d.type, d.model from device d where d.plant_id = w.id and d.type = 'inverter' order by d.sn limit 1) i
            where n.n >= ${NEARBY_MIN} and n.median > 0 and w.sy < ${LOW_YIELD_SHARE} * n.median`,
          'value',
        ),
        list(
          'repeatedFaults',
          sql`select ${deviceFields}, count(*)::float8 as value, string_agg(distinct a.code::text, ', ') as detail
            from alarm a join device d on d.id = a.device_id left join plant p on p.id = d.plant_id
            where a.severity = 'fault' and a.raised_at > ${at} - interval '7 days'
            group by d.sn, d.type, d.model, d.plant_id, p.name having count(*) >= ${REPEATED_FAULTS}`,
          'value desc',
        ),
        list(
          'stuckCommands',
          sql`select ${deviceFields}, ${epochMs('c.expires_at')} as value, c.type as detail
            from device_command c join device d on d.sn = c.device_sn left join plant p on p.id = d.plant_id
            where c.state in ('queued', 'sent', 'accepted', 'progress') and c.expires_at < ${at} - interval '${sql.raw(STUCK_AFTER)}'`,
          'value',
        ),
      ];
      const rows = (
        await Promise.all(
          statements.map((statement) =>
            selectRows<{
              list: string;
              total: number;
              sn: string;
              type: string;
              model: string;
              plant_id: number | null;
              plant_name: string;
              value: number | null;
              detail: string | null;
            }>(db, statement),
          ),
        )
      ).flat();
      const firmware = await selectRows<{ type: string; model: string; part: string; version: string; devices: number }>(
        db,
        sql`select d.type, d.model, f.key as part, f.value as version, count(*)::int as devices
          from device d cross join lateral jsonb_each_text(d.firmware) f where d.plant_id is not null
          group by 1, 2, 3, 4 order by devices desc, 1, 2, 3, 4 limit 200`,
      );
      return { rows, firmware };
    },
  };
}
export type FleetRepo = ReturnType<typeof createFleetRepo>;
