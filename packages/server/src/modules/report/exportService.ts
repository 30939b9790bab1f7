import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DataReportRow,
  Errno,
  type Language,
  REPORT_FIRST_DATE,
  type ReportDataType,
  type ReportDefinition,
  type ReportTask,
  type reportDefinitionFields,
} from '@sunstack/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import type { Scope } from '../../core/scope.ts';
import type { MailAttachment } from '../../db/schema.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { XLSX_TYPE } from '../../http/xlsx.ts';
import type { AuditService } from '../audit/service.ts';
import type { StoredFileRow } from '../file/repo.ts';
import type { FileService, UploadRule } from '../file/service.ts';
import type { MailService } from '../mail/service.ts';
import { languageOf } from '../mail/templates.ts';
import type { DataReportQuery, DataReportRepo, FigureRow } from './dataRepo.ts';
import { presentRow } from './dataService.ts';
import type { DefinitionRow, ReportExportRepo } from './exportRepo.ts';
import { REPORT_LABELS } from './labels.ts';
import { type SubjectChart, writeReportFilesApart } from './reportFiles.ts';

/** Subjects read per batch while a report is written: a fleet never sits in memory at once. */
export const REPORT_BATCH = 1_000;
/**
 * Subjects whose calendar rows are read at a time for their charts: few enough that the rows are drawn and
 * dropped while still young (a few MB of allocation), so the garbage collector frees them without promoting them.
 */
const REPORT_CHART_BATCH = 50;
/** A generated file may be large (a fleet's rows), but never unbounded. */
const REPORT_FILE_RULE = (type: string): UploadRule => ({
  maxBytes: 512 * 1024 * 1024,
  accept: () => type,
  messages: { tooLarge: 'report.fileTooLarge', wrongType: 'report.fileTooLarge' },
});

/** What a report mail may carry (before base64): the xlsx, then the PDF too, while their sum fits; else only the link. */
export const REPORT_MAIL_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;

/** The report's files that go with its mail: the xlsx if it fits, and the PDF as well if both fit. */
export function attachmentsWithin(made: Pick<StoredFileRow, 'name' | 'contentType' | 'sha256' | 'size'>[]): MailAttachment[] {
  const chosen: MailAttachment[] = [];
  let bytes = 0;
  for (const file of made) {
    if (bytes + Number(file.size) > REPORT_MAIL_ATTACHMENTS_MAX_BYTES) break;
    bytes += Number(file.size);
    chosen.push({ name: file.name, contentType: file.contentType, sha256: file.sha256 });
  }
  return chosen;
}

/** The local dates a task covers: its month's days, or its year's months (from 1 September 2024 at the earliest). */
export function periodOf(
  kind: 'monthly' | 'annual',
  periodStart: string,
): { unit: 'day' | 'month'; from: string; to: string; label: string } {
  const [year, month] = periodStart.split('-').map(Number) as [number, number];
  if (kind === 'monthly') {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return {
      unit: 'day',
      from: periodStart,
      to: `${periodStart.slice(0, 8)}${String(last).padStart(2, '0')}`,
      label: periodStart.slice(0, 7),
    };
  }
  const from = periodStart < REPORT_FIRST_DATE ? `${REPORT_FIRST_DATE.slice(0, 8)}01` : periodStart;
  return { unit: 'month', from, to: `${year}-12-01`, label: String(year) };
}

/** Every local date of a period: its days (a monthly report) or the first days of its months (an annual one). */
export function datesOf(period: { unit: 'day' | 'month'; from: string; to: string }): string[] {
  const dates: string[] = [];
  const [year, month, day] = period.from.split('-').map(Number) as [number, number, number];
  for (let i = 0; ; i += 1) {
    const date = period.unit === 'day' ? new Date(Date.UTC(year, month - 1, day + i)) : new Date(Date.UTC(year, month - 1 + i, 1));
    const text = date.toISOString().slice(0, 10);
    if (text > period.to) return dates;
    dates.push(text);
  }
}

export function createReportExportService(deps: {
  exports: ReportExportRepo;
  data: DataReportRepo;
  files: FileService;
  mail: MailService;
  audit: AuditService;
  transaction: Transaction;
  publicUrl: string;
  now: () => number;
}) {
  const { exports, data, files, mail, audit, transaction, now } = deps;

  function presentDefinition(row: DefinitionRow, tasks: ReportTask[]): ReportDefinition {
    return {
      id: Number(row.id),
      name: row.name,
      kind: row.kind,
      date: row.periodDate,
      summary: row.summary,
      dataTypes: row.dataTypes as ReportDataType[],
      series: row.series,
      emailPush: row.emailPush,
      recipients: row.recipients,
      scheduled: row.scheduled,
      createdAt: row.createdAt.getTime(),
      tasks,
    };
  }

  /** Writes the task's two files from its owner's scope now, keeps them in the file store and answers their ids. */
  async function generate(task: { id: number; attempts: number; periodStart: string }, definition: DefinitionRow) {
    const scope = await exports.scopeOf(Number(definition.accountId));
    if (!scope) throw new Error('the report owner no longer exists');
    const language = languageOf(definition.language);
    const labels = REPORT_LABELS[language];
    const period = periodOf(definition.kind, task.periodStart);
    const query: DataReportQuery = {
      subject: definition.summary,
      unit: period.unit,
      from: period.from,
      to: period.to,
      ...(definition.series ? { series: definition.series } : {}),
    };
    const dataTypes = definition.dataTypes as ReportDataType[];
    const periods = (await data.series(scope, query)).map((row) => ({ ...row, start: row.start }));
    const totals = Object.fromEntries(dataTypes.map((key) => [key, periods.reduce((sum, row) => sum + Number(row[key]), 0)])) as Record<
      ReportDataType,
      number
    >;
    const subjects = await data.count(scope, query);
    let done = 0;
    /** The subjects in id order, a batch at a time; the files read them twice (the table, then each one's chart). */
    async function* subjectBatches(): AsyncIterable<FigureRow[]> {
      let after = 0;
      for (;;) {
        const rows = await data.batch(scope as Scope, query, after, REPORT_BATCH);
        if (rows.length === 0) return;
        after = Number(rows[rows.length - 1]?.subject_id);
        done += rows.length;
        yield rows;
        // Progress and the lease together: a lost claim stops the work (another process has the task).
        const progress = Math.min(99, Math.floor((done / Math.max(1, 2 * subjects)) * 100));
        if (!(await exports.progress(task.id, task.attempts, progress, now()))) {
          throw new Error('report task claimed by another process');
        }
      }
    }
    async function* batches(): AsyncIterable<DataReportRow[]> {
      for await (const rows of subjectBatches()) yield rows.map(presentRow);
    }
    async function* charts(): AsyncIterable<SubjectChart[]> {
      for await (const rows of subjectBatches()) {
        for (let from = 0; from < rows.length; from += REPORT_CHART_BATCH) {
          const slice = rows.slice(from, from + REPORT_CHART_BATCH);
          const series = await data.seriesOf(
            query,
            slice.map((row) => Number(row.subject_id)),
          );
          // The points come ordered by subject, as the batch: each subject's run is taken in one pass.
          let at = 0;
          yield slice.map((row) => {
            const first = at;
            while (at < series.length && Number(series[at]?.subject_id) === Number(row.subject_id)) at += 1;
            return {
              name: definition.summary === 'device' ? `${row.plant_name} · ${row.sn}` : row.plant_name,
              periods: series.slice(first, at),
            };
          });
        }
      }
    }
    const dir = await mkdtemp(join(tmpdir(), 'sunstack-report-'));
    try {
      const paths = { xlsx: join(dir, 'report.xlsx'), pdf: join(dir, 'report.pdf') };
      await writeReportFilesApart(
        {
          labels,
          language,
          title: definition.name,
          subtitle: `${labels.kinds[definition.kind]} · ${period.label} · ${labels.summary[definition.summary]}`,
          generatedAt: new Date(now()).toISOString().replace('T', ' ').slice(0, 16),
          subject: definition.summary,
          dataTypes,
          periods,
          categories: datesOf(period),
          totals,
          subjects,
        },
        batches(),
        charts(),
        paths,
      );
      const base = `${definition.name}-${period.label}`.replace(/[^\p{L}\p{N}._-]+/gu, '_');
      const owner = { purpose: 'report', organisationId: Number(definition.organisationId), createdBy: null };
      const xlsx = await files.keep(createReadStream(paths.xlsx), `${base}.xlsx`, REPORT_FILE_RULE(XLSX_TYPE), owner);
      const pdf = await files.keep(createReadStream(paths.pdf), `${base}.pdf`, REPORT_FILE_RULE('application/pdf'), owner);
      return { files: { xlsx: xlsx.id, pdf: pdf.id }, attachments: attachmentsWithin([xlsx, pdf]), totals, periodLabel: period.label };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Hands the finished task its files and writes its mails, all in one transaction; false when the claim was lost. */
  async function finish(
    task: { id: number; attempts: number },
    definition: DefinitionRow,
    made: Awaited<ReturnType<typeof generate>>,
    hooks: TaskHooks,
  ) {
    await hooks.beforeFinish?.();
    const finished = await transaction(async () => {
      if (!(await exports.finish(task.id, task.attempts, made.files))) return false;
      if (definition.emailPush) {
        const scope = await exports.scopeOf(Number(definition.accountId));
        const recipients = scope ? await exports.recipients(scope, definition.recipients) : [];
        const link = `${deps.publicUrl.replace(/\/$/, '')}/bus/plantMaintain/reportExport`;
        for (const recipient of recipients) {
          const language = languageOf(recipient.language);
          const labels = REPORT_LABELS[language];
          const totals = (definition.dataTypes as ReportDataType[])
            .map((key) => `${labels.columns[key]}: ${(Math.round(made.totals[key] * 10) / 10).toLocaleString('en')}`)
            .join('\n');
          const attached =
            made.attachments.length === 2
              ? labels.mailAttached
              : made.attachments.length === 1
                ? labels.mailXlsxAttached
                : labels.mailTooLarge;
          await mail.send(
            recipient.email,
            'reportReady',
            language,
            { name: definition.name, kind: labels.kinds[definition.kind], period: made.periodLabel, totals, files: attached, link },
            made.attachments,
          );
        }
      }
      return true;
    });
    // Someone else finished it meanwhile: this attempt's files are nobody's.
    if (!finished) for (const id of Object.values(made.files)) await files.remove(id);
    return finished;
  }

  return {
    async list(session: Session, body: { currentPage: number; pageSize: number }) {
      requirePermission(session, 'report.query');
      const { total, rows, tasks } = await exports.list(session.accountId, body.pageSize, (body.currentPage - 1) * body.pageSize);
      return {
        total,
        currentPage: body.currentPage,
        pageSize: body.pageSize,
        reports: rows.map((row) =>
          presentDefinition(
            row,
            tasks
              .filter((task) => Number(task.definition_id) === Number(row.id))
              .map((task) => ({
                id: Number(task.id),
                periodStart: task.period_start,
                state: task.state,
                progress: Number(task.progress),
                createdAt: Number(task.created_at),
                finishedAt: task.finished_at === null ? null : Number(task.finished_at),
                files: task.state === 'done' ? (['xlsx', 'pdf'] as const).filter((f) => task[`${f}_file_id`] !== null) : [],
              })),
          ),
        ),
      };
    },

    /** Defines a report and starts its first generation; the date rule and the recipients are checked first. */
    async create(session: Session, client: ClientInfo, body: z.output<typeof reportDefinitionFields>, language: Language) {
      requirePermission(session, 'report.query');
      const firstAllowed = body.kind === 'monthly' ? REPORT_FIRST_DATE : `${REPORT_FIRST_DATE.slice(0, 4)}-01-01`;
      if (body.date < firstAllowed) throw new AppError(Errno.reportBeforeFirstDate, [{ path: 'date', message: 'report.beforeFirstDate' }]);
      const recipients = [...new Set(body.recipients.map((email) => email.toLowerCase()))];
      const known = await exports.recipients(session, recipients);
      if (known.length < recipients.length)
        throw new AppError(Errno.reportRecipientUnknown, [{ path: 'recipients', message: 'report.recipientUnknown' }]);
      return transaction(async () => {
        const row = await exports.insertDefinition({
          accountId: session.accountId,
          organisationId: organisationIdOf(session),
          name: body.name,
          kind: body.kind,
          periodDate: body.date,
          summary: body.summary,
          dataTypes: [...new Set(body.dataTypes)],
          series: body.series,
          emailPush: body.emailPush,
          recipients,
          scheduled: body.scheduled,
          language,
        });
        await exports.insertTask(Number(row.id), body.date);
        await audit.record(session, client, {
          action: 'report.create',
          objectType: 'report',
          objectId: row.id,
          after: { ...body, recipients },
        });
        return { id: Number(row.id) };
      });
    },

    /** Generates a report again for its date: a new task. */
    async generateAgain(session: Session, id: number) {
      requirePermission(session, 'report.query');
      const row = await exports.ownDefinition(session.accountId, id);
      if (!row) throw notFound();
      return { id: await exports.insertTask(Number(row.id), row.periodDate) };
    },

    /** Deletes a report, its tasks and their files (the bytes when no other record holds them). */
    async delete(session: Session, client: ClientInfo, id: number) {
      const row = await exports.ownDefinition(session.accountId, id);
      if (!row) throw notFound();
      const tasks = await exports.tasksOf(Number(row.id));
      await transaction(async () => {
        await exports.deleteDefinition(Number(row.id));
        await audit.record(session, client, {
          action: 'report.delete',
          objectType: 'report',
          objectId: row.id,
          before: presentDefinition(row, []),
        });
      });
      for (const task of tasks) for (const file of [task.xlsxFileId, task.pdfFileId]) if (file) await files.remove(Number(file));
    },

    /** Streams a done task's file: only the report's owner reaches it (anyone else: 40404, as for a missing one). */
    async send(session: Session, body: { task: number; format: 'xlsx' | 'pdf' }, request: FastifyRequest, reply: FastifyReply) {
      requirePermission(session, 'report.download');
      const task = await exports.ownTask(session.accountId, body.task);
      if (!task) throw notFound();
      const fileId = body.format === 'xlsx' ? task.xlsxFileId : task.pdfFileId;
      if (task.state !== 'done' || !fileId) throw new AppError(Errno.reportNotReady);
      const file = await files.byId(Number(fileId));
      if (!file || !(await files.send(request, reply, file))) throw notFound();
      return reply;
    },

    /**
     * One pass of the report job: makes the tasks of scheduled periods now due, then generates the oldest
     * open task. True when more may be waiting.
     */
    async pass(hooks: TaskHooks = {}): Promise<boolean> {
      await exports.scheduleDue(now());
      const claimed = await exports.claim(now());
      if (!claimed) return false;
      const task = { id: Number(claimed.id), attempts: Number(claimed.attempts), periodStart: claimed.period_start };
      const definition = await exports.definition(Number(claimed.definition_id));
      if (!definition) return true;
      try {
        const made = await generate(task, definition);
        await finish(task, definition, made, hooks);
      } catch (error) {
        if (hooks.crash?.(error)) throw error;
        await exports.fail(task.id, task.attempts, String(error instanceof Error ? error.message : error));
      }
      return true;
    },
  };
}

/** Test hooks of a pass: work before the finishing transaction (a crash there), and which errors stand for a crash. */
export interface TaskHooks {
  beforeFinish?(): Promise<void>;
  crash?(error: unknown): boolean;
}
export type ReportExportService = ReturnType<typeof createReportExportService>;
