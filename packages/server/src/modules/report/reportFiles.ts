import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type DataReportRow, type Language, languageTag, neutraliseFormula, type ReportDataType } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { startTsWorker } from '../../core/tsWorker.ts';
import type { ReportLabels } from './labels.ts';
import { addColumnChart } from './xlsxChart.ts';

/**
 * A report export's two files, written as its rows arrive in batches (never the whole fleet in memory):
 * an xlsx workbook (summary, the figures per period, one row per plant or device) through exceljs's
 * streaming writer, and a PDF of the same with the chart of the period through pdfkit, both to files.
 */

/** DejaVu Sans holds Latin, Greek and Cyrillic, so every European language's letters print (not CJK). */
const fonts = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
const FONT = join(fonts, 'ttf', 'DejaVuSans.ttf');
const FONT_BOLD = join(fonts, 'ttf', 'DejaVuSans-Bold.ttf');
/**
 * Chinese and Korean (and Japanese names): WenQuanYi Micro Hei, Debian's `fonts-wqy-microhei` (1.6 MB; Latin,
 * CJK ideographs, kana and Hangul in one face; no npm package carries a CJK font under tens of MB).
 */
export const CJK_FONT = { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' };
/** Han, kana, Hangul and their punctuation and full-width forms: text DejaVu cannot print. */
const CJK_TEXT = /[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;
const CJK_LANGUAGES: readonly Language[] = ['zh_CN', 'ko'];

export interface ReportContent {
  labels: ReportLabels;
  language: Language;
  title: string;
  /** "Monthly report · 2026-03 · per plant" as the files head it. */
  subtitle: string;
  generatedAt: string;
  subject: 'plant' | 'device';
  dataTypes: readonly ReportDataType[];
  /** Fleet figures per local day (monthly) or month (annual), the dates that have any. */
  periods: ({ start: string } & Record<ReportDataType, number>)[];
  /** Every date of the period, the charts' categories. */
  categories: string[];
  totals: Record<ReportDataType, number>;
  subjects: number;
}

const text = (value: string) => neutraliseFormula(value);
/**
 * pdfkit keeps the layout of every distinct word it has set for the document's life; the default features given
 * explicitly (`[]`, fontkit's defaults) lay a text out without that cache. The names and figures of a fleet's rows
 * and charts are set so: cached, they would all stay in memory until the file ends. Headings, axes and dates repeat
 * and stay cached.
 */
const UNCACHED = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };
const A4 = { width: 595.28, height: 841.89, margin: 40 };
const COLOURS = ['#f5a623', '#1677ff', '#52c41a', '#eb2f96', '#722ed1'];

/** A plant's or device's own chart: its name and its figures per date. */
export interface SubjectChart {
  name: string;
  periods: ({ start: string } & Record<ReportDataType, number>)[];
}

/**
 * The writer's thread's heap: what it keeps (fonts, the current page and batch) is a few tens of MB; the cap makes its
 * garbage collector work within it instead of growing a heap sized by the whole process (ARCHITECTURE.md "Reports").
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

/**
 * Writes the files in a worker thread of their own (`reportWorker.ts`), handing it the batches as it asks for them,
 * so the process's own heap only sees the rows pass by. Rejects with the writer's error, or a batch source's.
 */
export async function writeReportFilesApart(
  content: ReportContent,
  batches: AsyncIterable<DataReportRow[]>,
  charts: AsyncIterable<SubjectChart[]>,
  paths: { xlsx: string; pdf: string },
): Promise<void> {
  const streams = { rows: batches[Symbol.asyncIterator](), charts: charts[Symbol.asyncIterator]() };
  const worker = startTsWorker(new URL('./reportWorker.ts', import.meta.url), {
    workerData: { content, paths },
    resourceLimits: WORKER_LIMITS,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: { want?: keyof typeof streams; done?: true }) => {
        if (message.done) return resolve();
        if (!message.want) return;
        streams[message.want].next().then(({ value, done }) => worker.postMessage(done ? {} : { batch: value }), reject);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the report writer stopped (exit code ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}

export async function writeReportFiles(
  content: ReportContent,
  batches: AsyncIterable<DataReportRow[]>,
  charts: AsyncIterable<SubjectChart[]>,
  paths: { xlsx: string; pdf: string },
): Promise<void> {
  const { labels, dataTypes } = content;
  const columnTitle = (key: keyof ReportLabels['columns']) => labels.columns[key];
  const number = (value: number, digits = 1) =>
    value.toLocaleString(languageTag(content.language), { minimumFractionDigits: digits, maximumFractionDigits: digits });

  // The workbook: summary and periods first (they are known), then the rows as they come.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: paths.xlsx, useStyles: true });
  const summary = book.addWorksheet(labels.summarySheet);
  summary.columns = [
    { key: 'label', width: 34 },
    { key: 'value', width: 22 },
  ];
  summary.addRow({ label: text(content.title) }).font = { bold: true, size: 14 };
  summary.addRow({ label: text(content.subtitle) }).commit();
  summary.addRow({ label: labels.subjects, value: content.subjects }).commit();
  summary.addRow({ label: labels.generated, value: content.generatedAt }).commit();
  summary.addRow({}).commit();
  for (const type of dataTypes) summary.addRow({ label: columnTitle(type), value: content.totals[type] }).commit();
  summary.addRow({ label: labels.note }).commit();
  summary.commit();
  const periods = book.addWorksheet(labels.periodSheet);
  periods.columns = [
    { key: 'start', header: columnTitle('period'), width: 14 },
    ...dataTypes.map((key) => ({ key, header: columnTitle(key), width: 18 })),
  ];
  periods.getRow(1).font = { bold: true };
  for (const row of content.periods) periods.addRow(row).commit();
  periods.commit();
  const rowsSheet = book.addWorksheet(labels.sheet);
  const rowKeys = [
    'plantName',
    ...(content.subject === 'device' ? (['sn', 'model'] as const) : []),
    'country',
    'branch',
    'kwp',
    ...dataTypes,
  ] as const;
  rowsSheet.columns = rowKeys.map((key) => ({ key, header: columnTitle(key), width: key === 'plantName' || key === 'branch' ? 28 : 16 }));
  rowsSheet.getRow(1).font = { bold: true };

  // The PDF: a head, the totals, the chart, then the table page by page.
  const pdf = new PDFDocument({ size: 'A4', margin: A4.margin, info: { Title: content.title }, bufferPages: false });
  const out = createWriteStream(paths.pdf);
  // pdfkit pushes what it draws regardless of back-pressure: through pipe() the excess waited in the document's own
  // buffer, out of drain()'s sight, and grew by each batch's bytes (the whole PDF at the end). Written straight to
  // the file stream, every pending byte is in its buffer, and drain() waits until that is empty.
  pdf.on('data', (chunk: Buffer) => out.write(chunk));
  pdf.on('end', () => out.end());
  const drain = async () => {
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const fontFor = registerFonts(pdf, content.language);
  pdf.font(fontFor(content.title, true)).fontSize(18).text(content.title);
  pdf.font(fontFor(content.subtitle)).fontSize(10).fillColor('#555').text(content.subtitle).text(`${labels.subjects}: ${content.subjects}`);
  pdf.text(`${labels.generated}: ${content.generatedAt}`).moveDown();
  pdf.fillColor('#000');
  for (const type of dataTypes)
    pdf
      .font('regular')
      .fontSize(11)
      .text(`${columnTitle(type)}: ${number(content.totals[type])}`);
  pdf.moveDown();
  drawChart(pdf, content, labels.chart);
  pdf
    .fontSize(8)
    .fillColor('#555')
    .text(labels.note, A4.margin, pdf.y + 4)
    .fillColor('#000')
    .moveDown();

  const tableKeys = ['plantName', ...(content.subject === 'device' ? (['sn'] as const) : []), ...dataTypes] as const;
  const width = A4.width - 2 * A4.margin;
  const nameWidth = content.subject === 'device' ? width * 0.28 : width * 0.4;
  const snWidth = content.subject === 'device' ? width * 0.2 : 0;
  const figureWidth = (width - nameWidth - snWidth) / dataTypes.length;
  const widths = tableKeys.map((key) => (key === 'plantName' ? nameWidth : key === 'sn' ? snWidth : figureWidth));
  const line = (cells: string[], bold = false) => {
    if (pdf.y > A4.height - A4.margin - 20) {
      pdf.addPage();
      line(
        tableKeys.map((key) => columnTitle(key)),
        true,
      );
    }
    const y = pdf.y;
    let x = A4.margin;
    cells.forEach((cell, i) => {
      const w = widths[i] as number;
      pdf
        .font(fontFor(cell, bold))
        .fontSize(7.5)
        .text(cell, x + 2, y, {
          width: w - 4,
          height: 11,
          ellipsis: true,
          ...UNCACHED,
          lineBreak: false,
          align: i < tableKeys.length - dataTypes.length ? 'left' : 'right',
        });
      x += w;
    });
    pdf.y = y + 12;
    pdf.x = A4.margin;
  };
  line(
    tableKeys.map((key) => columnTitle(key)),
    true,
  );

  for await (const batch of batches) {
    for (const row of batch) {
      rowsSheet
        .addRow({ ...row, plantName: text(row.plantName), branch: text(row.branch), model: text(row.model), kwp: row.kwp ?? '' })
        .commit();
      line([row.plantName, ...(content.subject === 'device' ? [row.sn] : []), ...dataTypes.map((key) => number(row[key]))]);
    }
    await drain();
  }
  rowsSheet.addRow({ plantName: labels.total, ...content.totals }).font = { bold: true };
  rowsSheet.commit();
  line([labels.total, ...(content.subject === 'device' ? [''] : []), ...dataTypes.map((key) => number(content.totals[key]))], true);
  await drawSubjectCharts(pdf, content, charts, fontFor, drain);
  pdf.end();
  await Promise.all([book.commit(), once(out, 'finish')]);
  // The period sheet (the workbook's second) gets its chart: each data type's column of bars per day or month.
  await addColumnChart(paths.xlsx, {
    sheetPart: 'xl/worksheets/sheet2.xml',
    sheetName: labels.periodSheet,
    title: labels.chart,
    categories: content.periods.map((row) => row.start),
    series: dataTypes.map((key, k) => ({
      column: String.fromCharCode(66 + k),
      name: columnTitle(key),
      values: content.periods.map((row) => Number(row[key])),
      colour: COLOURS[k % COLOURS.length] as string,
    })),
    from: [dataTypes.length + 2, 1],
    to: [dataTypes.length + 14, 22],
  });
}

/**
 * Registers the document's fonts and answers the one to print a text in. A Chinese or Korean document
 * is set wholly in the CJK face (which has Latin too); others in DejaVu, with names in Han, kana or
 * Hangul in the CJK face when it is installed (else as missing glyphs).
 */
function registerFonts(pdf: PDFKit.PDFDocument, language: Language): (text: string, bold?: boolean) => string {
  const hasCjk = existsSync(CJK_FONT.path);
  if (CJK_LANGUAGES.includes(language)) {
    if (!hasCjk) throw new Error(`a ${language} report needs the font ${CJK_FONT.path} (Debian package fonts-wqy-microhei)`);
    pdf.registerFont('regular', CJK_FONT.path, CJK_FONT.family);
    pdf.registerFont('bold', CJK_FONT.path, CJK_FONT.family);
    return (_text, bold = false) => (bold ? 'bold' : 'regular');
  }
  pdf.registerFont('regular', FONT);
  pdf.registerFont('bold', FONT_BOLD);
  if (hasCjk) pdf.registerFont('cjk', CJK_FONT.path, CJK_FONT.family);
  return (text, bold = false) => (hasCjk && CJK_TEXT.test(text) ? 'cjk' : bold ? 'bold' : 'regular');
}

/** Where a chart's bars go: the plot's left, top, width and height in points. */
interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Bars of each data type per date (grouped), drawn as vector rectangles: the grid lines with their values
 * (`gridLines` of them), and a date label under every bar when they fit, else every fifth.
 */
function drawBars(
  pdf: PDFKit.PDFDocument,
  plot: Plot,
  chart: { categories: string[]; dataTypes: readonly ReportDataType[]; figureAt: (date: string, key: ReportDataType) => number },
  style: { gridLines: number; fontSize: number; language: Language },
) {
  const { categories, dataTypes, figureAt } = chart;
  const { left, top, width, height } = plot;
  const max = Math.max(1, ...categories.flatMap((date) => dataTypes.map((key) => figureAt(date, key))));
  pdf.font('regular').fontSize(style.fontSize).fillColor('#555');
  for (let i = 0; i <= style.gridLines; i += 1) {
    const y = top + height - (height * i) / style.gridLines;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .strokeColor('#ddd')
      .stroke();
    const value = Math.round((max * i) / style.gridLines).toLocaleString(languageTag(style.language));
    pdf.text(value, left - 40, y - style.fontSize / 2, { width: 37, align: 'right', lineBreak: false });
  }
  const slot = width / Math.max(1, categories.length);
  const bar = (slot * 0.8) / dataTypes.length;
  const many = categories.length > 12;
  // Each data type's bars are one path, added as one piece and filled once: pdfkit keeps every piece of a page's
  // content until the page ends, and a rectangle and a fill apiece made thousands of small pieces a page that
  // outlived the young generation (the report's peak memory, ARCHITECTURE.md "Reports").
  dataTypes.forEach((key, k) => {
    const bars: string[] = [];
    categories.forEach((date, i) => {
      const h = (figureAt(date, key) / max) * height;
      if (h > 0)
        bars.push(
          `${(left + i * slot + slot * 0.1 + k * bar).toFixed(2)} ${(top + height - h).toFixed(2)} ${bar.toFixed(2)} ${h.toFixed(2)} re`,
        );
    });
    if (bars.length > 0)
      pdf
        .fillColor(COLOURS[k % COLOURS.length] as string)
        .addContent(bars.join('\n'))
        .fill();
  });
  categories.forEach((date, i) => {
    if (!many || i % 5 === 0) {
      pdf.fillColor('#555').text(date.slice(many ? 8 : 5, 10), left + i * slot, top + height + 2, {
        width: slot * (many ? 5 : 1),
        align: 'left',
        lineBreak: false,
      });
    }
  });
  pdf.fillColor('#000');
}

/** A map of a subject's (or the fleet's) figures by date, read as a chart's values. */
function valuesByDate(periods: readonly ({ start: string } & Record<ReportDataType, number>)[]) {
  const byDate = new Map(periods.map((row) => [row.start, row]));
  return (date: string, key: ReportDataType) => Number(byDate.get(date)?.[key] ?? 0);
}

/** The fleet's chart of the period, with its title and a legend. */
function drawChart(pdf: PDFKit.PDFDocument, content: ReportContent, title: string) {
  const { dataTypes, labels } = content;
  pdf.font('bold').fontSize(11).text(title, A4.margin, pdf.y);
  const plot = { left: A4.margin + 40, top: pdf.y + 8, width: A4.width - 2 * A4.margin - 40, height: 170 };
  drawBars(
    pdf,
    plot,
    { categories: content.categories, dataTypes, figureAt: valuesByDate(content.periods) },
    { gridLines: 4, fontSize: 7, language: content.language },
  );
  let x = plot.left;
  const legendY = plot.top + plot.height + 16;
  pdf.font('regular').fontSize(7);
  dataTypes.forEach((key, k) => {
    pdf.rect(x, legendY, 8, 8).fill(COLOURS[k % COLOURS.length] as string);
    pdf.fillColor('#000').text(labels.columns[key], x + 11, legendY, { lineBreak: false });
    x += 11 + pdf.widthOfString(labels.columns[key]) + 14;
  });
  pdf.fillColor('#000');
  pdf.y = legendY + 16;
  pdf.x = A4.margin;
}

/** Charts per plant or device: two columns, five rows a page, each with its name over its bars. */
const GRID = { columns: 2, rows: 5, gap: 18, head: 24 };

async function drawSubjectCharts(
  pdf: PDFKit.PDFDocument,
  content: ReportContent,
  charts: AsyncIterable<SubjectChart[]>,
  fontFor: (text: string, bold?: boolean) => string,
  drain: () => Promise<void>,
) {
  const width = (A4.width - 2 * A4.margin - GRID.gap) / GRID.columns;
  const height = (A4.height - 2 * A4.margin - GRID.head) / GRID.rows;
  let n = 0;
  for await (const batch of charts) {
    for (const chart of batch) {
      const cell = n % (GRID.columns * GRID.rows);
      if (cell === 0) {
        await drain();
        pdf.addPage();
        pdf.font('bold').fontSize(11).text(content.labels.plantCharts, A4.margin, A4.margin);
      }
      const x = A4.margin + (cell % GRID.columns) * (width + GRID.gap);
      const y = A4.margin + GRID.head + Math.floor(cell / GRID.columns) * height;
      pdf
        .font(fontFor(chart.name, true))
        .fontSize(8)
        .text(chart.name, x, y, { width, height: 10, ellipsis: true, lineBreak: false, ...UNCACHED });
      drawBars(
        pdf,
        { left: x + 30, top: y + 14, width: width - 30, height: height - 36 },
        { categories: content.categories, dataTypes: content.dataTypes, figureAt: valuesByDate(chart.periods) },
        { gridLines: 2, fontSize: 6, language: content.language },
      );
      n += 1;
    }
  }
}
