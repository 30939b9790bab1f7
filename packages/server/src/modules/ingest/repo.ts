import type { FaultSeverity, InventoryPayload, StatusPayload } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonParam, type PreparedStatement, runPrepared, selectRows } from '../../db/rawSql.ts';

export interface KnownDevice {
  id: number;
  sn: string;
  dataloggerSn: string;
  plantId: number | null;
}

/**
 * The devices of a list of SNs (a JSON array), looked up for every message whose devices are not cached, so
 * prepared. `= any(array(…))`, not `in (select …)`: the planner took the set-returning function for 100 rows and
 * hashed them against a scan of every device, 2.5 ms of PostgreSQL's CPU per look-up of one SN among 10,000
 * devices, growing with the fleet; as an array it probes the primary key: 0.13 ms prepared (0.06 ms of it executing).
 */
const DEVICES_BY_SN: PreparedStatement = {
  name: 'ingest_devices_by_sn',
  text: `select d.id, d.sn, d.datalogger_sn, d.plant_id from device d
    where d.sn = any(array(select jsonb_array_elements_text($1::jsonb)))`,
};

/** What the ingest reads and writes besides telemetry: devices, datalogger status, events. */
export function createIngestRepo(db: Db) {
  return {
    async secretHashOf(sn: string): Promise<string | undefined> {
      const [row] = await selectRows<{ secret_hash: string }>(db, sql`select secret_hash from datalogger where sn = ${sn}`);
      return row?.secret_hash;
    },

    async devices(sns: string[]): Promise<KnownDevice[]> {
      const rows = await runPrepared<{ id: number; sn: string; datalogger_sn: string; plant_id: number | null }>(db, DEVICES_BY_SN, [
        JSON.stringify(sns),
      ]);
      return rows.map((row) => ({
        id: Number(row.id),
        sn: row.sn,
        dataloggerSn: row.datalogger_sn,
        plantId: row.plant_id === null ? null : Number(row.plant_id),
      }));
    },

    /**
     * A datalogger's status as of `at`. An older one stored later changes nothing: a datalogger that
     * reconnects at once reports itself online while its old connection's offline status may still
     * be on its way (on PostgreSQL the two run side by side).
     */
    async setStatus(sn: string, status: StatusPayload, at: Date) {
      await db.execute(sql`update datalogger set online = ${status.online}, status_at = ${at.toISOString()}::timestamptz,
        firmware = coalesce(${status.fw ?? null}, firmware), ip = coalesce(${status.ip ?? null}, ip), signal = coalesce(${status.signal ?? null}, signal)
        where sn = ${sn} and (status_at is null or status_at <= ${at.toISOString()}::timestamptz)`);
    },

    /**
     * Creates or updates the devices a datalogger reports, under its plant. A device another
     * datalogger already reports stays with that one; its sns are answered as refused.
     */
    async upsertInventory(dataloggerSn: string, inventory: InventoryPayload): Promise<string[]> {
      const rows = inventory.devices.map((d) => ({
        sn: d.sn,
        type: d.type,
        model: d.model,
        rated_power: d.ratedPower ?? null,
        firmware: d.fw,
      }));
      const written = await selectRows<{ sn: string }>(
        db,
        sql`insert into device (sn, datalogger_sn, plant_id, type, model, rated_power_kw, firmware, last_seen_at)
          select x.sn, ${dataloggerSn}, (select plant_id from datalogger where sn = ${dataloggerSn}), x.type, x.model, x.rated_power, x.firmware, now()
          from jsonb_to_recordset(${jsonParam(rows)}) as x(sn text, type text, model text, rated_power numeric, firmware jsonb)
          on conflict (sn) do update set type = excluded.type, model = excluded.model, rated_power_kw = excluded.rated_power_kw,
            firmware = excluded.firmware, last_seen_at = now()
          where device.datalogger_sn = excluded.datalogger_sn
          returning sn`,
      );
      const accepted = new Set(written.map((row) => row.sn));
      return rows.map((row) => row.sn).filter((sn) => !accepted.has(sn));
    },

    /** Stores device events, each once, and applies the new ones to the alarms (0011_alarms.sql). */
    async insertEvents(events: { deviceId: number; ts: number; code: number; state: string; severity: FaultSeverity }[]) {
      if (events.length === 0) return;
      const rows = events.map((e) => ({ device_id: e.deviceId, ts: e.ts, code: e.code, state: e.state, severity: e.severity }));
      await db.execute(sql`select apply_device_events(${jsonParam(rows)})`);
    },
  };
}
export type IngestRepo = ReturnType<typeof createIngestRepo>;
