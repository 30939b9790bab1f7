import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type DataReportRow, type Language, languageTag, neutraliseFormula, type ReportDataType } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
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
  /** Fleet figures per local day (monthly) or month (annual). */
  periods: ({ start: string } & Record<ReportDataType, number>)[];
  totals: Record<ReportDataType, number>;
  subjects: number;
}

const text = (value: string) => neutraliseFormula(value);
const A4 = { width: 595.28, height: 841.89, margin: 40 };
const COLOURS = ['#f5a623', '#1677ff', '#52c41a', '#eb2f96', '#722ed1'];

export async function writeReportFiles(
  content: ReportContent,
  batches: AsyncIterable<DataReportRow[]>,
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
  pdf.pipe(out);
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
    // Lets the PDF's bytes drain to the file before the next batch (back-pressure).
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  rowsSheet.addRow({ plantName: labels.total, ...content.totals }).font = { bold: true };
  rowsSheet.commit();
  line([labels.total, ...(content.subject === 'device' ? [''] : []), ...dataTypes.map((key) => number(content.totals[key]))], true);
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

/** Bars of each data type per period (day or month), grouped, with the axis and a legend. */
function drawChart(pdf: PDFKit.PDFDocument, content: ReportContent, title: string) {
  const { periods, dataTypes, labels } = content;
  const left = A4.margin + 40;
  const top = pdf.y + 18;
  const width = A4.width - A4.margin - left;
  const height = 170;
  pdf.font('bold').fontSize(11).text(title, A4.margin, pdf.y);
  const max = Math.max(1, ...periods.flatMap((row) => dataTypes.map((key) => row[key])));
  pdf.font('regular').fontSize(7).fillColor('#555');
  for (let i = 0; i <= 4; i += 1) {
    const y = top + height - (height * i) / 4;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .strokeColor('#ddd')
      .stroke();
    pdf.text(Math.round((max * i) / 4).toLocaleString(languageTag(content.language)), A4.margin, y - 4, { width: 36, align: 'right' });
  }
  const slot = width / Math.max(1, periods.length);
  const bar = (slot * 0.8) / dataTypes.length;
  periods.forEach((row, i) => {
    dataTypes.forEach((key, k) => {
      const h = (row[key] / max) * height;
      pdf.rect(left + i * slot + slot * 0.1 + k * bar, top + height - h, bar, h).fill(COLOURS[k % COLOURS.length] as string);
    });
    // Every label when they fit, else every few.
    if (periods.length <= 12 || i % 5 === 0) {
      pdf.fillColor('#555').text(row.start.slice(periods.length > 12 ? 8 : 5, 10), left + i * slot, top + height + 3, {
        width: slot * (periods.length > 12 ? 5 : 1),
        align: 'left',
      });
    }
  });
  let x = left;
  const legendY = top + height + 16;
  dataTypes.forEach((key, k) => {
    pdf.rect(x, legendY, 8, 8).fill(COLOURS[k % COLOURS.length] as string);
    pdf.fillColor('#000').text(labels.columns[key], x + 11, legendY, { lineBreak: false });
    x += 11 + pdf.widthOfString(labels.columns[key]) + 14;
  });
  pdf.fillColor('#000');
  pdf.y = legendY + 16;
  pdf.x = A4.margin;
}
