import type { OperationLogBody, OperationLogEntry, OperationLogExportBody } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import { requirePermission } from '../scope/permissions.ts';
import type { ClientInfo, Session } from '../session/service.ts';
import type { AuditRepo } from './repo.ts';

/** An export holds at most this many entries; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 50_000;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export interface Change {
  action: string;
  objectType: 'plant' | 'datalogger' | 'device' | 'account' | 'organisation';
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/** The operation log: who changed what, when, from where, before and after (issue 3). */
export function createAuditService(audits: AuditRepo) {
  async function entries(session: Session, filters: OperationLogExportBody, page: { limit: number; offset: number }) {
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

  return {
    async list(session: Session, filters: OperationLogBody) {
      const { currentPage, pageSize } = filters;
      const { total, entries: found } = await entries(session, filters, { limit: pageSize, offset: (currentPage - 1) * pageSize });
      return { total, currentPage, pageSize, entries: found };
    },

    /** The same entries as an xlsx workbook (UTC times), newest first. */
    async export(session: Session, filters: OperationLogExportBody) {
      const { entries: found } = await entries(session, filters, { limit: EXPORT_MAX_ROWS, offset: 0 });
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Operation log');
      sheet.columns = [
        { header: 'Time (UTC)', key: 'at', width: 22 },
        { header: 'User', key: 'actor', width: 20 },
        { header: 'Address', key: 'ip', width: 18 },
        { header: 'Action', key: 'action', width: 20 },
        { header: 'Object', key: 'objectType', width: 14 },
        { header: 'Object id', key: 'objectId', width: 18 },
        { header: 'Before', key: 'before', width: 50 },
        { header: 'After', key: 'after', width: 50 },
      ];
      for (const entry of found) sheet.addRow({ ...entry, at: new Date(entry.at).toISOString().replace('T', ' ').slice(0, 19) });
      sheet.getRow(1).font = { bold: true };
      return Buffer.from(await book.xlsx.writeBuffer());
    },

    async record(session: Session, client: ClientInfo, change: Change) {
      await audits.insert({
        actorId: session.accountId,
        organisationPath: session.organisationPath,
        ip: client.ip,
        action: change.action,
        objectType: change.objectType,
        objectId: String(change.objectId),
        before: change.before ?? null,
        after: change.after ?? null,
      });
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
