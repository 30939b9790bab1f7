import { Access, Errno } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, plant } from '../../db/schema.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { attachmentsWithin, REPORT_MAIL_ATTACHMENTS_MAX_BYTES } from './exportService.ts';
import { createReportFleet, type ReportFleet } from './testFleet.ts';

let t: TestApp;
let fleet: ReportFleet;

// The jobs role stays off: the test runs the report job's passes itself, as a process would.
beforeAll(async () => {
  t = await startTestApp({}, { jobs: false });
  fleet = await createReportFleet(t);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, account: TestAccount, lang = 'en') =>
  t.call('POST', path, body, { token: account.token, lang }).then((a) => a.body);

/** Runs the report job until it has nothing left. */
async function drain() {
  while (await t.app.reportExports.pass()) {}
}

async function reportsOf(account: TestAccount) {
  const list = await post('/c/v0/report/list', {}, account);
  expect(list.errno).toBe(0);
  return list.result.reports as { id: number; tasks: { id: number; state: string; progress: number; files: string[] }[] }[];
}

/** The attachments of a raw MIME message as nodemailer writes it (multipart/mixed, base64 parts). */
function attachmentsIn(raw: string): { name: string; bytes: Buffer }[] {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .map((part) => {
      const [head = '', ...body] = part.split('\r\n\r\n');
      const name = head.replace(/\r\n\s+/g, ' ').match(/Content-Disposition: attachment;\s*filename="?([^"\r\n]+)"?/i)?.[1];
      return name ? { name, bytes: Buffer.from(body.join('\r\n\r\n').replace(/\s+/g, ''), 'base64') } : undefined;
    })
    .filter((file) => file !== undefined);
}

/** Sends what the outbox holds through the real SMTP capture and answers the first mail to `email` whose subject has `subject`. */
async function sentMail(email: string, subject: string) {
  await t.app.mail.deliverDue();
  for (;;) {
    const mail = await t.mail.waitFor(email);
    if (mail.text.includes(subject)) return mail;
  }
}

const mailsTo = async (email: string) =>
  (await t.database.db.select().from(mailOutbox)).filter((mail) => mail.recipient === email && mail.subject.includes('March report'));

describe('report export', () => {
  it('generates a monthly report as xlsx and PDF in the reader language, over the owner scope only, and mails it once', async () => {
    const { distributor, branchPlant } = fleet;
    const created = await post(
      '/c/v0/report/create',
      {
        name: 'March report',
        kind: 'monthly',
        date: '2026-03-01',
        summary: 'plant',
        dataTypes: ['pv', 'feedin'],
        emailPush: true,
        recipients: [distributor.email],
      },
      distributor,
      'de',
    );
    expect(created.errno).toBe(0);
    const [before] = await reportsOf(distributor);
    expect(before?.tasks[0]).toMatchObject({ state: 'generating', progress: 0, files: [] });
    await drain();
    const [after] = await reportsOf(distributor);
    const task = after?.tasks[0] as { id: number; state: string; files: string[] };
    expect(task).toMatchObject({ state: 'done', progress: 100, files: ['xlsx', 'pdf'] });

    // What the data report shows the same account for the same month.
    const screen = await post('/c/v0/report/data', { unit: 'day', from: '2026-03-01', to: '2026-03-31' }, distributor);
    expect(screen.result.total).toBe(1);

    const xlsx = await t.download('/c/v0/report/file', { task: task.id, format: 'xlsx' }, { token: distributor.token });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Übersicht', 'Nach Zeitraum', 'Datenbericht']);
    const summary = book.worksheets[0] as ExcelJS.Worksheet;
    const summaryValue = (label: string) =>
      (summary.getSheetValues().find((row) => Array.isArray(row) && row[1] === label) as unknown[])?.[2];
    expect(summaryValue('PV-Ertrag (kWh)')).toBeCloseTo(screen.result.totals.pv, 3);
    expect(summaryValue('Netzeinspeisung (kWh)')).toBeCloseTo(screen.result.totals.feedin, 3);
    const rows = book.worksheets[2] as ExcelJS.Worksheet;
    // Header, the branch's one plant, the totals row: plants out of the owner's scope are never in it.
    expect(rows.rowCount).toBe(3);
    expect(rows.getRow(2).getCell(1).value).toBe(screen.result.rows[0].plantName);
    expect(screen.result.rows[0].plantId).toBe(branchPlant.plantId);
    expect((book.worksheets[1] as ExcelJS.Worksheet).rowCount).toBe(1 + 31);
    // The chart on the period sheet: a part of its own, linked from the sheet, reading the sheet's columns.
    const zip = await JSZip.loadAsync(xlsx.bytes);
    const chart = (await zip.file('xl/charts/chart1.xml')?.async('string')) ?? '';
    expect(chart).toContain('<c:barChart>');
    expect(chart.match(/<c:ser>/g)).toHaveLength(2);
    expect(chart).toContain('<c:f>&apos;Nach Zeitraum&apos;!$B$2:$B$32</c:f>');
    expect(chart).toContain('<c:f>&apos;Nach Zeitraum&apos;!$C$2:$C$32</c:f>');
    const cached = [...(chart.split('<c:val>')[1]?.split('</c:val>')[0] ?? '').matchAll(/<c:v>([^<]+)<\/c:v>/g)].map((m) => Number(m[1]));
    const sheetPv = (book.worksheets[1] as ExcelJS.Worksheet).getColumn(2).values.slice(2).map(Number);
    expect(cached).toEqual(sheetPv);
    expect(await zip.file('xl/worksheets/sheet2.xml')?.async('string')).toContain('<drawing r:id="rId1"/>');
    expect(await zip.file('xl/worksheets/_rels/sheet2.xml.rels')?.async('string')).toContain('../drawings/drawing1.xml');
    expect(await zip.file('xl/drawings/_rels/drawing1.xml.rels')?.async('string')).toContain('../charts/chart1.xml');
    expect(await zip.file('[Content_Types].xml')?.async('string')).toContain('/xl/charts/chart1.xml');

    const pdf = await t.download('/c/v0/report/file', { task: task.id, format: 'pdf' }, { token: distributor.token });
    expect(pdf.contentType).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(pdf.bytes) }).getText()).text;
    expect(text).toContain('March report');
    expect(text).toContain('Monatsbericht');
    expect(text).toContain(screen.result.rows[0].plantName);
    // Each plant's own chart after the table: the heading, and the plant's name once more over its bars.
    expect(text).toContain('Energie jeder Anlage pro Zeitraum');
    expect(text.split(screen.result.rows[0].plantName).length - 1).toBe(2);
    expect(text).toContain(screen.result.totals.pv.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

    const mails = await mailsTo(distributor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('/bus/plantMaintain/reportExport');
    // Through SMTP, the mail carries both files as they are kept (they fit under the limit), and says so.
    const sent = await sentMail(distributor.email, 'March report');
    expect(sent.text).toContain("The report's xlsx and PDF files are attached to this email.");
    const attached = attachmentsIn(sent.raw);
    expect(attached.map((file) => file.name)).toEqual(['March_report-2026-03.xlsx', 'March_report-2026-03.pdf']);
    expect(attached[0]?.bytes.equals(Buffer.from(xlsx.bytes))).toBe(true);
    expect(attached[1]?.bytes.equals(Buffer.from(pdf.bytes))).toBe(true);
  });

  it('attaches the files only while they fit under the limit, the xlsx first', () => {
    const file = (name: string, size: number) => ({ name, size, contentType: 'application/pdf', sha256: name });
    const limit = REPORT_MAIL_ATTACHMENTS_MAX_BYTES;
    expect(attachmentsWithin([file('a.xlsx', 1000), file('a.pdf', limit - 1000)]).map((f) => f.name)).toEqual(['a.xlsx', 'a.pdf']);
    expect(attachmentsWithin([file('a.xlsx', 1000), file('a.pdf', limit - 999)]).map((f) => f.name)).toEqual(['a.xlsx']);
    expect(attachmentsWithin([file('a.xlsx', limit + 1), file('a.pdf', 10)])).toEqual([]);
  });

  it('prints a Chinese report with CJK glyphs, and a Chinese plant name in a German one', async () => {
    const { distributor, branchPlant } = fleet;
    const plantName = '北京屋顶 한강 さくら';
    await t.database.db.update(plant).set({ name: plantName }).where(eq(plant.id, branchPlant.plantId));
    for (const [lang, name] of [
      ['zh_CN', '三月报表'],
      ['de', 'März 報告'],
    ] as const) {
      const created = await post(
        '/c/v0/report/create',
        { name, kind: 'monthly', date: '2026-03-01', summary: 'plant', dataTypes: ['pv'] },
        distributor,
        lang,
      );
      expect(created.errno).toBe(0);
      await drain();
      const report = (await reportsOf(distributor)).find((r) => r.id === created.result.id);
      const task = report?.tasks[0] as { id: number; state: string };
      expect(task.state).toBe('done');
      const pdf = await t.download('/c/v0/report/file', { task: task.id, format: 'pdf' }, { token: distributor.token });
      const text = (await new PDFParse({ data: new Uint8Array(pdf.bytes) }).getText()).text;
      expect(text).toContain(name);
      if (lang === 'zh_CN') {
        expect(text).toContain('月报');
        expect(text).toContain('按电站');
        expect(text).toContain('光伏发电量');
      }
      expect(text).toContain(plantName);
    }
  });

  it('refuses a date before 1 September 2024 and recipients out of scope, and keeps files to their owner', async () => {
    const { distributor, admin } = fleet;
    const base = { name: 'Old', kind: 'monthly', summary: 'plant', dataTypes: ['pv'] };
    const old = await post('/c/v0/report/create', { ...base, date: '2024-08-01' }, distributor);
    expect(old.errno).toBe(Errno.reportBeforeFirstDate);
    expect((await post('/c/v0/report/create', { ...base, date: '2024-09-01' }, distributor)).errno).toBe(0);
    const stranger = await post(
      '/c/v0/report/create',
      { ...base, date: '2026-03-01', emailPush: true, recipients: [admin.email] },
      distributor,
    );
    expect(stranger.errno).toBe(Errno.reportRecipientUnknown);
    expect((await post('/c/v0/report/create', { ...base, date: '2026-03-15' }, distributor)).errno).toBe(Errno.bodyInvalid);
    // Administrators have no report export (spec: 1, 2, 3, 4).
    expect((await post('/c/v0/report/list', {}, admin)).errno).toBe(Errno.noPermission);
    const [report] = await reportsOf(distributor);
    const other = await t.createAccount(Access.distributor, { organisationId: fleet.branchId });
    const foreign = await post('/c/v0/report/file', { task: report?.tasks[0]?.id, format: 'pdf' }, other);
    const missing = await post('/c/v0/report/file', { task: 999_999, format: 'pdf' }, other);
    expect(foreign).toEqual(missing);
    expect(foreign.errno).toBe(Errno.notFound);
    expect((await post('/c/v0/report/delete', { id: report?.id }, other)).errno).toBe(Errno.notFound);
    expect(await reportsOf(other)).toEqual([]);
  });

  it('sends a scheduled report exactly once across a restart between generation and sending', async () => {
    const { distributor } = fleet;
    const created = await post(
      '/c/v0/report/create',
      {
        name: 'Scheduled',
        kind: 'monthly',
        date: `${new Date(Date.now()).toISOString().slice(0, 8)}01`,
        summary: 'plant',
        dataTypes: ['pv'],
        emailPush: true,
        recipients: [distributor.email],
        scheduled: true,
      },
      distributor,
    );
    expect(created.errno).toBe(0);
    await drain();
    const scheduledMails = async () =>
      (await t.database.db.select().from(mailOutbox)).filter((mail) => mail.subject.includes('Scheduled')).length;
    expect(await scheduledMails()).toBe(1); // the generation on demand
    // The month ends: the next month's first day, past the delay.
    const now = new Date();
    const due = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 14);
    t.clock.offsetMs = due - Date.now();
    // The process dies after the files are made, before the task is finished and its mail written.
    class Crash extends Error {}
    await expect(
      t.app.reportExports.pass({
        beforeFinish: async () => {
          throw new Crash('killed');
        },
        crash: (error) => error instanceof Crash,
      }),
    ).rejects.toBeInstanceOf(Crash);
    expect(await scheduledMails()).toBe(1);
    // Restarted at once: the task is still leased to the dead process.
    expect(await t.app.reportExports.pass()).toBe(false);
    // The lease runs out: the task is taken over, generated again and mailed once.
    t.clock.offsetMs = due + 11 * 60_000 - Date.now();
    await drain();
    expect(await scheduledMails()).toBe(2);
    const [report] = await reportsOf({ ...distributor, token: await t.signIn(distributor.username, distributor.password) });
    expect(report?.tasks.map((task) => task.state)).toEqual(['done', 'done']);
    // Later passes and restarts never make the period's task again.
    t.clock.offsetMs = due + 3 * 86_400_000 - Date.now();
    await drain();
    expect(await scheduledMails()).toBe(2);
    // Signed in again: the moved clock may be past the first session's lifetime.
    const later = { ...distributor, token: await t.signIn(distributor.username, distributor.password) };
    expect((await reportsOf(later))[0]?.tasks).toHaveLength(2);
    t.clock.offsetMs = 0;
  });
});
