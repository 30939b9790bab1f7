import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetPlant } from '../../test/fleetFixture.ts';
import { firstSheetOf, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createReportFleet } from './testFleet.ts';

let t: TestApp;
let berlin: FleetPlant;
let newYork: FleetPlant;
let branchPlant: FleetPlant;
let admin: TestAccount;
let distributor: TestAccount;
let integrator: TestAccount;
let branchId: number;

beforeAll(async () => {
  t = await startTestApp();
  ({ berlin, newYork, branchPlant, admin, distributor, integrator, branchId } = await createReportFleet(t));
});
afterAll(() => t.close());

const post = (path: string, body: unknown, account: TestAccount) =>
  t.call('POST', path, body, { token: account.token }).then((a) => a.body);

/** Monitoring's figures of a plant: each day of March 2026 in the plant's own calendar. */
async function monitoringDays(plantId: number) {
  const month = await post('/c/v0/plant/report/query', { id: plantId, dimension: 'month', year: 2026, month: 3 }, admin);
  expect(month.errno).toBe(0);
  const of = (variable: string) => month.result.series.find((s: { variable: string }) => s.variable === variable).data as number[];
  return { pv: of('PVEnergyTotal'), feedin: of('feedinTotal'), load: of('loadsTotal'), gridImport: of('gridConsumptionTotal') };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const rowOf = (rows: { plantId: number }[], id: number) => rows.find((row) => row.plantId === id) as unknown as Record<string, number>;

describe('data report', () => {
  it("equals monitoring's figures per plant across a DST month in two zones, by days and by month", async () => {
    const byDays = await post('/c/v0/report/data', { unit: 'day', from: '2026-03-01', to: '2026-03-31', pageSize: 50 }, admin);
    const byMonth = await post('/c/v0/report/data', { unit: 'month', from: '2026-03-01', to: '2026-03-01', pageSize: 50 }, admin);
    expect(byDays.errno).toBe(0);
    expect(byDays.result.total).toBe(3);
    for (const fleet of [berlin, newYork, branchPlant]) {
      const days = await monitoringDays(fleet.plantId);
      for (const report of [byDays, byMonth]) {
        const row = rowOf(report.result.rows, fleet.plantId);
        for (const key of ['pv', 'feedin', 'load', 'gridImport'] as const) expect(row[key]).toBeCloseTo(sum(days[key]), 2);
      }
    }
    // One day: the 8th, New York's 23-hour day, and the 29th, Berlin's.
    for (const [fleet, day] of [
      [newYork, 8],
      [berlin, 29],
    ] as const) {
      const date = `2026-03-${String(day).padStart(2, '0')}`;
      const one = await post('/c/v0/report/data', { unit: 'day', from: date, to: date }, admin);
      expect(rowOf(one.result.rows, fleet.plantId).pv).toBeCloseTo((await monitoringDays(fleet.plantId)).pv[day - 1] as number, 3);
    }
    // The totals row adds the rows up; ratios come from the sums.
    const totals = byDays.result.totals;
    expect(totals.pv).toBeCloseTo(sum(byDays.result.rows.map((row: { pv: number }) => row.pv)), 2);
    expect(totals.selfConsumption).toBeCloseTo((totals.pv - totals.feedin) / totals.pv, 3);
    const berlinRow = rowOf(byDays.result.rows, berlin.plantId);
    expect(berlinRow.specificYield).toBeCloseTo((berlinRow.pv as number) / 8, 3);
  });

  it('gives the same period last year, sorts, pages and filters', async () => {
    const march10 = await post('/c/v0/report/data', { unit: 'day', from: '2026-03-10', to: '2026-03-11' }, admin);
    expect(rowOf(march10.result.rows, berlin.plantId).pvLastYear).toBeGreaterThan(0);
    expect(rowOf(march10.result.rows, newYork.plantId).pvLastYear).toBe(0);
    const base = { unit: 'month', from: '2026-03-01', to: '2026-03-01' };
    const ascending = await post('/c/v0/report/data', { ...base, sort: 'pv', order: 'asc', pageSize: 10 }, admin);
    const pvs = ascending.result.rows.map((row: { pv: number }) => row.pv);
    expect(pvs).toEqual([...pvs].sort((a, b) => a - b));
    const second = await post('/c/v0/report/data', { ...base, sort: 'name', currentPage: 2, pageSize: 10 }, admin);
    expect(second.result.rows).toEqual([]);
    expect(second.result.total).toBe(3);
    expect(second.result.totals.pv).toBeCloseTo(ascending.result.totals.pv, 6);
    const austria = await post('/c/v0/report/data', { ...base, country: 'AT' }, admin);
    expect(austria.result.rows.map((row: { plantId: number }) => row.plantId)).toEqual([branchPlant.plantId]);
    const ofBranch = await post('/c/v0/report/data', { ...base, organisationId: branchId }, admin);
    expect(ofBranch.result.total).toBe(1);
    const byModel = await post('/c/v0/report/data', { ...base, subject: 'device', model: 'Fixture 5K', series: 'Fixture 5K' }, admin);
    expect(byModel.result.total).toBe(3);
    const noSeries = await post('/c/v0/report/data', { ...base, series: 'H3' }, admin);
    expect(noSeries.result.total).toBe(0);
  });

  it('never counts a plant or device out of scope', async () => {
    const base = { unit: 'month', from: '2026-03-01', to: '2026-03-01' };
    const mine = await post('/c/v0/report/data', base, distributor);
    expect(mine.result.rows.map((row: { plantId: number }) => row.plantId)).toEqual([branchPlant.plantId]);
    expect(mine.result.totals.pv).toBeCloseTo(mine.result.rows[0].pv, 6);
    // Another branch's filter finds nothing rather than its plants.
    const root = await post('/c/v0/report/data', { ...base, organisationId: 1 }, distributor);
    expect(root.result.total).toBe(1);
    const devices = await post('/c/v0/report/data', base, integrator);
    expect(devices.result.rows.map((row: { sn: string }) => row.sn)).toEqual([newYork.devices[0]?.sn]);
    const choices = await t.call('GET', '/c/v0/report/data/choices', undefined, { token: distributor.token });
    expect(choices.body.result.branches.map((b: { id: number }) => b.id)).toEqual([branchId]);
    const endUser = await t.createAccount(Access.endUser);
    expect((await post('/c/v0/report/data', base, endUser)).errno).toBe(Errno.noPermission);
  });

  it('refuses bad ranges with a clear message', async () => {
    for (const body of [
      { unit: 'day', from: '2026-03-01', to: '2026-04-15' },
      { unit: 'day', from: '2026-03-02', to: '2026-03-01' },
      { unit: 'month', from: '2026-03-02', to: '2026-03-02' },
      { unit: 'day', from: '2026-02-30', to: '2026-03-01' },
    ]) {
      const answer = await post('/c/v0/report/data', body, admin);
      expect(answer.errno).toBe(Errno.bodyInvalid);
    }
  });

  it('exports the rows and the totals row as xlsx and CSV', async () => {
    const body = { unit: 'day', from: '2026-03-01', to: '2026-03-31', sort: 'name', order: 'asc' };
    const screen = await post('/c/v0/report/data', { ...body, pageSize: 50 }, admin);
    const xlsx = await t.download('/c/v0/report/data/export', { ...body, format: 'xlsx' }, { token: admin.token, lang: 'de' });
    const sheet = await firstSheetOf(xlsx.bytes);
    expect(sheet.getRow(1).getCell(1).value).toBe('Anlage');
    expect(sheet.rowCount).toBe(1 + 3 + 1);
    const pvColumn = (sheet.getRow(1).values as unknown[]).indexOf('PV-Ertrag (kWh)');
    expect(sheet.getRow(2).getCell(pvColumn).value).toBe(screen.result.rows[0].pv);
    expect(sheet.getRow(5).getCell(1).value).toBe('Summe');
    expect(sheet.getRow(5).getCell(pvColumn).value).toBe(screen.result.totals.pv);
    const csv = await t.download('/c/v0/report/data/export', { ...body, format: 'csv' }, { token: admin.token });
    expect(csv.contentType).toContain('text/csv');
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]?.startsWith('Total,')).toBe(true);
  });
});
