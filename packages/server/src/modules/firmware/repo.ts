import type { BlacklistListBody, FirmwareListBody, Permission } from '@sunstack/shared';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { account, deviceCommand, firmware, firmwareBlacklist, upgradeDevice, upgradeTask } from '../../db/schema.ts';

export type FirmwareRow = typeof firmware.$inferSelect;
export type NewFirmware = Omit<typeof firmware.$inferInsert, 'id' | 'createdAt' | 'publishedAt'>;

/** Who reads the library: importers see every firmware, others the published ones, internal ones only with their switch. */
export interface FirmwareReader {
  permissions: readonly Permission[];
}

/** The states of a command still under way (the device may yet download and apply it). */
export const OPEN_COMMAND_STATES = ['queued', 'sent', 'accepted', 'progress'] as const;

/** Whether a blacklist entry names this firmware's version of its series (series compared without case). */
export const blacklistedSql = (version: SQL | typeof firmware.version, series: SQL | typeof firmware.series) =>
  sql<boolean>`exists (select 1 from ${firmwareBlacklist} b where lower(b.series) = lower(${series}) and b.version = ${version})`;

/** Whether a task uses it with a device still under way (not skipped, not reset, command open). */
const inUseSql = sql<boolean>`exists (
  select 1 from ${upgradeTask} t join ${upgradeDevice} u on u.task_id = t.id join ${deviceCommand} c on c.id = u.command_id
  where t.firmware_id = ${firmware.id} and u.reset_at is null and c.state in ('queued', 'sent', 'accepted', 'progress'))`;

/** The firmware library and the blacklist (0031_firmware.sql). */
export function createFirmwareRepo(db: Db) {
  const readable = (reader: FirmwareReader): SQL | undefined => {
    if (reader.permissions.includes('firmware.import')) return undefined;
    return and(
      isNotNull(firmware.publishedAt),
      reader.permissions.includes('upgrade.internalFirmware') ? undefined : eq(firmware.internal, false),
    );
  };
  const columns = {
    firmware,
    uploadedBy: account.username,
    blacklisted: blacklistedSql(firmware.version, firmware.series),
    inUse: inUseSql,
  };

  return {
    async list(reader: FirmwareReader, filters: FirmwareListBody) {
      const where = and(
        readable(reader),
        filters.name ? contains(firmware.name, filters.name) : undefined,
        filters.version ? contains(firmware.version, filters.version) : undefined,
        filters.deviceType ? eq(firmware.deviceType, filters.deviceType) : undefined,
        filters.firmwareType ? eq(firmware.firmwareType, filters.firmwareType) : undefined,
        filters.published === undefined ? undefined : filters.published ? isNotNull(firmware.publishedAt) : isNull(firmware.publishedAt),
      );
      const total = await db.$count(firmware, where);
      const rows = await db
        .select(columns)
        .from(firmware)
        .innerJoin(account, eq(account.id, firmware.createdBy))
        .where(where)
        .orderBy(desc(firmware.createdAt), desc(firmware.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    /** A firmware the reader may see (undefined otherwise, like a missing one). */
    async find(reader: FirmwareReader, id: number) {
      const [row] = await db
        .select(columns)
        .from(firmware)
        .innerJoin(account, eq(account.id, firmware.createdBy))
        .where(and(eq(firmware.id, id), readable(reader)));
      return row;
    },

    async bySha256(sha256: string) {
      const [row] = await db.select({ id: firmware.id, name: firmware.name }).from(firmware).where(eq(firmware.sha256, sha256));
      return row;
    },

    async insert(row: NewFirmware) {
      const [created] = await db.insert(firmware).values(row).returning({ id: firmware.id });
      return (created as { id: number }).id;
    },

    async publish(id: number, at: Date) {
      await db
        .update(firmware)
        .set({ publishedAt: at })
        .where(and(eq(firmware.id, id), isNull(firmware.publishedAt)));
    },

    /** Deletes the firmware (its finished tasks keep what they sent); answers its stored file. */
    async delete(id: number) {
      const [row] = await db.delete(firmware).where(eq(firmware.id, id)).returning({ storedFileId: firmware.storedFileId });
      return row?.storedFileId;
    },

    async blacklist(filters: BlacklistListBody) {
      const where = filters.series ? contains(firmwareBlacklist.series, filters.series) : undefined;
      const total = await db.$count(firmwareBlacklist, where);
      const rows = await db
        .select({ entry: firmwareBlacklist, operatedBy: account.username })
        .from(firmwareBlacklist)
        .innerJoin(account, eq(account.id, firmwareBlacklist.createdBy))
        .where(where)
        .orderBy(desc(firmwareBlacklist.createdAt), desc(firmwareBlacklist.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    async insertBlacklist(row: Omit<typeof firmwareBlacklist.$inferInsert, 'id' | 'createdAt'>) {
      const [created] = await db.insert(firmwareBlacklist).values(row).returning({ id: firmwareBlacklist.id });
      return (created as { id: number }).id;
    },

    async deleteBlacklist(id: number) {
      const [row] = await db.delete(firmwareBlacklist).where(eq(firmwareBlacklist.id, id)).returning();
      return row;
    },
  };
}
export type FirmwareRepo = ReturnType<typeof createFirmwareRepo>;
