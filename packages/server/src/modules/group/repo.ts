import { Access, Errno, type GroupKind, type GroupListBody } from '@sunstack/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { branchOrganisations, deviceVisible, plantVisible, type Scope } from '../../core/scope.ts';
import { type Db, uniqueViolation } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import { offsetOf, type Page } from '../../db/page.ts';
import { account, assetGroup, assetGroupMember, device, plant } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type GroupRow = typeof assetGroup.$inferSelect;

const memberCount = sql<number>`(select count(*) from ${assetGroupMember} where ${assetGroupMember.groupId} = ${assetGroup.id})`.mapWith(
  Number,
);
/** Plant members are named by id: only digits can be one. */
const plantIds = (keys: string[]) => keys.filter((key) => /^[0-9]{1,15}$/.test(key)).map(Number);

function nameTaken(error: unknown): never {
  if (uniqueViolation(error) === 'asset_group_name_key') throw new AppError(Errno.groupNameTaken);
  throw error;
}

/** Groups of plants or devices. A group belongs to a branch; its members are read through the caller's scope. */
export function createGroupRepo(db: Db) {
  /** Groups of the caller's branch (every group for administrators). */
  const groupVisible = (scope: Scope): SQL | undefined =>
    scope.access === Access.admin ? undefined : inArray(assetGroup.organisationId, branchOrganisations(db, scope.organisationPath));

  /** The members of a group the caller can see (a member that left its scope is not shown, nor counted). */
  const visibleMembers = (scope: Scope, group: GroupRow): SQL =>
    and(
      eq(assetGroupMember.groupId, group.id),
      group.kind === 'plant'
        ? inArray(assetGroupMember.plantId, db.select({ id: plant.id }).from(plant).where(plantVisible(db, scope)))
        : inArray(assetGroupMember.deviceSn, db.select({ sn: device.sn }).from(device).where(deviceVisible(db, scope))),
    ) as SQL;

  /** Members of a group among these keys. */
  const keyMatch = (group: GroupRow, keys: string[]): SQL =>
    and(
      eq(assetGroupMember.groupId, group.id),
      group.kind === 'plant' ? inArray(assetGroupMember.plantId, plantIds(keys)) : inArray(assetGroupMember.deviceSn, keys),
    ) as SQL;

  return {
    async list(scope: Scope, filters: GroupListBody) {
      const where = and(
        groupVisible(scope),
        filters.kind ? eq(assetGroup.kind, filters.kind) : undefined,
        filters.name ? contains(assetGroup.name, filters.name) : undefined,
      );
      const total = await db.$count(assetGroup, where);
      const rows = await db
        .select({ group: assetGroup, createdBy: account.username, members: memberCount })
        .from(assetGroup)
        .leftJoin(account, eq(account.id, assetGroup.createdBy))
        .where(where)
        .orderBy(desc(assetGroup.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    async find(scope: Scope, id: number) {
      const [row] = await db
        .select()
        .from(assetGroup)
        .where(and(eq(assetGroup.id, id), groupVisible(scope)));
      return row;
    },

    async create(row: Pick<GroupRow, 'kind' | 'name' | 'organisationId' | 'createdBy'>) {
      try {
        const [created] = await db.insert(assetGroup).values(row).returning({ id: assetGroup.id });
        return (created as { id: number }).id;
      } catch (error) {
        nameTaken(error);
      }
    },

    async rename(id: number, name: string) {
      try {
        await db.update(assetGroup).set({ name, updatedAt: sql`now()` }).where(eq(assetGroup.id, id));
      } catch (error) {
        nameTaken(error);
      }
    },

    async delete(id: number) {
      await db.delete(assetGroup).where(eq(assetGroup.id, id));
    },

    async memberCount(id: number) {
      const row = await db.$count(assetGroupMember, eq(assetGroupMember.groupId, id));
      return row;
    },

    /** The members the caller can see, newest first: a plant's name, type and place, or a device's model, type and plant. */
    async members(scope: Scope, group: GroupRow, page: Page) {
      const where = visibleMembers(scope, group);
      const total = await db.$count(assetGroupMember, where);
      const rows =
        group.kind === 'plant'
          ? await db
              .select({
                key: sql<string>`${plant.id}::text`,
                name: plant.name,
                type: sql<string>`${plant.type}`,
                place: sql<string>`concat_ws(', ', nullif(${plant.city}, ''), ${plant.country})`,
                addedAt: assetGroupMember.addedAt,
              })
              .from(assetGroupMember)
              .innerJoin(plant, eq(plant.id, assetGroupMember.plantId))
              .where(where)
              .orderBy(desc(assetGroupMember.addedAt), desc(plant.id))
              .limit(page.limit)
              .offset(page.offset)
          : await db
              .select({
                key: device.sn,
                name: device.model,
                type: sql<string>`${device.type}`,
                place: sql<string>`coalesce(${plant.name}, '')`,
                addedAt: assetGroupMember.addedAt,
              })
              .from(assetGroupMember)
              .innerJoin(device, eq(device.sn, assetGroupMember.deviceSn))
              .leftJoin(plant, eq(plant.id, device.plantId))
              .where(where)
              .orderBy(desc(assetGroupMember.addedAt), desc(device.sn))
              .limit(page.limit)
              .offset(page.offset);
      return { total, rows };
    },

    /** Of these plant ids or device SNs, the ones that exist and the caller sees. */
    async visibleKeys(scope: Scope, kind: GroupKind, keys: string[]) {
      if (kind === 'plant') {
        const ids = plantIds(keys);
        if (ids.length === 0) return new Set<string>();
        const rows = await db
          .select({ id: plant.id })
          .from(plant)
          .where(and(inArray(plant.id, ids), plantVisible(db, scope)));
        return new Set(rows.map((row) => String(row.id)));
      }
      const rows = await db
        .select({ sn: device.sn })
        .from(device)
        .where(and(inArray(device.sn, keys), deviceVisible(db, scope)));
      return new Set(rows.map((row) => row.sn));
    },

    /** Of these keys, the ones in the group that the caller sees. */
    async memberKeys(scope: Scope, group: GroupRow, keys: string[]) {
      if (group.kind === 'plant' && plantIds(keys).length === 0) return new Set<string>();
      const rows = await db
        .select({ plantId: assetGroupMember.plantId, deviceSn: assetGroupMember.deviceSn })
        .from(assetGroupMember)
        .where(and(keyMatch(group, keys), visibleMembers(scope, group)));
      return new Set(rows.map((row) => String(row.plantId ?? row.deviceSn)));
    },

    /** Every member of a group as it was added, in the caller's scope or not (a batch counts those out of it as refused). */
    async allMembers(groupId: number) {
      const rows = await db
        .select({ plantId: assetGroupMember.plantId, deviceSn: assetGroupMember.deviceSn })
        .from(assetGroupMember)
        .where(eq(assetGroupMember.groupId, groupId));
      return {
        plantIds: rows.flatMap((row) => (row.plantId === null ? [] : [row.plantId])),
        sns: rows.flatMap((row) => (row.deviceSn === null ? [] : [row.deviceSn])),
      };
    },

    /** Adds members (those already in stay as they are) and marks the group changed, in one transaction. */
    async addMembers(group: GroupRow, keys: string[]) {
      await db.transaction(async (tx) => {
        const values = keys.map((key) =>
          group.kind === 'plant' ? { groupId: group.id, plantId: Number(key) } : { groupId: group.id, deviceSn: key },
        );
        await tx.insert(assetGroupMember).values(values).onConflictDoNothing();
        await tx.update(assetGroup).set({ updatedAt: sql`now()` }).where(eq(assetGroup.id, group.id));
      });
    },

    async removeMembers(group: GroupRow, keys: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(assetGroupMember).where(keyMatch(group, keys));
        await tx.update(assetGroup).set({ updatedAt: sql`now()` }).where(eq(assetGroup.id, group.id));
      });
    },
  };
}
export type GroupRepo = ReturnType<typeof createGroupRepo>;
