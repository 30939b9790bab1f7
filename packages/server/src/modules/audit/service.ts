import type {
  AccountLogBody,
  AccountLogEntry,
  AccountLogEvent,
  AccountLogExportBody,
  AuditObjectType,
  OperationLogBody,
  OperationLogEntry,
  OperationLogExportBody,
  SignInFailure,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import { type Page, pageOfLog } from '../../db/page.ts';
import type { UnitOfWork } from '../../db/unitOfWork.ts';
import { EXPORT_MAX_ROWS, utcText, workbook } from '../../http/xlsx.ts';
import type { AuditRepo } from './repo.ts';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export interface Change {
  action: string;
  objectType: AuditObjectType;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Something that happened to an account's access, for the account log. */
export interface AccountEvent {
  event: AccountLogEvent;
  /** The account it happened to; null when a sign-in named no account. */
  account: { id: number; username: string } | null;
  /** Who did it: the account itself, an operator, or null (a failed sign-in). */
  actorId: number | null;
  /** The user name typed, for a sign-in that named no account. */
  typed?: string;
  detail?: SignInFailure;
}

/** A change as the log keeps it: who, from where, what. */
const entryOf = (session: Session, client: ClientInfo, change: Change) => ({
  actorId: session.accountId,
  organisationPath: session.organisationPath,
  ip: client.ip,
  action: change.action,
  objectType: change.objectType,
  objectId: String(change.objectId),
  before: change.before ?? null,
  after: change.after ?? null,
});

const ALL: Page = { limit: EXPORT_MAX_ROWS, offset: 0 };

/** The operation log (who changed what, when, from where, before and after) and the account log (issue 3). */
export function createAuditService(audits: AuditRepo, unitOfWork: Pick<UnitOfWork, 'inTransaction'>) {
  const inTransaction = (what: string) => {
    if (!unitOfWork.inTransaction()) throw new Error(`audit entry '${what}' outside a transaction: wrap the change in one`);
  };

  async function operations(session: Session, filters: OperationLogExportBody, page: Page) {
    requirePermission(session, 'audit.operationLog');
    const { total, rows } = await audits.list(session, filters, page);
    const present = ({ entry, actor }: (typeof rows)[number]): OperationLogEntry => ({
      id: entry.id,
      at: entry.at.getTime(),
      actor: actor ?? '',
      ip: entry.ip,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId,
      before: json(entry.before),
      after: json(entry.after),
    });
    return { total, entries: rows.map(present) };
  }

  async function accountEvents(session: Session, filters: AccountLogExportBody, page: Page) {
    requirePermission(session, 'audit.accountLog');
    const { total, rows } = await audits.listAccountLog(session, filters, page);
    const present = ({ entry, actor }: (typeof rows)[number]): AccountLogEntry => ({
      id: entry.id,
      at: entry.at.getTime(),
      username: entry.username,
      event: entry.event,
      actor: actor ?? '',
      ip: entry.ip,
      userAgent: entry.userAgent,
      detail: entry.detail,
    });
    return { total, entries: rows.map(present) };
  }

  return {
    list(session: Session, filters: OperationLogBody) {
      return pageOfLog(filters, (page) => operations(session, filters, page));
    },

    /** The same entries as an xlsx workbook (UTC times), newest first. */
    async export(session: Session, filters: OperationLogExportBody) {
      return workbook(
        'Operation log',
        [
          { header: 'Time (UTC)', key: 'at', width: 22 },
          { header: 'User', key: 'actor', width: 20 },
          { header: 'Address', key: 'ip', width: 18 },
          { header: 'Action', key: 'action', width: 20 },
          { header: 'Object', key: 'objectType', width: 14 },
          { header: 'Object id', key: 'objectId', width: 18 },
          { header: 'Before', key: 'before', width: 50 },
          { header: 'After', key: 'after', width: 50 },
        ],
        (await operations(session, filters, ALL)).entries.map((entry) => ({ ...entry, at: utcText(entry.at) })),
      );
    },

    /**
     * Records a change; only inside the unit of work that makes it, so the two commit together or not
     * at all. Answers the entry's id.
     */
    async record(session: Session, client: ClientInfo, change: Change) {
      inTransaction(change.action);
      return audits.insert(entryOf(session, client, change));
    },

    /** Records many changes at once (a batch's commands), inside their unit of work; answers the entries' ids in order. */
    async recordMany(session: Session, client: ClientInfo, changes: Change[]) {
      inTransaction(changes[0]?.action ?? 'entries');
      return audits.insertMany(changes.map((change) => entryOf(session, client, change)));
    },

    /**
     * What came of changes that finish later (a device's answer to a command): added to their entries'
     * `after` as `answer`, in the unit of work that learns it. Nothing else of an entry ever changes.
     */
    async addAnswers(answers: { entryId: number; answer: unknown }[]) {
      inTransaction('answers');
      await audits.addAnswers(answers);
    },

    accountLog(session: Session, filters: AccountLogBody) {
      return pageOfLog(filters, (page) => accountEvents(session, filters, page));
    },

    /** The account log as an xlsx workbook (UTC times), newest first. */
    async exportAccountLog(session: Session, filters: AccountLogExportBody) {
      return workbook(
        'Account log',
        [
          { header: 'Time (UTC)', key: 'at', width: 22 },
          { header: 'Account', key: 'username', width: 20 },
          { header: 'Event', key: 'event', width: 26 },
          { header: 'Detail', key: 'detail', width: 16 },
          { header: 'By', key: 'actor', width: 20 },
          { header: 'Address', key: 'ip', width: 18 },
          { header: 'Browser', key: 'userAgent', width: 60 },
        ],
        (await accountEvents(session, filters, ALL)).entries.map((entry) => ({ ...entry, at: utcText(entry.at) })),
      );
    },

    /** Writes an account event (sign-in, password, status) with the address and browser it came from. */
    async recordAccountEvent(client: ClientInfo, event: AccountEvent) {
      await audits.insertAccountEvent({
        accountId: event.account?.id ?? null,
        username: (event.account?.username ?? event.typed ?? '').slice(0, 128),
        actorId: event.actorId,
        event: event.event,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 256),
        detail: event.detail ?? '',
      });
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
