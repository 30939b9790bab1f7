import { hash, randomInt } from 'node:crypto';
import {
  ACCOUNT_MIGRATION_CODE_MINUTES,
  Access,
  type AccountMigrationBody,
  type AccountMigrationCodeBody,
  type AccountMigrationListBody,
  Errno,
  type Language,
  LIMITS,
  type MigrationPlantsBody,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import { pageOf } from '../../db/page.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { MailService } from '../mail/service.ts';
import type { AccountMigrationRepo, PlantRole } from './repo.ts';

/** Wrong tries a code takes before it is used up (a new one must be sent). */
export const MIGRATION_CODE_TRIES = 5;

/** The role in which an account of this kind holds plants; other kinds hold none. */
const roleOf = (access: number): PlantRole | undefined =>
  access === Access.endUser ? 'owner' : access === Access.installer ? 'installer' : undefined;

/** A code is bound to its pair and to what moves (one plant, or `*` for every plant): it moves nothing else. */
const hashCode = (sourceId: number, targetId: number, plantId: number | undefined, code: string) =>
  hash('sha256', `${sourceId}:${targetId}:${plantId ?? '*'}:${code}`, 'buffer');

/** Every plant of an account is account.migrate's; one plant, a site migration, site.migrate's (spec section 6). */
const switchOf = (plantId: number | undefined) => (plantId === undefined ? 'account.migrate' : 'site.migrate');

/** j***@example.com: enough for the operator to tell the holder where to look. */
const partly = (email: string) => email.replace(/^(.)[^@]*/, '$1***');

/**
 * Account migration (switch account.migrate): the plants an end user owns, or an installer installs, go to another
 * account of the same kind, with their dataloggers and devices (which follow their plant). The target's holder agrees by
 * handing over the code mailed to them; the operator types it twice. All or nothing, with a record and its log entry.
 * A site migration (switch site.migrate) is the same for one plant of the source.
 */
export function createAccountMigrationService(deps: {
  repo: AccountMigrationRepo;
  audit: AuditService;
  mail: MailService;
  transaction: Transaction;
  now: () => number;
}) {
  const { repo, audit, mail, transaction, now } = deps;

  /**
   * Both accounts, checked: they exist, differ and are of one kind that holds plants; the source holds some (with
   * `plantId`, that plant: one it does not hold answers like a missing one).
   */
  async function pair(source: string, target: string, plantId: number | undefined) {
    const [from, to] = await Promise.all([repo.accountByUsername(source), repo.accountByUsername(target)]);
    if (!from || !to) throw notFound();
    if (from.id === to.id) throw new AppError(Errno.migrationSameAccount);
    const role = roleOf(from.access);
    if (from.access !== to.access) throw new AppError(Errno.migrationKindsDiffer);
    if (!role) throw new AppError(Errno.migrationNothingToMove);
    if (plantId === undefined) {
      const held = await repo.countPlants(from.id, role);
      if (held === 0) throw new AppError(Errno.migrationNothingToMove);
      return { from, to, role, held, plantName: undefined };
    }
    const one = await repo.heldPlant(from.id, role, plantId);
    if (!one) throw notFound();
    return { from, to, role, held: 1, plantName: one.name };
  }

  return {
    async plants(session: Session, body: MigrationPlantsBody) {
      requirePermission(session, 'site.migrate');
      const from = await repo.accountByUsername(body.source);
      const role = from && roleOf(from.access);
      if (!from || !role) throw notFound();
      return { plants: await repo.plantsHeld(from.id, role, body.name) };
    },

    async sendCode(session: Session, client: ClientInfo, body: AccountMigrationCodeBody) {
      const { plantId } = body;
      requirePermission(session, switchOf(plantId));
      const { from, to, held, plantName } = await pair(body.source, body.target, plantId);
      const code = String(randomInt(0, 10 ** LIMITS.verificationCodeDigits)).padStart(LIMITS.verificationCodeDigits, '0');
      const expiresAt = now() + ACCOUNT_MIGRATION_CODE_MINUTES * 60_000;
      await transaction(async () => {
        await repo.insertCode({
          sourceId: from.id,
          targetId: to.id,
          codeHash: hashCode(from.id, to.id, plantId, code),
          createdBy: session.accountId,
          expiresAt: new Date(expiresAt),
        });
        await mail.send(to.email, plantId === undefined ? 'accountMigrationCode' : 'siteMigrationCode', to.language as Language, {
          code,
          source: from.username,
          user: to.username,
          plant: plantName ?? '',
          minutes: ACCOUNT_MIGRATION_CODE_MINUTES,
        });
        await audit.record(session, client, {
          action: 'account.migrationCode',
          objectType: 'account',
          objectId: to.id,
          after: { source: from.username, target: to.username, ...(plantId === undefined ? {} : { plantId }) },
        });
      });
      return { mailbox: partly(to.email), expiresAt, plantCount: held };
    },

    async migrate(session: Session, client: ClientInfo, body: AccountMigrationBody) {
      const { plantId } = body;
      requirePermission(session, switchOf(plantId));
      if (body.code !== body.codeAgain) throw new AppError(Errno.codesInconsistent);
      const { from, to, role } = await pair(body.source, body.target, plantId);
      const latest = await repo.latestCode(from.id, to.id);
      if (!latest || latest.expiresAt.getTime() < now() || latest.attempts >= MIGRATION_CODE_TRIES) {
        throw new AppError(Errno.migrationCodeInvalid);
      }
      if (!latest.codeHash.equals(hashCode(from.id, to.id, plantId, body.code))) {
        // Counted outside the migration's transaction, which a wrong code never opens.
        await repo.countAttempt(latest.id);
        throw new AppError(Errno.migrationCodeInvalid);
      }
      return transaction(async () => {
        if (!(await repo.useCode(latest.id))) throw new AppError(Errno.migrationCodeInvalid);
        const { plantIds, deviceCount } = await repo.movePlants(from.id, to.id, role, plantId);
        if (plantIds.length === 0) throw new AppError(Errno.migrationNothingToMove);
        const record = {
          sourceId: from.id,
          targetId: to.id,
          plantId: plantId ?? null,
          plantCount: plantIds.length,
          deviceCount,
          operatorId: session.accountId,
        };
        const id = await repo.insertMigration(record);
        await audit.record(session, client, {
          action: 'account.migrate',
          objectType: 'account',
          objectId: to.id,
          before: { account: from.username, plantIds },
          after: { account: to.username, plantIds, deviceCount, migration: id },
        });
        return { plantCount: plantIds.length, deviceCount };
      });
    },

    async list(session: Session, { currentPage, pageSize, username }: AccountMigrationListBody) {
      // Either switch shows the record of both kinds: they are one history.
      if (!session.permissions.includes('site.migrate')) requirePermission(session, 'account.migrate');
      const { total, rows } = await repo.list(username, pageOf({ currentPage, pageSize }));
      return { total, currentPage, pageSize, migrations: rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() })) };
    },
  };
}
export type AccountMigrationService = ReturnType<typeof createAccountMigrationService>;
