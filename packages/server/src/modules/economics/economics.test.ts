import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createTelemetryRepo, type DeviceSample } from '../telemetry/repo.ts';
import { createRollupJob } from '../telemetry/rollups.ts';
import { socForecast } from './expected.ts';

let t: TestApp;
let plant: FleetPlant;
let admin: TestAccount;
let stranger: TestAccount;
const FIVE_MIN = 300_000;
/** Berlin's DST day, 29 March 2026 (23 hours), and the days around it. */
const START = Date.UTC(2026, 2, 27, 23, 0);
const ZONE = 'Europe/Berlin';
const PRICES = {
  feedInTariff: 0.08,
  importPrice: 0.3,
  pricePeriods: [
    { start: '22:30', end: '06:00', kind: 'valley', price: 0.1 },
    { start: '17:00', end: '20:00', kind: 'peak', price: 0.45 },
  ],
};
const localHour = (ts: number) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(ts));
const HOUR = 3_600_000;
/** The import price at a minute of the local clock. */
function priceAt(minute: number): number {
  if (minute >= 22 * 60 + 30 || minute < 6 * 60) return 0.1;
  if (minute >= 17 * 60 && minute < 20 * 60) return 0.45;
  return 0.3;
}
/** A local hour's price: the mean over its minutes (energy within an hour is not told apart). */
const priceOfHour = (hour: number) => Array.from({ length: 60 }, (_, m) => priceAt(hour * 60 + m)).reduce((a, b) => a + b) / 60;

/** Three days of an inverter whose PV follows the clock and whose load is partly bought: every counter moves. */
const samples: DeviceSample[] = [];
const expected = { savings: 0, exportRevenue: 0, pv: 0, loads: 0, grid: 0 };
/** Load covered without the grid per UTC hour of the DST day (Berlin's hours are whole UTC hours). */
const selfSuppliedByHour = new Map<number, number>();

beforeAll(async () => {
  t = await startTestApp();
  plant = await createFleetPlant(t.database.db, { timeZone: ZONE });
  admin = await t.createAccount(Access.admin);
  stranger = await t.createAccount(Access.endUser);
  const counters = { PVEnergyTotal: 100, generationTotal: 90, feedinTotal: 40, gridConsumptionTotal: 30, loadsTotal: 200 };
  const inverter = plant.devices[0] as { id: number };
  for (let i = 0; i < 3 * 288; i += 1) {
    const ts = START + i * FIVE_MIN;
    if (i > 0) {
      const hour = localHour(ts - FIVE_MIN);
      const sun = hour >= 7 && hour < 19 ? 0.2 + (hour % 5) * 0.02 : 0;
      const load = 0.05 + (hour % 3) * 0.01;
      const bought = sun > 0 ? 0.01 : load * 0.8;
      const step = {
        PVEnergyTotal: sun,
        generationTotal: sun * 0.95,
        feedinTotal: sun * 0.5,
        gridConsumptionTotal: bought,
        loadsTotal: load,
      };
      for (const [name, value] of Object.entries(step)) counters[name as keyof typeof counters] += value;
      if (ts > Date.UTC(2026, 2, 28, 23) && ts <= Date.UTC(2026, 2, 29, 22)) {
        // The DST day's intervals (its buckets are those of each interval's end).
        // An interval's energy belongs to the bucket of its end (telemetry/rollups.ts).
        const hourStart = Math.floor(ts / HOUR) * HOUR;
        selfSuppliedByHour.set(hourStart, (selfSuppliedByHour.get(hourStart) ?? 0) + load - bought);
        expected.exportRevenue += step.feedinTotal * PRICES.feedInTariff;
        expected.pv += sun;
        expected.loads += load;
        expected.grid += bought;
      }
    }
    samples.push({ deviceId: inverter.id, plantId: plant.plantId, ts, vars: { ...counters } });
  }
  for (const [hourStart, kwh] of selfSuppliedByHour) expected.savings += kwh * priceOfHour(localHour(hourStart));
  await createTelemetryRepo(t.database.db).writeBatch(samples);
  await createRollupJob(t.database.db, t.database.kind).settle();
});
afterAll(() => t.close());

const post = (path: string, body: unknown, account: TestAccount) =>
  t.call('POST', path, body, { token: account.token }).then((a) => a.body);
const economics = (body: object, account = admin) => post('/c/v0/plant/economics/query', { id: plant.plantId, ...body }, account);
const report = (body: object) => post('/c/v0/plant/report/query', { id: plant.plantId, ...body }, admin);
const seriesOf = (answer: { result: { series: { variable: string; data: number[] }[] } }, variable: string) =>
  answer.result.series.find((s) => s.variable === variable)?.data ?? [];

describe('plant economics', () => {
  it('keeps the plant prices an owner sets, and refuses overlapping periods without changing anything', async () => {
    const saved = await post('/c/v0/plant/update', { id: plant.plantId, ...PRICES }, admin);
    expect(saved.errno).toBe(0);
    const bad = await post(
      '/c/v0/plant/update',
      {
        id: plant.plantId,
        importPrice: 0.5,
        pricePeriods: [...PRICES.pricePeriods, { start: '05:00', end: '07:00', kind: 'flat', price: 0.2 }],
      },
      admin,
    );
    expect(bad.errno).toBe(Errno.bodyInvalid);
    const detail = await t.call('GET', `/c/v0/plant/detail?id=${plant.plantId}`, undefined, { token: admin.token });
    expect(detail.body.result).toMatchObject(PRICES);
  });

  it("prices a DST day's hours at the feed-in tariff and the time-of-use import prices of the plant's clock", async () => {
    const day = await economics({ dimension: 'day', year: 2026, month: 3, day: 29 });
    expect(day.errno).toBe(0);
    expect(day.result.buckets).toHaveLength(23);
    expect(day.result.buckets[2].key).toBe('2026-03-29T03:00');
    const { total } = day.result;
    expect(total.savings).toBeCloseTo(expected.savings, 3);
    expect(total.exportRevenue).toBeCloseTo(expected.exportRevenue, 3);
    expect(total.pv).toBeCloseTo(expected.pv, 3);
    expect(total.autarkyRatio).toBeCloseTo((expected.loads - expected.grid) / expected.loads, 6);
    // Production is the AC output (0.95 of PV), half of PV exported.
    expect(total.selfConsumptionRatio).toBeCloseTo((0.95 - 0.5) / 0.95, 6);
    expect(total.co2AvoidedKg).toBeCloseTo(expected.pv * day.result.factors.co2KgPerKwh, 2);
    expect(total.trees).toBeCloseTo(total.co2AvoidedKg / day.result.factors.co2KgPerTree, 2);
  });

  it('agrees with the energy report bucket by bucket, for a day, a month and a year', async () => {
    for (const period of [
      { dimension: 'day', year: 2026, month: 3, day: 29 },
      { dimension: 'month', year: 2026, month: 3 },
      { dimension: 'year', year: 2026 },
    ]) {
      const [money, energy] = await Promise.all([economics(period), report(period)]);
      expect(money.result.buckets.map((b: { key: string }) => b.key)).toEqual(energy.result.buckets);
      for (const [field, counter] of [
        ['pv', 'PVEnergyTotal'],
        ['feedin', 'feedinTotal'],
        ['gridConsumption', 'gridConsumptionTotal'],
        ['loads', 'loadsTotal'],
      ] as const) {
        const energies = seriesOf(energy, counter);
        money.result.buckets.forEach((bucket: Record<string, number>, i: number) => {
          expect(bucket[field], `${period.dimension} ${field} ${i}`).toBeCloseTo(energies[i] ?? 0, 3);
        });
      }
    }
  });

  it('says nothing of money without a price: no tariff, or hours neither the import price nor a period prices', async () => {
    await post('/c/v0/plant/update', { id: plant.plantId, feedInTariff: null, importPrice: null }, admin);
    const day = await economics({ dimension: 'day', year: 2026, month: 3, day: 29 });
    expect(day.result.total).toMatchObject({ exportRevenue: null, savings: null });
    expect(day.result.total.pv).toBeCloseTo(expected.pv, 3);
    await post('/c/v0/plant/update', { id: plant.plantId, ...PRICES }, admin);
  });

  it('answers a plant out of scope exactly like a missing one, and an incomplete period with a translated errno', async () => {
    const period = { dimension: 'month', year: 2026, month: 3 };
    const hidden = await economics(period, stranger);
    const missing = await post('/c/v0/plant/economics/query', { id: plant.plantId + 1000, ...period }, stranger);
    expect(hidden).toEqual({ errno: Errno.notFound, result: {} });
    expect(hidden).toEqual(missing);
    const incomplete = await economics({ dimension: 'day', year: 2026 });
    expect(incomplete.errno).toBe(Errno.bodyInvalid);
    const lifetime = await economics({ dimension: 'lifetime' });
    expect(lifetime.errno).toBe(Errno.bodyInvalid);
  });

  it("sets the actual yield beside what the plant's place, size and modules give, and says what it lacks for that", async () => {
    const period = { dimension: 'month', year: 2026, month: 3 };
    const unknown = await post('/c/v0/plant/performance/query', { id: plant.plantId, ...period }, admin);
    expect(unknown.result.model).toBeNull();
    expect(unknown.result.total).toMatchObject({ expected: null, performanceRatio: null });
    await post(
      '/c/v0/plant/update',
      { id: plant.plantId, latitude: 47.99, longitude: 7.85, pvSizeKwp: 5, panelTilt: 35, panelAzimuth: 170 },
      admin,
    );
    const [performance, energy] = await Promise.all([
      post('/c/v0/plant/performance/query', { id: plant.plantId, ...period }, admin),
      report(period),
    ]);
    expect(performance.result.model).toEqual({ peakKw: 5, tilt: 35, azimuth: 170, assumedOrientation: false });
    const pv = seriesOf(energy, 'PVEnergyTotal');
    performance.result.buckets.forEach((bucket: { actual: number; expected: number; clearSky: number }, i: number) => {
      expect(bucket.actual).toBeCloseTo(pv[i] ?? 0, 3);
      expect(bucket.clearSky).toBeGreaterThan(bucket.expected);
    });
    const { total } = performance.result;
    // March is past: the whole month counts, and the ratio is the actual over the expectation.
    expect(total.expectedToNow).toBeCloseTo(total.expected, 3);
    expect(total.ratioToExpected).toBeCloseTo(total.actual / total.expected, 3);
    // The performance ratio's reference is the light on the modules without the model's losses: a lower ratio.
    expect(total.performanceRatio).toBeLessThan(total.ratioToExpected);
    expect(total.performanceRatio).toBeGreaterThan(total.ratioToExpected * 0.75);
  });

  it("forecasts the plant's today and tomorrow in 15-minute steps, and a battery's SoC within its limits", async () => {
    const forecast = await post('/c/v0/plant/forecast/query', { id: plant.plantId }, admin);
    expect(forecast.errno).toBe(0);
    expect(forecast.result.days).toHaveLength(2);
    // Two local days of 23 to 25 hours each.
    expect(forecast.result.points.length).toBeGreaterThanOrEqual(2 * 23 * 4);
    expect(forecast.result.points.length).toBeLessThanOrEqual(2 * 25 * 4);
    const noonOfTomorrow = forecast.result.points.filter((p: { typical: number }) => p.typical > 0);
    expect(noonOfTomorrow.length).toBeGreaterThan(0);
    expect(forecast.result.battery).toBeNull();
    // 10 kWh from 50 %: 2 kW of surplus for an hour charges 19 %, 8 kW of load drains at most 0.5 C.
    const socs = socForecast(10, 50, [
      { pvKw: 3, loadKw: 1, hours: 1 },
      { pvKw: 0, loadKw: 8, hours: 1 },
      { pvKw: 0, loadKw: 8, hours: 10 },
    ]);
    expect(socs[0]).toBeCloseTo(69, 6);
    expect(socs[1]).toBeCloseTo(69 - (5 / 0.95 / 10) * 100, 6);
    expect(socs[2]).toBe(10);
  });

  it('answers the expectation and the forecast of a plant out of scope exactly like a missing one', async () => {
    for (const [path, body] of [
      ['/c/v0/plant/performance/query', { dimension: 'year', year: 2026 }],
      ['/c/v0/plant/forecast/query', {}],
    ] as const) {
      const hidden = await post(path, { id: plant.plantId, ...body }, stranger);
      const missing = await post(path, { id: plant.plantId + 1000, ...body }, stranger);
      expect(hidden, path).toEqual({ errno: Errno.notFound, result: {} });
      expect(hidden).toEqual(missing);
    }
  });
});
