import { Access, type WorkOrderFilters } from '@sunstack/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { deviceVisible, plantVisible, plantWritable, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import type { Page } from '../../db/page.ts';
import { account, device, organisation, plant, storedFile, workOrder, workOrderEntry, workOrderPhoto } from '../../db/schema.ts';

export type WorkOrderRow = typeof workOrder.$inferSelect;
export type NewWorkOrder = Omit<typeof workOrder.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'status'>;
export type NewEntry = Omit<typeof workOrderEntry.$inferInsert, 'id' | 'createdAt'>;

/** What a stored photo of a work order is (stored_file.purpose). */
export const PHOTO_PURPOSE = 'workOrderPhoto';

const HANDLERS: readonly number[] = [Access.installer, Access.agent, Access.distributor, Access.admin];
const creator = alias(account, 'creator');
const assignee = alias(account, 'assignee');

/**
 * Work orders and their conversations. Who sees one: its creator, and whoever may change its plant (the
 * owner, the plant's installers, the branch above it, administrators); who handles one: those of them that
 * are installers, agents, distributors or administrators. Anything else answers like a missing order.
 */
export function createWorkOrderRepo(db: Db) {
  const plantsWritable = (scope: Scope) => db.select({ id: plant.id }).from(plant).where(plantWritable(db, scope));
  const visible = (scope: Scope): SQL | undefined =>
    scope.access === Access.admin
      ? undefined
      : or(eq(workOrder.createdBy, scope.accountId), inArray(workOrder.plantId, plantsWritable(scope)));
  const handles = (scope: Scope): SQL<boolean> => {
    if (scope.access === Access.admin) return sql<boolean>`true`;
    if (!HANDLERS.includes(scope.access)) return sql<boolean>`false`;
    return sql<boolean>`(${workOrder.plantId} in ${plantsWritable(scope)})`;
  };

  function filtered(scope: Scope, filters: WorkOrderFilters): SQL | undefined {
    const search = filters.search;
    const number = search && /^\d{1,15}$/.test(search) ? Number(search) : undefined;
    return and(
      visible(scope),
      filters.status ? eq(workOrder.status, filters.status) : undefined,
      filters.questionCategory ? eq(workOrder.questionCategory, filters.questionCategory) : undefined,
      filters.productType ? eq(workOrder.productType, filters.productType) : undefined,
      filters.plantId ? eq(workOrder.plantId, filters.plantId) : undefined,
      filters.mine ? eq(workOrder.assigneeId, scope.accountId) : undefined,
      filters.from !== undefined ? gte(workOrder.createdAt, new Date(filters.from)) : undefined,
      filters.to !== undefined ? lt(workOrder.createdAt, new Date(filters.to)) : undefined,
      search
        ? or(
            contains(workOrder.title, search),
            contains(workOrder.description, search),
            contains(workOrder.contactName, search),
            contains(workOrder.contactPhone, search),
            contains(plant.name, search),
            contains(sql`coalesce(${workOrder.deviceSn}, '')`, search),
            number === undefined ? undefined : eq(workOrder.id, number),
          )
        : undefined,
    );
  }

  const summaryColumns = (scope: Scope) => ({
    order: workOrder,
    plantName: plant.name,
    timeZone: plant.timeZone,
    createdBy: creator.username,
    assignee: assignee.username,
    handles: handles(scope),
  });
  const joined = (scope: Scope) =>
    db
      .select(summaryColumns(scope))
      .from(workOrder)
      .innerJoin(plant, eq(plant.id, workOrder.plantId))
      .innerJoin(creator, eq(creator.id, workOrder.createdBy))
      .leftJoin(assignee, eq(assignee.id, workOrder.assigneeId));

  return {
    /** The plant an order may be about: one the caller sees (and its live row), or undefined like a missing one. */
    async plantInScope(scope: Scope, plantId: number) {
      const [row] = await db
        .select({ id: plant.id })
        .from(plant)
        .where(and(eq(plant.id, plantId), plantVisible(db, scope)));
      return row?.id;
    },
    /** A device the caller sees, with its plant (null while its datalogger is in no plant). */
    async deviceInScope(scope: Scope, sn: string) {
      const [row] = await db
        .select({ sn: device.sn, plantId: device.plantId })
        .from(device)
        .innerJoin(plant, eq(plant.id, device.plantId))
        .where(and(eq(device.sn, sn), isNull(plant.deletedAt), deviceVisible(db, scope)));
      return row;
    },

    /** Of these stored files, the caller's own work order photos attached nowhere yet. */
    async attachablePhotos(accountId: number, fileIds: number[]) {
      if (fileIds.length === 0) return [];
      const rows = await db
        .select({ id: storedFile.id })
        .from(storedFile)
        .leftJoin(workOrderPhoto, eq(workOrderPhoto.fileId, storedFile.id))
        .where(
          and(
            inArray(storedFile.id, fileIds),
            eq(storedFile.purpose, PHOTO_PURPOSE),
            eq(storedFile.createdBy, accountId),
            isNull(workOrderPhoto.fileId),
          ),
        );
      return rows.map((row) => row.id);
    },

    async insert(order: NewWorkOrder) {
      const [row] = await db.insert(workOrder).values(order).returning({ id: workOrder.id });
      return (row as { id: number }).id;
    },
    /** Adds an entry to the conversation with its photos, and marks the order changed. */
    async addEntry(entry: NewEntry, photoIds: number[] = []) {
      const [row] = await db.insert(workOrderEntry).values(entry).returning({ id: workOrderEntry.id });
      const entryId = (row as { id: number }).id;
      if (photoIds.length > 0) await db.insert(workOrderPhoto).values(photoIds.map((fileId) => ({ fileId, entryId })));
      await db.update(workOrder).set({ updatedAt: sql`now()` }).where(eq(workOrder.id, entry.workOrderId));
      return entryId;
    },
    async setStatus(id: number, status: WorkOrderRow['status']) {
      await db.update(workOrder).set({ status }).where(eq(workOrder.id, id));
    },
    async setAssignee(id: number, assigneeId: number) {
      await db.update(workOrder).set({ assigneeId }).where(eq(workOrder.id, id));
    },

    async list(scope: Scope, filters: WorkOrderFilters, page: Page) {
      const where = filtered(scope, filters);
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(workOrder)
        .innerJoin(plant, eq(plant.id, workOrder.plantId))
        .where(where);
      const rows = await joined(scope)
        .where(where)
        .orderBy(desc(workOrder.updatedAt), desc(workOrder.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total: counted?.total ?? 0, rows };
    },

    /** An order the caller sees, with what it may do (undefined for one out of scope, exactly like a missing one). */
    async find(scope: Scope, id: number) {
      const [row] = await joined(scope).where(and(eq(workOrder.id, id), visible(scope)));
      return row;
    },

    /** The conversation in time order, each entry with its author, assignee and photos. */
    entries(workOrderId: number) {
      return db
        .select({
          entry: workOrderEntry,
          author: creator.username,
          assignee: assignee.username,
          photoIds: sql<
            number[]
          >`coalesce((select array_agg(${workOrderPhoto.fileId} order by ${workOrderPhoto.fileId}) from ${workOrderPhoto} where ${workOrderPhoto.entryId} = ${workOrderEntry.id}), '{}')`,
        })
        .from(workOrderEntry)
        .innerJoin(creator, eq(creator.id, workOrderEntry.authorId))
        .leftJoin(assignee, eq(assignee.id, workOrderEntry.assigneeId))
        .where(eq(workOrderEntry.workOrderId, workOrderId))
        .orderBy(asc(workOrderEntry.createdAt), asc(workOrderEntry.id));
    },

    /** A photo of an order the caller sees: its stored file's id, or undefined like a missing one. */
    async photoInScope(scope: Scope, fileId: number) {
      const [row] = await db
        .select({ fileId: workOrderPhoto.fileId })
        .from(workOrderPhoto)
        .innerJoin(workOrderEntry, eq(workOrderEntry.id, workOrderPhoto.entryId))
        .innerJoin(workOrder, eq(workOrder.id, workOrderEntry.workOrderId))
        .where(and(eq(workOrderPhoto.fileId, fileId), visible(scope)));
      return row?.fileId;
    },

    /** An account by user name as a scope (to tell whether it handles an order). */
    async accountScope(username: string): Promise<Scope | undefined> {
      const [row] = await db
        .select({ accountId: account.id, access: account.access, organisationPath: organisation.path })
        .from(account)
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .where(eq(account.username, username));
      return row;
    },
    /** Whether the account of `scope` handles order `id`. */
    async handlesOrder(scope: Scope, id: number) {
      const [row] = await db
        .select({ handles: handles(scope) })
        .from(workOrder)
        .where(eq(workOrder.id, id));
      return row?.handles === true;
    },

    async accountName(id: number) {
      const [row] = await db.select({ username: account.username }).from(account).where(eq(account.id, id));
      return row?.username;
    },
    /** Who gets the emails of an order: its creator's address and language. */
    async creatorOf(id: number) {
      const [row] = await db
        .select({ accountId: account.id, email: account.email, language: account.language })
        .from(workOrder)
        .innerJoin(account, eq(account.id, workOrder.createdBy))
        .where(eq(workOrder.id, id));
      return row;
    },

    /** Where stored files are used, for file management: the work order holding each photo. */
    async holders(fileIds: number[]) {
      if (fileIds.length === 0) return [];
      const rows = await db
        .select({ fileId: workOrderPhoto.fileId, id: workOrder.id, title: workOrder.title })
        .from(workOrderPhoto)
        .innerJoin(workOrderEntry, eq(workOrderEntry.id, workOrderPhoto.entryId))
        .innerJoin(workOrder, eq(workOrder.id, workOrderEntry.workOrderId))
        .where(inArray(workOrderPhoto.fileId, fileIds));
      return rows.map((row) => ({ fileId: row.fileId, kind: 'workOrder', id: row.id, label: row.title }));
    },
  };
}

export type WorkOrderRepo = ReturnType<typeof createWorkOrderRepo>;
