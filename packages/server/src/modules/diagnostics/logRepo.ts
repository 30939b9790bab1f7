import { type DeviceLogExportBody, type DeviceLogKind, type DeviceLogSummary, FINAL_COMMAND_STATES } from '@sunstack/shared';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { deviceVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { offsetOf, type PageRequest } from '../../db/page.ts';
import { account, device, deviceCommand, deviceLog, plant, storedFile } from '../../db/schema.ts';

const FINAL = FINAL_COMMAND_STATES.map((state) => `'${state}'`).join(', ');

export function createLogRepo(db: Db) {
  const where = (scope: Scope, filters: DeviceLogExportBody) =>
    and(
      eq(deviceLog.kind, filters.kind),
      gte(deviceLog.requestedAt, new Date(filters.begin)),
      lt(deviceLog.requestedAt, new Date(filters.end)),
      filters.sn ? eq(deviceLog.deviceSn, filters.sn) : undefined,
      deviceVisible(db, scope),
    );
  const rows = (scope: Scope, filters: DeviceLogExportBody) =>
    db
      .select({
        id: deviceLog.id,
        sn: deviceLog.deviceSn,
        plantName: sql<string>`coalesce(${plant.name}, '')`,
        timeZone: sql<string>`coalesce(${plant.timeZone}, 'UTC')`,
        kind: deviceLog.kind,
        uploaded: sql<boolean>`${deviceLog.state} = 'uploaded'`,
        // The device failed, or never answered (expired), and nothing came in.
        failed: sql<boolean>`${deviceLog.state} <> 'uploaded' and (${deviceCommand.state} in (${sql.raw(FINAL)}) or ${deviceLog.expiresAt} < now())`,
        error: deviceCommand.error,
        size: storedFile.size,
        requestedBy: account.username,
        requestedAt: deviceLog.requestedAt,
        uploadedAt: deviceLog.uploadedAt,
        summary: deviceLog.summary,
      })
      .from(deviceLog)
      .innerJoin(device, eq(device.sn, deviceLog.deviceSn))
      .innerJoin(account, eq(account.id, deviceLog.requestedBy))
      .leftJoin(plant, eq(plant.id, device.plantId))
      .leftJoin(deviceCommand, eq(deviceCommand.id, deviceLog.commandId))
      .leftJoin(storedFile, eq(storedFile.id, deviceLog.storedFileId))
      .where(where(scope, filters))
      .orderBy(desc(deviceLog.requestedAt), desc(deviceLog.id));

  return {
    async insert(row: typeof deviceLog.$inferInsert) {
      const [created] = await db.insert(deviceLog).values(row).returning({ id: deviceLog.id });
      return (created as { id: number }).id;
    },

    async list(scope: Scope, filters: DeviceLogExportBody & PageRequest) {
      const total = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(deviceLog)
        .innerJoin(device, eq(device.sn, deviceLog.deviceSn))
        .where(where(scope, filters));
      return { total: Number(total[0]?.count ?? 0), rows: await rows(scope, filters).limit(filters.pageSize).offset(offsetOf(filters)) };
    },

    all: (scope: Scope, filters: DeviceLogExportBody, limit: number) => rows(scope, filters).limit(limit),

    /** An uploaded log of a device the caller sees, with its stored file's id. */
    async uploaded(scope: Scope, id: number) {
      const [row] = await db
        .select({ storedFileId: deviceLog.storedFileId })
        .from(deviceLog)
        .innerJoin(device, eq(device.sn, deviceLog.deviceSn))
        .where(and(eq(deviceLog.id, id), eq(deviceLog.state, 'uploaded'), deviceVisible(db, scope)));
      return row?.storedFileId ?? undefined;
    },

    /** Takes the upload of the token's log (one taker: the row moves to 'receiving'); undefined for a used, unknown or expired token. */
    async claim(tokenSha256: string, at: Date) {
      const [row] = await db
        .update(deviceLog)
        .set({ state: 'receiving' })
        .where(and(eq(deviceLog.tokenSha256, tokenSha256), eq(deviceLog.state, 'requested'), sql`${deviceLog.expiresAt} > ${at}`))
        .returning({ id: deviceLog.id, sn: deviceLog.deviceSn, kind: deviceLog.kind });
      return row as { id: number; sn: string; kind: DeviceLogKind } | undefined;
    },

    /** The upload failed on the way in: the device may try the same URL again. */
    async release(id: number) {
      await db
        .update(deviceLog)
        .set({ state: 'requested' })
        .where(and(eq(deviceLog.id, id), eq(deviceLog.state, 'receiving')));
    },

    async uploadDone(id: number, storedFileId: number, summary: DeviceLogSummary | null, at: Date) {
      await db.update(deviceLog).set({ state: 'uploaded', storedFileId, summary, uploadedAt: at }).where(eq(deviceLog.id, id));
    },

    /** The organisation of the device's plant (the stored file's owner), the manufacturer's when it has none. */
    async organisationOf(sn: string) {
      const [row] = await db
        .select({ id: sql<number>`coalesce(${plant.organisationId}, (select id from organisation where kind = 'manufacturer' limit 1))` })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(eq(device.sn, sn));
      return Number(row?.id);
    },
  };
}
export type LogRepo = ReturnType<typeof createLogRepo>;
