import { and, eq, sql } from 'drizzle-orm';
import { deviceVisible, plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { epochMs, selectRows } from '../../db/rawSql.ts';
import { device, plant, pvStringConfig } from '../../db/schema.ts';

/** A plant the caller sees, with what its figures need: zone, prices, size and place. */
export function createEconomicsRepo(db: Db) {
  return {
    async visiblePlant(scope: Scope, id: number) {
      const [row] = await db
        .select({
          id: plant.id,
          timeZone: plant.timeZone,
          currency: plant.currency,
          feedInTariff: plant.feedInTariff,
          importPrice: plant.importPrice,
          pricePeriods: plant.pricePeriods,
          latitude: plant.latitude,
          longitude: plant.longitude,
          pvSizeKwp: plant.pvSizeKwp,
          systemSizeKw: plant.systemSizeKw,
          panelTilt: plant.panelTilt,
          panelAzimuth: plant.panelAzimuth,
        })
        .from(plant)
        .where(and(eq(plant.id, id), plantVisible(db, scope)));
      return row;
    },

    /** The newest SoC and stored energy of each battery of a plant that reported them. */
    async batteries(plantId: number) {
      return selectRows<{ soc: number; residual: number | null }>(
        db,
        sql`select (l.vars ->> 'SoC')::float8 as soc, (l.vars ->> 'ResidualEnergy')::float8 as residual
          from device d join telemetry_latest l on l.device_id = d.id
          where d.plant_id = ${plantId} and d.type = 'battery' and l.vars ? 'SoC'`,
      );
    },

    /** A device the caller sees, with its plant's zone and import prices; undefined when missing or out of scope (the same to the caller). */
    async visibleDevice(scope: Scope, sn: string) {
      const [row] = await db
        .select({
          id: device.id,
          sn: device.sn,
          type: device.type,
          plantId: device.plantId,
          timeZone: plant.timeZone,
          currency: plant.currency,
          importPrice: plant.importPrice,
          pricePeriods: plant.pricePeriods,
        })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(and(eq(device.sn, sn), deviceVisible(db, scope)));
      return row && { ...row, timeZone: row.timeZone ?? 'UTC', currency: row.currency ?? 'EUR', pricePeriods: row.pricePeriods ?? [] };
    },

    /** Mean of a variable per local month of a device since `from` (ms), from its hour rows (counts name only the variables some samples lacked). */
    async monthlyMean(deviceId: number, variable: string, timeZone: string, from: number) {
      return selectRows<{ month: string; mean: number }>(
        db,
        sql`select to_char(start at time zone ${timeZone}, 'YYYY-MM') as month,
            sum((sums ->> ${variable})::float8) / sum(coalesce((counts ->> ${variable})::float8, samples)) as mean
          from rollup_interval_now
          where subject_kind = 'device' and subject_id = ${deviceId} and grain = '1h' and start >= to_timestamp(${from} / 1000.0)
            and (sums ->> ${variable}) is not null
          group by 1 order by 1`,
      );
    },

    /** kWh discharged per month of a device's or plant's calendar, all months. */
    async monthlyDischarge(kind: 'device' | 'plant', id: number) {
      return selectRows<{ month: string; kwh: number }>(
        db,
        sql`select to_char(start, 'YYYY-MM') as month, sum(discharge) as kwh from rollup_calendar_now
          where subject_kind = ${kind} and subject_id = ${id} and grain = 'month' group by start order by start`,
      );
    },

    /** The newest SoC, stored energy and SoH of each battery of a plant (or of the one battery when no plant). */
    async batteryStates(plantId: number | null, deviceId: number) {
      return selectRows<{ device_id: number; ts: number; soc: number | null; residual: number | null; soh: number | null }>(
        db,
        sql`select d.id as device_id, ${epochMs('l.ts')} as ts, (l.vars ->> 'SoC')::float8 as soc,
            (l.vars ->> 'ResidualEnergy')::float8 as residual, (l.vars ->> 'SOH')::float8 as soh
          from device d join telemetry_latest l on l.device_id = d.id
          where d.type = 'battery' and ${plantId === null ? sql`d.id = ${deviceId}` : sql`d.plant_id = ${plantId}`}`,
      );
    },

    /** Chosen variables of a device's samples between two instants (ms, end exclusive), oldest first. */
    async sampleValues(deviceId: number, variables: readonly string[], from: number, to: number) {
      // Nothing asked (an inverter that reports no PV string): nothing to read, and no select without columns.
      if (variables.length === 0) return [];
      const columns = sql.join(
        variables.map((name, i) => sql`(vars ->> ${name})::float8 as ${sql.raw(`v${i}`)}`),
        sql`, `,
      );
      const rows = await selectRows<Record<string, number | null> & { ts: number }>(
        db,
        sql`select ${epochMs('ts')} as ts, ${columns} from telemetry
          where device_id = ${deviceId} and ts >= to_timestamp(${from} / 1000.0) and ts < to_timestamp(${to} / 1000.0)
          order by ts`,
      );
      return rows.map((row) => ({ ts: Number(row.ts), values: variables.map((_, i) => (row[`v${i}`] ?? null) as number | null) }));
    },

    /** The names of the variables an inverter reports now. */
    async latestNames(deviceId: number) {
      const [row] = await selectRows<{ names: string[] }>(
        db,
        sql`select array(select jsonb_object_keys(vars)) as names from telemetry_latest where device_id = ${deviceId}`,
      );
      return row?.names ?? [];
    },

    async stringConfig(sn: string) {
      const [row] = await db
        .select({ strings: pvStringConfig.strings, module: pvStringConfig.module })
        .from(pvStringConfig)
        .where(eq(pvStringConfig.deviceSn, sn));
      return row;
    },
  };
}
export type EconomicsRepo = ReturnType<typeof createEconomicsRepo>;
