import { randomBytes, randomInt } from 'node:crypto';
import {
  Errno,
  type Language,
  manageableRoles,
  ORGANISATION_KINDS_OF_ROLE,
  type Role,
  type UserCreateBody,
  type UserListBody,
  type UserUpdateBody,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AccountRepo } from '../account/repo.ts';
import type { AuditService } from '../audit/service.ts';
import { hashPassword } from '../session/password.ts';
import type { SessionService } from '../session/service.ts';
import { auditedFields, presentUser } from './present.ts';
import type { UserRepo, UserRow } from './repo.ts';

/** Letters and digits that cannot be mistaken for one another when read out or copied by hand. */
const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const ONE_TIME_PASSWORD_LENGTH = 12;

/** A random one-time password (about 70 bits), within the password limits of spec section 5. */
export function oneTimePassword(): string {
  return Array.from({ length: ONE_TIME_PASSWORD_LENGTH }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('');
}

/** Whether the caller may change an account it sees: a role below its own (administrators: any), never itself. */
const isManageable = (session: Session, row: Pick<UserRow, 'id' | 'access'>) =>
  row.id !== session.accountId && manageableRoles(session.access).includes(row.access as Role);

/**
 * User management (issue 3): accounts of the caller's branch. Out of scope answers like missing
 * (40404); visible but above the caller's role, or the caller itself, answers 40300. Operators never
 * set passwords: creating and resetting answer a one-time password, shown once, which the account
 * must replace after signing in.
 */
export function createUserService(deps: {
  users: UserRepo;
  accounts: AccountRepo;
  sessions: SessionService;
  audit: AuditService;
  transaction: Transaction;
}) {
  const { users, accounts, sessions, audit, transaction } = deps;

  async function visibleAccount(session: Session, id: number) {
    const row = await users.findVisible(session, id);
    if (!row) throw notFound();
    return row;
  }

  async function manageableAccount(session: Session, id: number) {
    const row = await visibleAccount(session, id);
    if (!isManageable(session, row)) throw new AppError(Errno.noPermission);
    return row;
  }

  /** A role the caller may give, in an organisation of its branch that fits the role. */
  async function checkPlacement(session: Session, access: Role, organisationId: number) {
    if (!manageableRoles(session.access).includes(access)) throw new AppError(Errno.roleNotAssignable);
    const organisation = await users.organisationInBranch(session, organisationId);
    if (!organisation || !ORGANISATION_KINDS_OF_ROLE[access].includes(organisation.kind)) {
      throw new AppError(Errno.organisationNotAssignable);
    }
  }

  /** Ends the account's sessions at once, here and in every process. */
  const endSessions = (id: number) => sessions.revokeOthers(id, 'changed');

  return {
    async list(session: Session, filters: UserListBody) {
      requirePermission(session, 'member.query');
      const { total, rows } = await users.list(session, filters);
      return {
        total,
        currentPage: filters.currentPage,
        pageSize: filters.pageSize,
        users: rows.map((row) => presentUser(row, isManageable(session, row))),
      };
    },

    async detail(session: Session, id: number) {
      requirePermission(session, 'member.query');
      const row = await visibleAccount(session, id);
      return presentUser(row, isManageable(session, row));
    },

    async organisations(session: Session, name: string | undefined) {
      requirePermission(session, 'member.query');
      return { organisations: await users.organisations(session, name) };
    },

    async create(session: Session, client: ClientInfo, body: UserCreateBody, language: Language) {
      requirePermission(session, 'member.add');
      const organisationId = body.organisationId ?? organisationIdOf(session);
      await checkPlacement(session, body.access, organisationId);
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      return transaction(async () => {
        const created = await accounts.insert({
          organisationId,
          username: body.username,
          email: body.email,
          name: body.name ?? '',
          phone: body.phone ?? '',
          access: body.access,
          language: body.language ?? language,
          passwordHash,
          passwordChangeRequired: true,
          clientId: randomBytes(8).toString('hex'),
        });
        await audit.record(session, client, {
          action: 'account.create',
          objectType: 'account',
          objectId: created.id,
          after: auditedFields(created),
        });
        await audit.recordAccountEvent(client, { event: 'created', account: created, actorId: session.accountId });
        return { id: created.id, password };
      });
    },

    /** Role and branch changes end the account's sessions: they carry both. */
    async update(session: Session, client: ClientInfo, body: UserUpdateBody) {
      requirePermission(session, 'member.edit');
      const { id, ...changes } = body;
      return transaction(async () => {
        const before = await manageableAccount(session, id);
        const moved =
          (changes.access ?? before.access) !== before.access ||
          (changes.organisationId ?? before.organisationId) !== before.organisationId;
        if (moved) {
          await checkPlacement(session, changes.access ?? (before.access as Role), changes.organisationId ?? before.organisationId);
        }
        if (!(await users.update(session, id, changes))) throw notFound();
        if (moved) await endSessions(id);
        await audit.record(session, client, {
          action: 'account.update',
          objectType: 'account',
          objectId: id,
          before: auditedFields(before),
          after: changes,
        });
      });
    },

    /** Disabling ends the account's sessions; it can no longer sign in until enabled again. */
    async setEnabled(session: Session, client: ClientInfo, id: number, enabled: boolean) {
      requirePermission(session, 'member.delete');
      return transaction(async () => {
        const before = await manageableAccount(session, id);
        if ((before.disabledAt === null) === enabled) return;
        if (!(await users.setDisabled(session, id, !enabled))) throw notFound();
        if (!enabled) await endSessions(id);
        await audit.record(session, client, {
          action: enabled ? 'account.enable' : 'account.disable',
          objectType: 'account',
          objectId: id,
          before: { username: before.username, enabled: !enabled },
          after: { enabled },
        });
        await audit.recordAccountEvent(client, { event: enabled ? 'enabled' : 'disabled', account: before, actorId: session.accountId });
      });
    },

    /** Never a shared fixed password: a random one, answered once; the account's sessions end. */
    async resetPassword(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'member.resetPassword');
      const target = await manageableAccount(session, id);
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      return transaction(async () => {
        if (!(await users.setOneTimePassword(session, id, passwordHash))) throw notFound();
        await endSessions(id);
        // Which account, never the password.
        await audit.record(session, client, {
          action: 'account.resetPassword',
          objectType: 'account',
          objectId: id,
          after: { username: target.username },
        });
        await audit.recordAccountEvent(client, { event: 'passwordResetByOperator', account: target, actorId: session.accountId });
        return { id, password };
      });
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
