import type { PlatformLogBody, PlatformLogEntry, PlatformLogExportBody } from '@sunstack/shared';
import type { Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import { type Page, pageOfLog } from '../../db/page.ts';
import { EXPORT_MAX_ROWS, utcText, workbook } from '../../http/xlsx.ts';
import type { PlatformLogRepo, PlatformLogRow } from './repo.ts';

const present = (row: PlatformLogRow): PlatformLogEntry => ({
  id: row.id,
  at: row.at.getTime(),
  kind: row.kind as PlatformLogEntry['kind'],
  severity: row.severity as PlatformLogEntry['severity'],
  message: row.message,
  details: JSON.stringify(row.details),
});

/** The platform log for administrators (switch logUpdate.manage): filtered pages and the xlsx export. */
export function createPlatformLogService(repo: PlatformLogRepo) {
  async function entries(session: Session, filters: PlatformLogExportBody, page: Page) {
    requirePermission(session, 'logUpdate.manage');
    const { total, rows } = await repo.list(filters, page);
    return { total, entries: rows.map(present) };
  }

  return {
    list(session: Session, filters: PlatformLogBody) {
      return pageOfLog(filters, (page) => entries(session, filters, page));
    },

    /** The same entries as an xlsx workbook (UTC times), newest first. */
    async export(session: Session, filters: PlatformLogExportBody) {
      const { entries: rows } = await entries(session, filters, { limit: EXPORT_MAX_ROWS, offset: 0 });
      return workbook(
        'Platform log',
        [
          { header: 'Time (UTC)', key: 'at', width: 22 },
          { header: 'Kind', key: 'kind', width: 12 },
          { header: 'Severity', key: 'severity', width: 10 },
          { header: 'Message', key: 'message', width: 50 },
          { header: 'Details', key: 'details', width: 60 },
        ],
        rows.map((entry) => ({ ...entry, at: utcText(entry.at) })),
      );
    },
  };
}
export type PlatformLogService = ReturnType<typeof createPlatformLogService>;
