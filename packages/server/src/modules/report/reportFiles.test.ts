import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataReportRow, ReportDataType } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datesOf } from './exportService.ts';
import { REPORT_LABELS } from './labels.ts';
import { type ReportContent, type SubjectChart, writeReportFiles, writeReportFilesApart } from './reportFiles.ts';

/**
 * A report of 150 plants, written as the report job writes one (batches that straddle pages): the table runs over
 * several pages and the plants' charts over fifteen, and the later pages hold what they should.
 */
const PLANTS = 150;
const BATCH = 40;
const dataTypes: ReportDataType[] = ['pv', 'feedin'];
const categories = datesOf({ unit: 'day', from: '2026-03-01', to: '2026-03-31' });
const name = (i: number) => `Roof ${String(i).padStart(3, '0')}`;
/** Plant i's PV yield on day d; its export is half of it. */
const pvOf = (i: number, day: number) => i + day;

function row(i: number): DataReportRow {
  const pv = categories.reduce((sum, _, d) => sum + pvOf(i, d), 0);
  return {
    plantId: i,
    plantName: name(i),
    sn: '',
    model: '',
    country: 'DE',
    branch: 'North',
    timeZone: 'Europe/Berlin',
    pv,
    generation: 0,
    feedin: pv / 2,
    gridImport: 0,
    load: 0,
    charge: 0,
    discharge: 0,
    selfConsumption: 0.5,
    autarky: null,
    specificYield: null,
    pvLastYear: 0,
    kwp: 10,
  };
}

async function* inBatches<T>(make: (i: number) => T): AsyncIterable<T[]> {
  for (let from = 1; from <= PLANTS; from += BATCH) {
    yield Array.from({ length: Math.min(BATCH, PLANTS - from + 1) }, (_, k) => make(from + k));
  }
}

const chartOf = (i: number): SubjectChart => ({
  name: name(i),
  periods: categories.map((start, d) => ({ start, pv: pvOf(i, d), feedin: pvOf(i, d) / 2, generation: 0, gridImport: 0, load: 0 })),
});

const content = (): ReportContent => ({
  labels: REPORT_LABELS.en,
  language: 'en',
  title: 'Fleet March',
  subtitle: 'Monthly report · 2026-03 · per plant',
  generatedAt: '2026-04-01 13:00',
  subject: 'plant',
  dataTypes,
  periods: categories.map((start, d) => ({ start, pv: d, feedin: d / 2, generation: 0, gridImport: 0, load: 0 })),
  categories,
  totals,
  subjects: PLANTS,
});

let dir: string;
let pages: string[];
let book: ExcelJS.Workbook;
const totals = { pv: 0, feedin: 0, generation: 0, gridImport: 0, load: 0 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sunstack-report-test-'));
  for (let i = 1; i <= PLANTS; i += 1) {
    totals.pv += row(i).pv;
    totals.feedin += row(i).feedin;
  }
  const paths = { xlsx: join(dir, 'r.xlsx'), pdf: join(dir, 'r.pdf') };
  await writeReportFiles(content(), inBatches(row), inBatches(chartOf), paths);
  const parsed = await new PDFParse({ data: new Uint8Array(await readFile(paths.pdf)) }).getText();
  pages = parsed.pages.map((page) => page.text);
  book = new ExcelJS.Workbook();
  await book.xlsx.readFile(paths.xlsx);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('report files over many pages', () => {
  it('sets every plant once in the table and once over its chart, with the totals after the last row', () => {
    const labels = REPORT_LABELS.en;
    const chartPages = pages.filter((text) => text.includes(labels.plantCharts));
    const tablePages = pages.slice(0, pages.length - chartPages.length);
    expect(chartPages).toHaveLength(PLANTS / 10);
    expect(tablePages.length).toBeGreaterThan(2);
    for (const text of tablePages.slice(1)) expect(text).toContain(labels.columns.plantName); // the head again on each page
    for (let i = 1; i <= PLANTS; i += 1) {
      expect(tablePages.join('\n').split(name(i)).length - 1).toBe(1);
      expect(chartPages.join('\n').split(name(i)).length - 1).toBe(1);
    }
    const lastTable = tablePages.at(-1) as string;
    expect(lastTable).toContain(name(PLANTS));
    expect(lastTable).toContain(`${labels.total}`);
    expect(lastTable).toContain(totals.pv.toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  });

  it('draws the last plants on the last page with their own scale', () => {
    const last = pages.at(-1) as string;
    for (let i = PLANTS - 9; i <= PLANTS; i += 1) expect(last).toContain(name(i));
    expect(last).not.toContain(name(PLANTS - 10));
    // The top grid line of plant 150's chart is its largest figure: PV on the last day.
    expect(last).toContain(pvOf(PLANTS, categories.length - 1).toLocaleString('en'));
  });

  it('writes every plant and the totals row to the workbook', () => {
    const rows = book.getWorksheet(REPORT_LABELS.en.sheet) as ExcelJS.Worksheet;
    expect(rows.rowCount).toBe(1 + PLANTS + 1);
    expect(rows.getRow(2).getCell(1).value).toBe(name(1));
    expect(rows.getRow(PLANTS + 1).getCell(1).value).toBe(name(PLANTS));
    expect(rows.getRow(PLANTS + 2).getCell(1).value).toBe(REPORT_LABELS.en.total);
  });

  it('writes the same files in a worker thread, and stops it when a batch source fails', async () => {
    const paths = { xlsx: join(dir, 'apart.xlsx'), pdf: join(dir, 'apart.pdf') };
    await writeReportFilesApart(content(), inBatches(row), inBatches(chartOf), paths);
    const parsed = await new PDFParse({ data: new Uint8Array(await readFile(paths.pdf)) }).getText();
    expect(parsed.pages.map((page) => page.text)).toEqual(pages);
    async function* failing(): AsyncIterable<DataReportRow[]> {
      yield [row(1)];
      throw new Error('report task claimed by another process');
    }
    await expect(writeReportFilesApart(content(), failing(), inBatches(chartOf), paths)).rejects.toThrow('claimed by another process');
  });
});
