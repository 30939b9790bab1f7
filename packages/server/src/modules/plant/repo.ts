import type { PlantListBody, PlantStatus } from '@sunstack/shared';
import { Errno } from '@sunstack/shared';
import { and, count, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { plantVisible, plantWritable, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { startsWith } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { account, alarm, auditLog, datalogger, device, plant, plantMember } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type PlantRow = typeof plant.$inferSelect;
type PlantFilters = Pick<PlantListBody, 'name' | 'country' | 'type'>;
export type NewPlant = Omit<typeof plant.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type PlantChanges = Partial<Omit<NewPlant, 'organisationId' | 'installerId' | 'ownerId' | 'createdBy'>>;

/** A plant (and a device) is online while one of its devices reported in the last 15 minutes. */
export const ONLINE_WINDOW = sql`interval '15 minutes'`;
const activeAlarmOf = (severity: 'warning' | 'fault') =>
  sql`exists (select 1 from ${alarm} where ${alarm.plantId} = ${plant.id} and ${alarm.clearedAt} is null and ${alarm.severity} = ${sql.raw(`'${severity}'`)})`;
/**
 * A plant's status (spec section 4), the one definition the list, the detail and the map
 * (modules/plantMap) share: offline when no device reported lately, else fault or alarm while an
 * alarm of that severity is active, else normal.
 */
export const status = sql<PlantStatus>`case
  when not exists (select 1 from ${device} where ${device.plantId} = ${plant.id} and ${device.lastSeenAt} > now() - ${ONLINE_WINDOW}) then 'offline'
  when ${activeAlarmOf('fault')} then 'fault'
  when ${activeAlarmOf('warning')} then 'alarm'
  else 'normal' end`;
const installer = alias(account, 'installer');
const owner = alias(account, 'owner');
const dataloggerCount = sql<number>`(select count(*) from ${datalogger} where ${datalogger.plantId} = ${plant.id})`.mapWith(Number);

/**
 * Binds unbound dataloggers, and the devices they reported, to a plant: all or none, so one that
 * another plant took meanwhile (or `condition` refuses) fails the whole transaction with 41902.
 */
async function bind(tx: Db, plantId: number, sns: string[], condition?: SQL) {
  const bound = await tx
    .update(datalogger)
    .set({ plantId, boundAt: sql`now()` })
    .where(and(inArray(datalogger.sn, sns), isNull(datalogger.plantId), condition))
    .returning({ sn: datalogger.sn });
  if (bound.length !== sns.length) throw new AppError(Errno.snExists);
  await tx.update(device).set({ plantId }).where(inArray(device.dataloggerSn, sns));
}

export function createPlantRepo(db: Db) {
  const summaryColumns = (scope: Scope) => ({
    plant,
    status,
    installer: installer.username,
    owner: owner.username,
    dataloggers: dataloggerCount,
    writable: sql<boolean>`(${plantWritable(db, scope)})`,
  });

  const filtered = (scope: Scope, filters: PlantFilters) =>
    and(
      plantVisible(db, scope),
      filters.name ? startsWith(plant.name, filters.name) : undefined,
      filters.country ? eq(plant.country, filters.country) : undefined,
      filters.type ? eq(plant.type, filters.type) : undefined,
    );
  /**
   * Summaries of the plants a page of ids names, newest first. The ids are paged first: with the
   * extras in the same query, PostgreSQL would compute them for every row OFFSET skips.
   */
  const summaries = (scope: Scope, where: SQL | undefined, limit: number, offset = 0) =>
    db
      .select(summaryColumns(scope))
      .from(plant)
      .leftJoin(installer, eq(installer.id, plant.installerId))
      .leftJoin(owner, eq(owner.id, plant.ownerId))
      .where(inArray(plant.id, db.select({ id: plant.id }).from(plant).where(where).orderBy(desc(plant.id)).limit(limit).offset(offset)))
      .orderBy(desc(plant.id));

  return {
    async list(scope: Scope, filters: PlantListBody) {
      const where = filtered(scope, filters);
      const total = await db.$count(plant, where);
      return { total, rows: await summaries(scope, where, filters.pageSize, offsetOf(filters)) };
    },

    /** Every plant in scope that matches, up to `limit` (an export). */
    async all(scope: Scope, filters: PlantFilters, limit: number) {
      return summaries(scope, filtered(scope, filters), limit);
    },

    async findVisible(scope: Scope, id: number) {
      const [row] = await db
        .select(summaryColumns(scope))
        .from(plant)
        .leftJoin(installer, eq(installer.id, plant.installerId))
        .leftJoin(owner, eq(owner.id, plant.ownerId))
        .where(and(eq(plant.id, id), plantVisible(db, scope)));
      return row;
    },

    async dataloggerSns(plantId: number) {
      const rows = await db.select({ sn: datalogger.sn }).from(datalogger).where(eq(datalogger.plantId, plantId)).orderBy(datalogger.sn);
      return rows.map((row) => row.sn);
    },

    async dataloggerStates(sns: string[]) {
      return db.select({ sn: datalogger.sn, plantId: datalogger.plantId }).from(datalogger).where(inArray(datalogger.sn, sns));
    },

    /** Creates the plant and binds its dataloggers (and their devices) at once; a datalogger bound meanwhile fails it whole. */
    async create(row: NewPlant, sns: string[]) {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(plant).values(row).returning({ id: plant.id });
        const plantId = (created as { id: number }).id;
        await bind(tx, plantId, sns);
        return plantId;
      });
    },

    /** Binds registered, unbound dataloggers (and their devices) to a plant the caller may change, all or none. */
    async bindDataloggers(scope: Scope, plantId: number, sns: string[]) {
      const writable = sql`${plantId} in (select ${plant.id} from ${plant} where ${plantWritable(db, scope)})`;
      await db.transaction((tx) => bind(tx, plantId, sns, writable));
    },

    /** Changes a plant the caller may write; false when there is none (missing, out of scope, or read-only). */
    async update(scope: Scope, id: number, changes: PlantChanges) {
      const rows = await db
        .update(plant)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(plant.id, id), plantWritable(db, scope)))
        .returning({ id: plant.id });
      return rows.length === 1;
    },

    /** Deletes (keeps the row, hidden) and frees its dataloggers for another plant. */
    async softDelete(scope: Scope, id: number) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(plant)
          .set({ deletedAt: sql`now()` })
          .where(and(eq(plant.id, id), plantWritable(db, scope)))
          .returning({ id: plant.id });
        if (rows.length !== 1) return false;
        await tx.update(datalogger).set({ plantId: null, boundAt: null }).where(eq(datalogger.plantId, id));
        await tx.update(device).set({ plantId: null }).where(eq(device.plantId, id));
        return true;
      });
    },

    /** The active account with this user name and one of these roles. */
    async accountId(username: string, ...accesses: number[]) {
      const [row] = await db
        .select({ id: account.id })
        .from(account)
        .where(and(sql`lower(${account.username}) = lower(${username})`, inArray(account.access, accesses), isNull(account.disabledAt)));
      return row?.id;
    },

    async addMember(member: typeof plantMember.$inferInsert) {
      await db
        .insert(plantMember)
        .values(member)
        .onConflictDoUpdate({
          target: [plantMember.plantId, plantMember.accountId],
          set: { role: member.role, grantedBy: member.grantedBy },
        });
    },

    async removeMember(plantId: number, accountId: number) {
      const rows = await db
        .delete(plantMember)
        .where(and(eq(plantMember.plantId, plantId), eq(plantMember.accountId, accountId)))
        .returning({ plantId: plantMember.plantId });
      return rows.length === 1;
    },

    async members(plantId: number) {
      return db
        .select({ user: account.username, role: plantMember.role, since: plantMember.createdAt })
        .from(plantMember)
        .innerJoin(account, eq(account.id, plantMember.accountId))
        .where(eq(plantMember.plantId, plantId))
        .orderBy(account.username);
    },

    async deletionsSince(actorId: number, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, 'plant.delete'), gte(auditLog.at, since)));
      return row?.n ?? 0;
    },
  };
}
export type PlantRepo = ReturnType<typeof createPlantRepo>;
