import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonParam, selectRows } from '../../db/rawSql.ts';
import { device, plant } from '../../db/schema.ts';
import { status as plantStatus } from '../plant/repo.ts';
import { deviceVisible, plantVisible, type Scope } from '../scope/scope.ts';

/** Plants, devices and fleet figures in the caller's scope, for the monitoring calls. */
export function createMonitoringRepo(db: Db) {
  return {
    /** Devices the caller sees among `sns`, with their plant's time zone. */
    async visibleDevices(scope: Scope, sns: string[]) {
      return db
        .select({ id: device.id, sn: device.sn, type: device.type, plantId: device.plantId, timeZone: plant.timeZone })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(and(inArray(device.sn, sns), deviceVisible(db, scope)));
    },

    async visiblePlant(scope: Scope, id: number) {
      const [row] = await db
        .select({ id: plant.id, timeZone: plant.timeZone })
        .from(plant)
        .where(and(eq(plant.id, id), plantVisible(db, scope)));
      return row;
    },

    async devicesOfPlant(plantId: number) {
      return db.select({ id: device.id, sn: device.sn, type: device.type }).from(device).where(eq(device.plantId, plantId));
    },

    /** Plants by status, PV power now, today's and lifetime yield over every plant in scope. */
    async fleetSummary(scope: Scope, liveWindowMs: number) {
      const [row] = await selectRows<{ total: number; normal: number; current_power: number; today: number; lifetime: number }>(
        db,
        sql`with scoped as (
            select ${plant.id} as id, ${plant.timeZone} as time_zone, ${plantStatus} as status from ${plant}
            where ${plant.deletedAt} is null and ${plantVisible(db, scope)}
          )
          select
            (select count(*)::int from scoped) as total,
            (select count(*)::int from scoped where status = 'normal') as normal,
            (select coalesce(sum((l.vars->>'pvPower')::float8), 0) from scoped s
              join device d on d.plant_id = s.id and d.type = 'inverter'
              join telemetry_latest l on l.device_id = d.id and l.ts > now() - make_interval(secs => ${liveWindowMs / 1000})) as current_power,
            (select coalesce(sum(r.pv), 0) from scoped s
              join rollup_calendar r on r.subject_kind = 'plant' and r.subject_id = s.id and r.grain = 'day'
                and r.start = (now() at time zone s.time_zone)::date) as today,
            (select coalesce(sum(r.pv), 0) from scoped s
              join rollup_calendar r on r.subject_kind = 'plant' and r.subject_id = s.id and r.grain = 'year') as lifetime`,
      );
      return row as NonNullable<typeof row>;
    },

    /** PV power now, today's and lifetime yield of each of `plantIds` (which the caller already sees). */
    async plantFigures(plantIds: number[], liveWindowMs: number) {
      if (plantIds.length === 0) return [];
      return selectRows<{ id: number; power: number; today: number; lifetime: number }>(
        db,
        sql`select p.id,
            (select coalesce(sum((l.vars->>'pvPower')::float8), 0) from device d
              join telemetry_latest l on l.device_id = d.id and l.ts > now() - make_interval(secs => ${liveWindowMs / 1000})
              where d.plant_id = p.id and d.type = 'inverter') as power,
            (select coalesce(sum(r.pv), 0) from rollup_calendar r where r.subject_kind = 'plant' and r.subject_id = p.id
              and r.grain = 'day' and r.start = (now() at time zone p.time_zone)::date) as today,
            (select coalesce(sum(r.pv), 0) from rollup_calendar r where r.subject_kind = 'plant' and r.subject_id = p.id
              and r.grain = 'year') as lifetime
          from plant p where p.id in (select (v #>> '{}')::bigint from jsonb_array_elements(${jsonParam(plantIds)}) v)`,
      );
    },
  };
}
export type MonitoringRepo = ReturnType<typeof createMonitoringRepo>;
