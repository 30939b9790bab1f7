import { Errno } from '@sunstack/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, uniqueViolation } from '../../db/client.ts';
import { account, organisation, verificationCode } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type AccountRow = typeof account.$inferSelect;
export type NewAccount = Omit<typeof account.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ProfileFields = Partial<
  Pick<AccountRow, 'name' | 'phone' | 'country' | 'city' | 'address' | 'postcode' | 'introduction' | 'note' | 'language'>
>;
export type VerificationPurpose = 'register' | 'reset';

export function createAccountRepo(db: Db) {
  return {
    /** Sign-in takes a user name or an email, compared without case. */
    async findByLogin(login: string) {
      const [row] = await db
        .select()
        .from(account)
        .where(sql`lower(${account.username}) = lower(${login}) or lower(${account.email}) = lower(${login})`)
        .limit(1);
      return row;
    },

    async findByEmail(email: string) {
      const [row] = await db.select().from(account).where(sql`lower(${account.email}) = lower(${email})`).limit(1);
      return row;
    },

    async findById(id: number) {
      const [row] = await db.select().from(account).where(eq(account.id, id));
      return row;
    },

    async usernameTaken(username: string) {
      const rows = await db.select({ id: account.id }).from(account).where(sql`lower(${account.username}) = lower(${username})`);
      return rows.length > 0;
    },

    async emailTaken(email: string) {
      const rows = await db.select({ id: account.id }).from(account).where(sql`lower(${account.email}) = lower(${email})`);
      return rows.length > 0;
    },

    /** A concurrent sign-up that took the same name or email loses here, on the unique index. */
    async insert(row: NewAccount) {
      try {
        const [created] = await db.insert(account).values(row).returning();
        return created as AccountRow;
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'account_username_key') throw new AppError(Errno.usernameTaken);
        if (constraint === 'account_email_key') throw new AppError(Errno.emailTaken);
        throw error;
      }
    },

    async updateProfile(id: number, fields: ProfileFields) {
      await db
        .update(account)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(account.id, id));
    },

    /** A password the account chose itself: a one-time password an operator set is replaced. */
    async setPasswordHash(id: number, passwordHash: string) {
      await db.update(account).set({ passwordHash, passwordChangeRequired: false, updatedAt: sql`now()` }).where(eq(account.id, id));
    },

    async rootOrganisationId() {
      const [row] = await db.select({ id: organisation.id }).from(organisation).where(isNull(organisation.parentId));
      if (!row) throw new Error('The manufacturer organisation is missing: run the migrations.');
      return row.id;
    },

    /** Sign-up may join the branch of an agent or a distributor, by its code. */
    async branchByCode(code: string) {
      const [row] = await db
        .select({ id: organisation.id, kind: organisation.kind })
        .from(organisation)
        .where(sql`${organisation.code} = upper(${code}) and ${organisation.kind} in ('agent', 'distributor')`);
      return row;
    },

    async insertVerificationCode(row: { purpose: VerificationPurpose; email: string; codeHash: Buffer; createdAt: Date; expiresAt: Date }) {
      await db.insert(verificationCode).values(row);
    },

    /** The newest unused code for a mailbox and purpose: only the newest one counts. */
    async latestVerificationCode(email: string, purpose: VerificationPurpose) {
      const [row] = await db
        .select()
        .from(verificationCode)
        .where(
          and(
            sql`lower(${verificationCode.email}) = lower(${email})`,
            eq(verificationCode.purpose, purpose),
            isNull(verificationCode.usedAt),
          ),
        )
        .orderBy(desc(verificationCode.createdAt))
        .limit(1);
      return row;
    },

    async countVerificationAttempt(id: number) {
      await db
        .update(verificationCode)
        .set({ attempts: sql`${verificationCode.attempts} + 1` })
        .where(eq(verificationCode.id, id));
    },

    /** Marks a code used; false when another request used it first. */
    async useVerificationCode(id: number) {
      const rows = await db
        .update(verificationCode)
        .set({ usedAt: sql`now()` })
        .where(and(eq(verificationCode.id, id), isNull(verificationCode.usedAt)))
        .returning({ id: verificationCode.id });
      return rows.length === 1;
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
