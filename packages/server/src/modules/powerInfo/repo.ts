import {
  Access,
  type CompanyUpdateBody,
  Errno,
  type MemberListBody,
  type Permission,
  type PermissionGroupListBody,
} from '@sunstack/shared';
import { and, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { type Db, uniqueViolation } from '../../db/client.ts';
import { contains, startsWith } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { account, department, organisation, permissionGroup, rolePermissionGroup } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** Any constant: permission changes run one at a time, so the lockout guard sees every other change. */
const PERMISSION_CHANGE_LOCK_KEY = 7_211_005;

const UNIQUE_ERRNOS: Record<string, typeof Errno.permissionGroupNameTaken | typeof Errno.departmentNameTaken> = {
  permission_group_name_key: Errno.permissionGroupNameTaken,
  department_name_key: Errno.departmentNameTaken,
};

/** The group an account's switches come from, or a department's members' (0005_permission_groups.sql). */
const accountGroupId = (accountId: PgColumn) => sql<number | null>`account_permission_group(${accountId})`;
const departmentGroupId = (departmentId: PgColumn) => sql<number | null>`department_permission_group(${departmentId})`;
const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

const ownGroup = alias(permissionGroup, 'own_group');
const effectiveGroup = alias(permissionGroup, 'effective_group');
const isAdministrator = eq(account.access, Access.admin);

/** Changes to groups, departments and their assignments, and the reads their rules need, on one transaction. */
function changes(db: Db) {
  return {
    async countDepartments() {
      const [row] = await db.select({ n: count() }).from(department);
      return row?.n ?? 0;
    },

    async insertDepartment(row: { parentId: number | null; name: string }) {
      const [created] = await db.insert(department).values(row).returning({ id: department.id });
      return (created as { id: number }).id;
    },

    async updateDepartment(id: number, fields: { name?: string; permissionGroupId?: number | null }) {
      await db.update(department).set(fields).where(eq(department.id, id));
    },

    /** What keeps a department from being deleted. */
    async departmentUsage(id: number) {
      const [row] = await db
        .select({
          members: countOf(sql`select count(*) from ${account} where ${account.departmentId} = ${id}`),
          children: countOf(sql`select count(*) from ${department} where ${department.parentId} = ${id}`),
        })
        .from(department)
        .where(eq(department.id, id));
      return row ?? { members: 0, children: 0 };
    },

    async deleteDepartment(id: number) {
      await db.delete(department).where(eq(department.id, id));
    },

    async insertGroup(row: { name: string; permissions: Permission[] }) {
      const [created] = await db.insert(permissionGroup).values(row).returning({ id: permissionGroup.id });
      return (created as { id: number }).id;
    },

    async updateGroup(id: number, fields: { name: string; permissions: Permission[] }) {
      await db
        .update(permissionGroup)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(permissionGroup.id, id));
    },

    /** Where a group is assigned: administrators directly, departments, roles. */
    async groupUsage(id: number) {
      const [row] = await db
        .select({
          members: countOf(sql`select count(*) from ${account} where ${account.permissionGroupId} = ${id}`),
          departments: countOf(sql`select count(*) from ${department} where ${department.permissionGroupId} = ${id}`),
          roles: countOf(sql`select count(*) from ${rolePermissionGroup} where ${rolePermissionGroup.permissionGroupId} = ${id}`),
        })
        .from(permissionGroup)
        .where(eq(permissionGroup.id, id));
      return row ?? { members: 0, departments: 0, roles: 0 };
    },

    async deleteGroup(id: number) {
      await db.delete(permissionGroup).where(eq(permissionGroup.id, id));
    },

    async setRoleGroup(access: number, groupId: number | null) {
      if (groupId === null) {
        await db.delete(rolePermissionGroup).where(eq(rolePermissionGroup.access, access));
        return;
      }
      await db
        .insert(rolePermissionGroup)
        .values({ access, permissionGroupId: groupId })
        .onConflictDoUpdate({ target: rolePermissionGroup.access, set: { permissionGroupId: groupId } });
    },

    async updateMember(id: number, fields: { departmentId?: number | null; permissionGroupId?: number | null }) {
      await db
        .update(account)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(account.id, id), isAdministrator));
    },

    async effectiveGroupId(accountId: number) {
      const [row] = await db
        .select({ groupId: accountGroupId(account.id) })
        .from(account)
        .where(eq(account.id, accountId));
      return row?.groupId ?? null;
    },

    /**
     * Whether some active administrator holds every one of `switches`, through its group or, when
     * no group applies, by its role's defaults (`byDefault`: whether those hold them).
     */
    async anyAdministratorHolds(switches: readonly Permission[], byDefault: boolean) {
      const holds = and(...switches.map((code) => sql`${code} = any(${effectiveGroup.permissions})`));
      const [row] = await db
        .select({ id: account.id })
        .from(account)
        .leftJoin(effectiveGroup, eq(effectiveGroup.id, accountGroupId(account.id)))
        .where(and(isAdministrator, isNull(account.disabledAt), or(byDefault ? isNull(effectiveGroup.id) : sql`false`, holds)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type PermissionChanges = ReturnType<typeof changes>;

export function createPowerInfoRepo(db: Db) {
  return {
    /**
     * Runs `work` in one transaction, one change at a time, and undoes it all (errno 41935) when
     * afterwards no active administrator would hold `keep` (the switches that repair permissions).
     */
    async change<T>(keep: { switches: readonly Permission[]; byDefault: boolean }, work: (tx: PermissionChanges) => Promise<T>) {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${PERMISSION_CHANGE_LOCK_KEY})`);
          const within = changes(tx as unknown as Db);
          const result = await work(within);
          if (!(await within.anyAdministratorHolds(keep.switches, keep.byDefault))) throw new AppError(Errno.permissionLockout);
          return result;
        });
      } catch (error) {
        const errno = UNIQUE_ERRNOS[uniqueViolation(error) ?? ''];
        if (errno) throw new AppError(errno);
        throw error;
      }
    },

    async company() {
      const [row] = await db
        .select({
          id: organisation.id,
          name: organisation.name,
          country: organisation.country,
          address: organisation.address,
          email: organisation.email,
          phone: organisation.phone,
          website: organisation.website,
        })
        .from(organisation)
        .where(isNull(organisation.parentId));
      if (!row) throw new Error('The manufacturer organisation is missing: run the migrations.');
      return row;
    },

    async updateCompany(fields: CompanyUpdateBody) {
      await db.update(organisation).set(fields).where(isNull(organisation.parentId));
    },

    async findDepartment(id: number) {
      const [row] = await db.select().from(department).where(eq(department.id, id));
      return row;
    },

    /** The whole tree (bounded by POWER_INFO_LIMITS.departments), parents before children. */
    async departments() {
      return db
        .select({
          id: department.id,
          parentId: department.parentId,
          name: department.name,
          permissionGroupId: department.permissionGroupId,
          permissionGroupName: ownGroup.name,
          effectiveGroupName: effectiveGroup.name,
          members: countOf(sql`select count(*) from ${account} where ${account.departmentId} = ${department.id}`),
        })
        .from(department)
        .leftJoin(ownGroup, eq(ownGroup.id, department.permissionGroupId))
        .leftJoin(effectiveGroup, eq(effectiveGroup.id, departmentGroupId(department.id)))
        .orderBy(sql`length(${department.path})`, sql`lower(${department.name})`);
    },

    async findGroup(id: number) {
      const [row] = await db.select().from(permissionGroup).where(eq(permissionGroup.id, id));
      return row;
    },

    async listGroups(filters: PermissionGroupListBody) {
      const where = filters.name ? contains(permissionGroup.name, filters.name) : undefined;
      const total = await db.$count(permissionGroup, where);
      const rows = await db
        .select({
          group: permissionGroup,
          members: countOf(sql`select count(*) from ${account} where ${account.permissionGroupId} = ${permissionGroup.id}`),
          departments: countOf(sql`select count(*) from ${department} where ${department.permissionGroupId} = ${permissionGroup.id}`),
          roles: sql<
            number[]
          >`coalesce((select json_agg(${rolePermissionGroup.access} order by ${rolePermissionGroup.access}) from ${rolePermissionGroup} where ${rolePermissionGroup.permissionGroupId} = ${permissionGroup.id}), '[]')`,
        })
        .from(permissionGroup)
        .where(where)
        .orderBy(sql`lower(${permissionGroup.name})`, permissionGroup.id)
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    async roleGroups() {
      return db
        .select({ access: rolePermissionGroup.access, group: permissionGroup })
        .from(rolePermissionGroup)
        .innerJoin(permissionGroup, eq(permissionGroup.id, rolePermissionGroup.permissionGroupId));
    },

    async findMember(id: number) {
      const [row] = await db
        .select({
          id: account.id,
          username: account.username,
          departmentId: account.departmentId,
          permissionGroupId: account.permissionGroupId,
        })
        .from(account)
        .where(and(eq(account.id, id), isAdministrator));
      return row;
    },

    /** The administrators, with where their switches come from. */
    async listMembers(filters: MemberListBody) {
      const where = and(
        isAdministrator,
        filters.user ? or(startsWith(account.username, filters.user), startsWith(account.email, filters.user)) : undefined,
        // A department and every department below it.
        filters.departmentId
          ? sql`${department.path} like (select ${department.path} from ${department} where ${department.id} = ${filters.departmentId}) || '%'`
          : undefined,
        filters.permissionGroupId ? eq(accountGroupId(account.id), filters.permissionGroupId) : undefined,
      );
      const [total] = await db
        .select({ n: count() })
        .from(account)
        .leftJoin(department, eq(department.id, account.departmentId))
        .where(where);
      const rows = await db
        .select({
          id: account.id,
          username: account.username,
          name: account.name,
          email: account.email,
          phone: account.phone,
          access: account.access,
          disabledAt: account.disabledAt,
          departmentId: account.departmentId,
          departmentName: department.name,
          permissionGroupId: account.permissionGroupId,
          departmentGroupId: departmentGroupId(account.departmentId),
          roleGroupId: rolePermissionGroup.permissionGroupId,
          effectiveGroupName: effectiveGroup.name,
        })
        .from(account)
        .leftJoin(department, eq(department.id, account.departmentId))
        .leftJoin(rolePermissionGroup, eq(rolePermissionGroup.access, account.access))
        .leftJoin(effectiveGroup, eq(effectiveGroup.id, accountGroupId(account.id)))
        .where(where)
        .orderBy(sql`lower(${account.username})`)
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total: total?.n ?? 0, rows };
    },
  };
}
export type PowerInfoRepo = ReturnType<typeof createPowerInfoRepo>;
