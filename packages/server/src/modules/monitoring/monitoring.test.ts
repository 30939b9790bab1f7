import { Access, Errno, offsetAt } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { startOfLocalDate } from '../telemetry/calendar.ts';
import { createTelemetryRepo, type DeviceSample } from '../telemetry/repo.ts';
import { createRollupJob } from '../telemetry/rollups.ts';
import { downsample } from './service.ts';

let t: TestApp;
let plant: FleetPlant;
let admin: TestAccount;
let stranger: TestAccount;
const FIVE_MIN = 300_000;
/** Berlin's DST day, 29 March 2026: 23 hours from 23:00 UTC the day before. */
const DST_DAY_START = Date.UTC(2026, 2, 28, 23, 0);

beforeAll(async () => {
  t = await startTestApp();
  plant = await createFleetPlant(t.database.db, { timeZone: 'Europe/Berlin' });
  admin = await t.createAccount(Access.admin);
  stranger = await t.createAccount(Access.endUser);
  // Two days of an inverter at 1.2 kW (0.1 kWh per 5 minutes), from the start of the DST day.
  const inverter = plant.devices[0] as { id: number };
  const samples: DeviceSample[] = Array.from({ length: 2 * 288 }, (_, i) => ({
    deviceId: inverter.id,
    plantId: plant.plantId,
    ts: DST_DAY_START + i * FIVE_MIN,
    vars: { pvPower: 1.2, loadsPower: 0.5, feedinPower: 0.7, PVEnergyTotal: 50 + i * 0.1 },
  }));
  // Live values now, so the flow and the summary have something current.
  const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
  samples.push({
    deviceId: inverter.id,
    plantId: plant.plantId,
    ts: now,
    vars: { pvPower: 3, loadsPower: 1, feedinPower: 2 },
  });
  await createTelemetryRepo(t.database.db).writeBatch(samples);
  await createRollupJob(t.database.db, t.database.kind).settle();
});
afterAll(() => t.close());

const post = (path: string, body: unknown, account: TestAccount) =>
  t.call('POST', path, body, { token: account.token }).then((a) => a.body);

describe('monitoring calls', () => {
  it("reports a plant's energy per hour of a DST day, per day of the month and per month of the year", async () => {
    const day = await post('/c/v0/plant/report/query', { id: plant.plantId, dimension: 'day', year: 2026, month: 3, day: 29 }, admin);
    expect(day.errno).toBe(0);
    expect(day.result.buckets).toHaveLength(23);
    const pvHours = day.result.series.find((s: { variable: string }) => s.variable === 'PVEnergyTotal').data as number[];
    // The first sample is a baseline; every later 5 minutes add 0.1 kWh.
    expect(pvHours[0]).toBeCloseTo(1.1, 6);
    expect(pvHours[5]).toBeCloseTo(1.2, 6);
    const month = await post('/c/v0/plant/report/query', { id: plant.plantId, dimension: 'month', year: 2026, month: 3 }, admin);
    const pvDays = month.result.series.find((s: { variable: string }) => s.variable === 'PVEnergyTotal').data as number[];
    expect(month.result.buckets).toHaveLength(31);
    expect(pvDays[28]).toBeCloseTo(27.5, 6);
    expect(pvDays[29]).toBeCloseTo(28.8, 6);
    const year = await post('/c/v0/plant/report/query', { id: plant.plantId, dimension: 'year', year: 2026 }, admin);
    const pvMonths = year.result.series.find((s: { variable: string }) => s.variable === 'PVEnergyTotal').data as number[];
    expect(pvMonths[2]).toBeCloseTo(
      pvDays.reduce((a, b) => a + b, 0),
      6,
    );
    const lifetime = await post('/c/v0/plant/report/query', { id: plant.plantId, dimension: 'lifetime' }, admin);
    expect(lifetime.result.buckets).toEqual(['2026']);
  });

  it('answers history from raw samples for a day, from rollups beyond, never above the points asked for', async () => {
    const sn = plant.devices[0]?.sn as string;
    const day = await post(
      '/c/v0/device/history/query',
      { sn, begin: DST_DAY_START, end: DST_DAY_START + 86_400_000, variables: ['pvPower'] },
      admin,
    );
    expect(day.result.resolutionMs).toBe(0);
    expect(day.result.series[0].data).toHaveLength(288);
    const twoDays = { sn, begin: DST_DAY_START, end: DST_DAY_START + 2 * 86_400_000, variables: ['pvPower', 'loadsPower'] };
    const fine = await post('/c/v0/device/history/query', twoDays, admin);
    expect(fine.result.resolutionMs).toBe(FIVE_MIN);
    expect(fine.result.series[1].data[0]).toEqual([DST_DAY_START, 0.5]);
    const narrow = await post('/c/v0/device/history/query', { ...twoDays, points: 100 }, admin);
    expect(narrow.result.series[0].data.length).toBeLessThanOrEqual(100);
    const tooLong = await post('/c/v0/device/history/query', { ...twoDays, end: DST_DAY_START + 400 * 86_400_000 }, admin);
    expect(tooLong.errno).toBe(Errno.bodyInvalid);
  });

  it('shows the power flow now and the latest values', async () => {
    const flow = await t.call('GET', `/c/v0/plant/real/flow?id=${plant.plantId}`, undefined, { token: admin.token });
    expect(flow.body.result).toMatchObject({ pv: 3, load: 1, grid: -2, battery: null });
    const real = await post('/c/v0/device/real/query', { sns: [plant.devices[0]?.sn], variables: ['pvPower'] }, admin);
    expect(real.result.devices).toEqual([{ sn: plant.devices[0]?.sn, ts: expect.any(Number), vars: { pvPower: 3 } }]);
    const summary = await t.call('GET', '/c/v0/plant/summary', undefined, { token: admin.token });
    expect(summary.body.result.currentPower).toBe(3);
    expect(summary.body.result.lifetimeYield).toBeCloseTo(57.5, 6);
    const overview = await post('/c/v0/plant/overview', { pageSize: 10 }, admin);
    expect(overview.result.total).toBe(1);
    expect(overview.result.plants[0]).toMatchObject({ id: plant.plantId, power: 3, status: 'normal' });
    expect(overview.result.plants[0].lifetimeYield).toBeCloseTo(57.5, 6);
  });

  it('answers a plant or device out of scope exactly like a missing one', async () => {
    const sn = plant.devices[0]?.sn as string;
    const probes: [string, string, unknown, unknown][] = [
      [
        'POST',
        '/c/v0/plant/report/query',
        { id: plant.plantId, dimension: 'lifetime' },
        { id: plant.plantId + 1000, dimension: 'lifetime' },
      ],
      [
        'POST',
        '/c/v0/plant/curve/query',
        { id: plant.plantId, year: 2026, month: 3, day: 29 },
        { id: plant.plantId + 1000, year: 2026, month: 3, day: 29 },
      ],
      ['GET', `/c/v0/plant/real/flow?id=${plant.plantId}`, undefined, undefined],
      [
        'POST',
        '/c/v0/device/history/query',
        { sn, begin: 0, end: 1000, variables: ['pvPower'] },
        { sn: 'NOPE', begin: 0, end: 1000, variables: ['pvPower'] },
      ],
      [
        'POST',
        '/c/v0/device/report/query',
        { sn, dimension: 'lifetime', variables: ['PVEnergyTotal'] },
        { sn: 'NOPE', dimension: 'lifetime', variables: ['PVEnergyTotal'] },
      ],
    ];
    for (const [method, path, body, missingBody] of probes) {
      const answer = await t.call(method as 'GET', path, body, { token: stranger.token });
      const missingPath = method === 'GET' ? `/c/v0/plant/real/flow?id=${plant.plantId + 1000}` : path;
      const missing = await t.call(method as 'GET', missingPath, missingBody, { token: stranger.token });
      expect(answer.body, path).toEqual({ errno: Errno.notFound, result: {} });
      expect(answer.body).toEqual(missing.body);
    }
    const real = await post('/c/v0/device/real/query', { sns: [sn] }, stranger);
    expect(real.result.devices).toEqual([]);
    const summary = await t.call('GET', '/c/v0/plant/summary', undefined, { token: stranger.token });
    expect(summary.body.result).toMatchObject({ plants: { total: 0 }, currentPower: 0, lifetimeYield: 0 });
    const overview = await post('/c/v0/plant/overview', { pageSize: 10 }, stranger);
    expect(overview.result).toMatchObject({ total: 0, plants: [] });
  });

  // Last: the plants it adds would change the fleet figures above.
  it("labels a day's hours in the plant's zone as the plant calendar does, DST days and midnight changes included", async () => {
    const days: [string, string[]][] = [
      ['Europe/Berlin', ['2026-03-29', '2026-10-25', '2026-06-21']],
      ['America/Santiago', ['2025-04-05', '2025-04-06', '2025-09-06', '2025-09-07']],
      ['Australia/Lord_Howe', ['2025-04-06', '2025-10-05']],
      ['Asia/Kolkata', ['2025-06-21']],
    ];
    for (const [timeZone, dates] of days) {
      const other = await createFleetPlant(t.database.db, { timeZone });
      for (const date of dates) {
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const answer = await post('/c/v0/plant/report/query', { id: other.plantId, dimension: 'day', year, month, day }, admin);
        // The hours from the local midnight to the next, each labelled with its local time.
        const end = startOfLocalDate(new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10), timeZone);
        const expected: string[] = [];
        for (let ts = startOfLocalDate(date, timeZone); ts < end; ts += 3_600_000) {
          expected.push(`${new Date(ts + offsetAt(timeZone, ts)).toISOString().slice(0, 13)}:00`);
        }
        expect(answer.result.buckets, `${timeZone} ${date}`).toEqual(expected);
        expect(answer.result.series[0].data).toEqual(expected.map(() => 0));
      }
    }
  });
});

describe('downsampling', () => {
  it('averages into at most the asked number of points', () => {
    const points = Array.from({ length: 1000 }, (_, i): [number, number] => [i, i % 2]);
    const result = downsample(points, 0, 1000, 100);
    expect(result.length).toBeLessThanOrEqual(100);
    expect(result.every(([, value]) => value === 0.5)).toBe(true);
  });
});
