import { Errno, type UserListBody } from '@sunstack/shared';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { accountVisible, organisationInBranch, type Scope } from '../../core/scope.ts';
import { type Db, uniqueViolation } from '../../db/client.ts';
import { contains, startsWith } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { account, organisation } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** What user management reads of an account: never its password hash. */
const summary = {
  id: account.id,
  username: account.username,
  name: account.name,
  email: account.email,
  phone: account.phone,
  access: account.access,
  organisationId: account.organisationId,
  organisationName: organisation.name,
  organisationKind: organisation.kind,
  disabledAt: account.disabledAt,
  passwordChangeRequired: account.passwordChangeRequired,
  createdAt: account.createdAt,
};
export type UserChanges = Partial<Pick<typeof account.$inferInsert, 'email' | 'name' | 'phone' | 'access' | 'organisationId'>>;

/** The organisations offered when placing an account. */
const ORGANISATION_CHOICES = 50;

/** Every query adds accountVisible: an account outside the caller's branch is not found (40404). */
export function createUserRepo(db: Db) {
  /** Changes an account the caller sees; false when there is none. */
  async function change(scope: Scope, id: number, values: PgUpdateSetSource<typeof account>) {
    try {
      const rows = await db
        .update(account)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(account.id, id), accountVisible(db, scope)))
        .returning({ id: account.id });
      return rows.length === 1;
    } catch (error) {
      if (uniqueViolation(error) === 'account_email_key') throw new AppError(Errno.emailTaken);
      throw error;
    }
  }

  return {
    async list(scope: Scope, filters: UserListBody) {
      const where = and(
        accountVisible(db, scope),
        filters.username ? startsWith(account.username, filters.username) : undefined,
        filters.name ? contains(account.name, filters.name) : undefined,
        filters.email ? contains(account.email, filters.email) : undefined,
        filters.access ? eq(account.access, filters.access) : undefined,
        filters.status === 'enabled' ? isNull(account.disabledAt) : undefined,
        filters.status === 'disabled' ? isNotNull(account.disabledAt) : undefined,
      );
      const total = await db.$count(account, where);
      const rows = await db
        .select(summary)
        .from(account)
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .where(where)
        .orderBy(desc(account.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    async findVisible(scope: Scope, id: number) {
      const [row] = await db
        .select(summary)
        .from(account)
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .where(and(eq(account.id, id), accountVisible(db, scope)));
      return row;
    },

    /** An organisation of the caller's branch (administrators: any). */
    async organisationInBranch(scope: Scope, id: number) {
      const [row] = await db
        .select({ id: organisation.id, kind: organisation.kind })
        .from(organisation)
        .where(and(eq(organisation.id, id), organisationInBranch(scope)));
      return row;
    },

    /** The organisations of the caller's branch whose name contains `name`, the top of the tree first. */
    async organisations(scope: Scope, name: string | undefined) {
      return db
        .select({ id: organisation.id, name: organisation.name, kind: organisation.kind })
        .from(organisation)
        .where(and(organisationInBranch(scope), name ? contains(organisation.name, name) : undefined))
        .orderBy(asc(organisation.path))
        .limit(ORGANISATION_CHOICES);
    },

    update: (scope: Scope, id: number, changes: UserChanges) => change(scope, id, changes),

    setDisabled: (scope: Scope, id: number, disabled: boolean) => change(scope, id, { disabledAt: disabled ? sql`now()` : null }),

    /** A password an operator set: the account must replace it after its next sign-in. */
    setOneTimePassword: (scope: Scope, id: number, passwordHash: string) =>
      change(scope, id, { passwordHash, passwordChangeRequired: true }),
  };
}
export type UserRepo = ReturnType<typeof createUserRepo>;
export type UserRow = NonNullable<Awaited<ReturnType<UserRepo['findVisible']>>>;
