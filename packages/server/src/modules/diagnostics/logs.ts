import { createHash, randomBytes } from 'node:crypto';
import type { DeviceLogExportBody, DeviceLogKind, DeviceLogListBody, DeviceLogRequestBody, Language, Permission } from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { EXPORT_MAX_ROWS, utcText, workbook } from '../../http/xlsx.ts';
import type { CommandService } from '../command/service.ts';
import type { FileService, UploadRule } from '../file/service.ts';
import { LOG_LABELS } from './labels.ts';
import type { LogRepo } from './logRepo.ts';
import { summariseLog } from './logSummary.ts';

/** How long an upload URL stays good: the command's own lifetime and time for the upload itself. */
const UPLOAD_TTL_MS = 2 * 60 * 60_000;
/** The largest log a device may put. */
export const LOG_MAX_BYTES = 20 * 1024 * 1024;
/** The summary reads a log's first 4 MB (a simulated log is a few kilobytes). */
const SUMMARY_BYTES = 4 * 1024 * 1024;

/** The switch that lets staff query and export each kind (spec section 6: test, module and battery logs; DSP logs go with test logs). */
const QUERY_PERMISSION: Record<DeviceLogKind, Permission> = {
  battery: 'log.battery',
  test: 'log.test',
  module: 'log.module',
  dsp: 'log.test',
};

/** A device's log is text, or whatever binary it keeps (never a type that a browser would run). */
const LOG_RULE: UploadRule = {
  maxBytes: LOG_MAX_BYTES,
  accept: (sniffed) =>
    sniffed === undefined ? 'text/plain' : ['application/gzip', 'application/zip'].includes(sniffed) ? sniffed : undefined,
  messages: { tooLarge: 'deviceLog.tooLarge', wrongType: 'deviceLog.wrongType' },
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Device logs (issue 24): a request is a log.upload command (the command path, with its operation log entry)
 * carrying a one-time URL; the device's upload to it becomes a stored file and, for a known format, a summary.
 */
export function createLogService(deps: {
  logs: LogRepo;
  commands: Pick<CommandService, 'send'>;
  files: Pick<FileService, 'keep' | 'byId' | 'send'>;
  transaction: Transaction;
  publicUrl: string;
  now: () => number;
}) {
  const { logs, commands, files, transaction, publicUrl, now } = deps;

  return {
    async request(session: Session, client: ClientInfo, body: DeviceLogRequestBody) {
      requirePermission(session, QUERY_PERMISSION[body.kind]);
      const token = randomBytes(32).toString('base64url');
      const url = `${publicUrl.replace(/\/$/, '')}/device-log/${token}`;
      return transaction(async () => {
        const { commandId } = await commands.send(session, client, body.sn, 'log.upload', { kind: body.kind, url });
        const at = now();
        const id = await logs.insert({
          deviceSn: body.sn,
          kind: body.kind,
          commandId,
          tokenSha256: sha256(token),
          state: 'requested',
          requestedBy: session.accountId,
          requestedAt: new Date(at),
          expiresAt: new Date(at + UPLOAD_TTL_MS),
        });
        return { id };
      });
    },

    async list(session: Session, filters: DeviceLogListBody) {
      requirePermission(session, QUERY_PERMISSION[filters.kind]);
      const { total, rows } = await logs.list(session, filters);
      return { total, logs: rows.map((row) => present(row, filters.detailed)) };
    },

    /** The stored file of an uploaded log the caller sees (out of scope or not uploaded: like a missing one). */
    async file(session: Session, id: number) {
      const fileId = await logs.uploaded(session, id);
      const file = fileId === undefined ? undefined : await files.byId(fileId);
      if (!file) throw notFound();
      return file;
    },
    send: files.send,

    async export(session: Session, filters: DeviceLogExportBody, language: Language) {
      requirePermission(session, 'log.export');
      const labels = LOG_LABELS[language];
      const rows = await logs.all(session, filters, EXPORT_MAX_ROWS);
      return workbook(
        labels.sheet,
        Object.entries(labels.columns).map(([key, header]) => ({ key, header, width: key === 'summary' ? 60 : 22 })),
        rows.map((row) => {
          const log = present(row, true);
          return {
            sn: log.sn,
            plant: log.plantName,
            kind: labels.kinds[log.kind],
            state: labels.states[log.state],
            size: log.size ?? '',
            requestedBy: log.requestedBy,
            requestedAt: utcText(log.requestedAt),
            uploadedAt: utcText(log.uploadedAt),
            summary: log.summary ? JSON.stringify(log.summary) : (log.error ?? ''),
          };
        }),
      );
    },

    /**
     * A device's upload to its one-time URL: taken once (a second upload, an unknown or an expired token is
     * refused), streamed into the file store under the size limit, summarised when the format is known.
     */
    async upload(token: string, body: AsyncIterable<Uint8Array>): Promise<UploadOutcome> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return 'refused';
      const claimed = await logs.claim(sha256(token), new Date(now()));
      if (!claimed) return 'refused';
      try {
        const owner = { purpose: 'deviceLog', organisationId: await logs.organisationOf(claimed.sn), createdBy: null };
        // The first bytes are kept aside as they stream past, for the summary.
        const head: Buffer[] = [];
        let headBytes = 0;
        async function* teed() {
          for await (const chunk of body) {
            if (headBytes < SUMMARY_BYTES) {
              head.push(Buffer.from(chunk));
              headBytes += chunk.length;
            }
            yield chunk;
          }
        }
        const file = await files.keep(teed(), `${claimed.sn}-${claimed.kind}-${claimed.id}.log`, LOG_RULE, owner);
        const summary = file.contentType === 'text/plain' ? summariseLog(Buffer.concat(head).toString('utf8')) : undefined;
        await logs.uploadDone(claimed.id, file.id, summary ?? null, new Date(now()));
        return 'stored';
      } catch (error) {
        // The URL stays good for a second try (a smaller log, say); the device learns why from the HTTP status.
        await logs.release(claimed.id);
        const message = error instanceof AppError ? error.issues?.[0]?.message : undefined;
        if (message === LOG_RULE.messages.tooLarge) return 'tooLarge';
        if (message === LOG_RULE.messages.wrongType) return 'wrongType';
        throw error;
      }
    },
  };
}

/** What a device's upload came to: kept, or why not (each answered with its own HTTP status). */
export type UploadOutcome = 'stored' | 'refused' | 'tooLarge' | 'wrongType';

type Row = Awaited<ReturnType<LogRepo['all']>>[number];
function present(row: Row, detailed: boolean) {
  return {
    id: row.id,
    sn: row.sn,
    plantName: row.plantName,
    timeZone: row.timeZone,
    kind: row.kind,
    state: row.uploaded ? ('uploaded' as const) : row.failed ? ('failed' as const) : ('waiting' as const),
    error: row.uploaded ? null : (row.error ?? null),
    size: row.size === null ? null : Number(row.size),
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.getTime(),
    uploadedAt: row.uploadedAt?.getTime() ?? null,
    summary: detailed ? (row.summary ?? null) : null,
  };
}
export type LogService = ReturnType<typeof createLogService>;
