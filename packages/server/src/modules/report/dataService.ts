import type { Language } from '@sunstack/shared';
import {
  Access,
  type DataReportResult,
  type DataReportRow,
  type dataReportBody,
  type dataReportExportBody,
  neutraliseFormula,
  REPORT_ENERGY,
  type ReportEnergy,
  type ReportFigures,
  toCsv,
} from '@sunstack/shared';
import type { z } from 'zod';
import type { Scope } from '../../core/scope.ts';
import { EXPORT_MAX_ROWS, type Sheet, workbook } from '../../http/xlsx.ts';
import type { DataReportQuery, DataReportRepo, FigureRow } from './dataRepo.ts';
import { REPORT_LABELS } from './labels.ts';

/** Energy to the watt-hour, ratios to a hundredth of a percent: what the rollups hold, without float noise. */
const kwh = (value: number | null | undefined) => Math.max(0, Math.round(Number(value ?? 0) * 1000) / 1000);
const ratio = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10_000) / 10_000;

/** A figure row (a subject's or the totals', whose columns carry a prefix) as the answer's figures. */
export function figuresOf(row: Record<string, unknown>, prefix = ''): ReportFigures {
  const value = (key: string) => row[`${prefix}${key}`] as number | null | undefined;
  const energy = Object.fromEntries(REPORT_ENERGY.map((key) => [key, kwh(value(key))])) as Record<ReportEnergy, number>;
  const kwp = value('kwp');
  return {
    ...energy,
    // The totals' ratios come from the summed energy, never from averaging the rows' ratios.
    selfConsumption: prefix
      ? energy.pv > 0
        ? ratio(Math.min(1, Math.max(0, (energy.pv - energy.feedin) / energy.pv)))
        : null
      : ratio(value('selfConsumption')),
    autarky: prefix
      ? energy.load > 0
        ? ratio(Math.min(1, Math.max(0, (energy.load - energy.gridImport) / energy.load)))
        : null
      : ratio(value('autarky')),
    specificYield: ratio(value('specificYield')),
    pvLastYear: kwh(value('pvLastYear')),
    kwp: kwp === null || kwp === undefined ? null : Number(kwp),
  };
}

export const presentRow = (row: FigureRow): DataReportRow => ({
  plantId: Number(row.plant_id),
  plantName: row.plant_name,
  sn: row.sn,
  model: row.model,
  country: row.country,
  branch: row.branch,
  timeZone: row.time_zone,
  ...figuresOf(row),
});

/** An integrator sees devices only (its authorised ones): its reports are per device. */
const queryOf = (scope: Scope, body: DataReportQuery): DataReportQuery =>
  scope.access === Access.integrator ? { ...body, subject: 'device' } : body;

/** Columns of a report file in order; a report per plant has no SN and model columns. */
export function reportColumns(subject: 'plant' | 'device', language: Language) {
  const words = REPORT_LABELS[language].columns;
  const keys = [
    'plantName',
    ...(subject === 'device' ? (['sn', 'model'] as const) : []),
    'country',
    'branch',
    'timeZone',
    'kwp',
    ...REPORT_ENERGY,
    'selfConsumption',
    'autarky',
    'specificYield',
    'pvLastYear',
  ] as const;
  return keys.map((key) => ({ key, header: words[key], width: key === 'plantName' || key === 'branch' ? 24 : 14 }));
}

/** A row's cells as a file writes them: ratios in percent, missing figures empty. */
export function fileCells(row: Partial<DataReportRow> & ReportFigures): Record<string, string | number> {
  const percent = (value: number | null) => (value === null ? '' : Math.round(value * 10_000) / 100);
  return {
    ...row,
    kwp: row.kwp ?? '',
    selfConsumption: percent(row.selfConsumption),
    autarky: percent(row.autarky),
    specificYield: row.specificYield === null ? '' : Math.round(row.specificYield * 100) / 100,
  } as Record<string, string | number>;
}

/** A report's filters with its sort and one page of it. */
type PageInput = DataReportQuery & { sort: string; order: 'asc' | 'desc'; currentPage: number; pageSize: number };

export function createDataReportService(deps: { reports: DataReportRepo }) {
  const { reports } = deps;

  async function page(scope: Scope, body: PageInput) {
    const { currentPage, pageSize, sort, order, ...query } = body;
    const rows = await reports.page(scope, queryOf(scope, query), sort, order, pageSize, (currentPage - 1) * pageSize);
    const first: Record<string, unknown> = rows[0] ?? {};
    return {
      total: Number(first.total ?? 0),
      totals: figuresOf(first, 't_'),
      // The totals come with every row; a page past the end has the totals and no row (subject_id null).
      rows: rows.filter((row) => row.subject_id !== null).map(presentRow),
    };
  }

  return {
    async query(scope: Scope, body: z.output<typeof dataReportBody>): Promise<DataReportResult> {
      const { total, totals, rows } = await page(scope, body);
      return { total, currentPage: body.currentPage, pageSize: body.pageSize, rows, totals };
    },

    /** The report's rows (at most EXPORT_MAX_ROWS) and its totals row as xlsx or CSV in the caller's language. */
    async export(scope: Scope, body: z.output<typeof dataReportExportBody>, language: Language) {
      const { format, ...rest } = body;
      const { totals, rows } = await page(scope, { ...rest, currentPage: 1, pageSize: EXPORT_MAX_ROWS });
      const subject = queryOf(scope, rest).subject;
      const columns = reportColumns(subject, language);
      const cells = [...rows.map(fileCells), { ...fileCells(totals), plantName: REPORT_LABELS[language].total }];
      if (format === 'xlsx')
        return { type: 'xlsx' as const, bytes: await workbook(REPORT_LABELS[language].sheet, columns, cells as Sheet['rows']) };
      const text = (value: unknown) => (typeof value === 'number' ? value : neutraliseFormula(String(value ?? '')));
      const csv = toCsv([
        columns.map((column) => text(column.header)),
        ...cells.map((row) => columns.map((column) => text(row[column.key]))),
      ]);
      // A byte order mark, so spreadsheet programs read the names as UTF-8.
      return { type: 'csv' as const, bytes: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8') };
    },

    async choices(scope: Scope) {
      const { branches, models } = await reports.choices(scope);
      const series = [...new Set(models.map((model) => model.split('-', 1)[0] as string))].sort();
      return { branches: branches.map((b) => ({ id: Number(b.id), name: b.name })), series, models };
    },
  };
}
export type DataReportService = ReturnType<typeof createDataReportService>;
