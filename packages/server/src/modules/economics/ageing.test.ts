import { Access, Errno } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, plant as plantTable, pvStringConfig } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createTelemetryRepo, type DeviceSample } from '../telemetry/repo.ts';
import { createRollupJob } from '../telemetry/rollups.ts';

let t: TestApp;
let plant: FleetPlant;
let admin: TestAccount;
let stranger: TestAccount;
const ZONE = 'Asia/Seoul';
const HOUR = 3_600_000;
const FIVE_MIN = 300_000;
/** Seoul is UTC+9 all year: a local wall-clock time as UTC ms. */
const seoul = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 9, min);
const batterySn = () => `BAT${plant.dataloggerSn}`;
const chargerSn = () => `EV${plant.dataloggerSn}`;

beforeAll(async () => {
  t = await startTestApp();
  plant = await createFleetPlant(t.database.db, { timeZone: ZONE, devices: 2, battery: true });
  admin = await t.createAccount(Access.admin);
  stranger = await t.createAccount(Access.endUser);
  const db = t.database.db;
  const [battery] = await db.select({ id: device.id, sn: device.sn }).from(device).where(eq(device.sn, batterySn()));
  const [charger] = await db
    .insert(device)
    .values({ sn: chargerSn(), dataloggerSn: plant.dataloggerSn, plantId: plant.plantId, type: 'evCharger', model: 'Fixture 11' })
    .returning({ id: device.id });
  const [master, second] = plant.devices as [{ id: number; sn: string }, { id: number; sn: string }];
  const samples: DeviceSample[] = [];
  const push = (deviceId: number, ts: number, vars: Record<string, number>) => samples.push({ deviceId, plantId: plant.plantId, ts, vars });

  // October and November (to the 20th): the master inverter discharges 5 kWh a day; the battery (10 kWh at
  // SoC 50 %) reports SoH 99 in October and 98 in November.
  let discharged = 0;
  for (let ts = seoul(2026, 10, 1); ts <= seoul(2026, 11, 20); ts += HOUR) {
    push(master.id, ts, { dischargeEnergyTotal: discharged });
    discharged += 5 / 24;
    const soh = ts < seoul(2026, 11, 1) ? 99 : 98;
    push(Number(battery?.id), ts, { SoC: 50, ResidualEnergy: 5, SOH: soh });
  }

  // 10 November: three strings of the second inverter, the third giving half of what its size should.
  for (let ts = seoul(2026, 11, 10, 6); ts <= seoul(2026, 11, 10, 18); ts += FIVE_MIN) {
    const sun = Math.max(0, Math.sin((Math.PI * (ts - seoul(2026, 11, 10, 6))) / (12 * HOUR)));
    // Sizes: 4, 4 and 2 kWp (configured below); string 3 yields half per kWp.
    push(second.id, ts, { pv1Power: 4 * sun * 0.8, pv2Power: 4 * sun * 0.8, pv3Power: 2 * sun * 0.4 });
  }

  // The charger: a session plugged in on 30 September (September's), one on 5 October, one from 31 October into November.
  const session = (from: number, minutes: number, kw: number, chargeMinutes: number) => {
    push(Number(charger?.id), from - FIVE_MIN, { connectorState: 0, sessionEnergy: 0, chargePower: 0 });
    for (let m = 0; m <= minutes; m += 5) {
      const charging = m < chargeMinutes;
      const energy = (kw * Math.min(m, chargeMinutes)) / 60;
      push(Number(charger?.id), from + m * 60_000, {
        connectorState: charging ? 2 : 1,
        sessionEnergy: energy,
        chargePower: charging ? kw : 0,
      });
    }
    push(Number(charger?.id), from + (minutes + 5) * 60_000, { connectorState: 0, sessionEnergy: 0, chargePower: 0 });
  };
  session(seoul(2026, 9, 30, 23), 120, 11, 60);
  session(seoul(2026, 10, 5, 18), 600, 7.2, 120);
  session(seoul(2026, 10, 31, 22), 480, 11, 90);

  await createTelemetryRepo(db).writeBatch(samples);
  await createRollupJob(db, t.database.kind).settle();
  // String 1 and 2: 10 modules of 400 W; string 3: 5 modules.
  const module = { voc: 49, isc: 10.5, vmp: 40, imp: 10, cells: 72, iscTempCoeff: 0.05, vocTempCoeff: -0.29 };
  await db.insert(pvStringConfig).values({
    deviceSn: second.sn,
    strings: [
      { modules: 10, parallel: 1 },
      { modules: 10, parallel: 1 },
      { modules: 5, parallel: 1 },
    ],
    module: module as never,
    updatedBy: admin.id,
  });
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, account = admin) => t.call('POST', path, body, { token: account.token }).then((a) => a.body);

describe('battery health', () => {
  it("reports the battery's SoH per month of the plant's calendar and its cycles from the plant's discharge over its capacity", async () => {
    const answer = await post('/c/v0/device/battery/health/query', { sn: batterySn() });
    expect(answer.errno).toBe(0);
    const health = answer.result;
    expect(health.timeZone).toBe(ZONE);
    expect(health.soh).toBe(98);
    expect(health.capacityKwh).toBe(10);
    expect(health.cycleSource).toBe('plant');
    // 50 days less an hour at 5 kWh a day, over 10 kWh.
    expect(health.dischargedKwh).toBeCloseTo(5 * (50 - 1 / 24), 0);
    expect(health.cycles).toBeCloseTo(health.dischargedKwh / 10, 1);
    expect(health.months.map((m: { month: string }) => m.month)).toEqual(['2026-10', '2026-11']);
    expect(health.months[0]).toMatchObject({ soh: 99 });
    expect(health.months[0].cycles).toBeCloseTo((31 * 5 - 5 / 24) / 10, 1);
    expect(health.months[1]).toMatchObject({ soh: 98, cycles: health.cycles });
  });
});

describe('charging sessions', () => {
  it("lists the sessions that began in a month of the plant's calendar, with energy, duration and charging time", async () => {
    const answer = await post('/c/v0/device/charging/sessions/query', { sn: chargerSn(), year: 2026, month: 10 });
    expect(answer.errno).toBe(0);
    const { sessions, total } = answer.result;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toEqual({
      start: seoul(2026, 10, 5, 18),
      end: seoul(2026, 10, 5, 18) + 600 * 60_000,
      energyKwh: 14.4,
      // The fixture's plant has no import price.
      cost: null,
      durationMs: 600 * 60_000,
      chargingMs: 120 * 60_000,
    });
    // The one plugged in on the evening of 31 October runs into November and belongs to October.
    expect(sessions[1]).toMatchObject({ start: seoul(2026, 10, 31, 22), energyKwh: 16.5, durationMs: 480 * 60_000 });
    expect(total).toEqual({ sessions: 2, energyKwh: 30.9, durationMs: 1080 * 60_000, cost: null });
    const september = await post('/c/v0/device/charging/sessions/query', { sn: chargerSn(), year: 2026, month: 9 });
    expect(september.result.sessions.map((s: { start: number }) => s.start)).toEqual([seoul(2026, 9, 30, 23)]);
  });

  it("prices each session's energy at the plant's import price of the local minutes it charged in, valley periods included", async () => {
    // 0.30 a kWh, and a valley from 22:00 to 06:00 at 0.10 (Seoul's clock): the 5 October session charges
    // 18:00-20:00, the 31 October one 22:00-23:30.
    await t.database.db
      .update(plantTable)
      .set({ currency: 'KRW', importPrice: 0.3, pricePeriods: [{ start: '22:00', end: '06:00', kind: 'valley', price: 0.1 }] })
      .where(eq(plantTable.id, plant.plantId));
    try {
      const { result } = await post('/c/v0/device/charging/sessions/query', { sn: chargerSn(), year: 2026, month: 10 });
      expect(result.currency).toBe('KRW');
      expect(result.sessions.map((s: { cost: number }) => s.cost)).toEqual([14.4 * 0.3, 16.5 * 0.1].map((c) => expect.closeTo(c, 4)));
      expect(result.total.cost).toBeCloseTo(14.4 * 0.3 + 16.5 * 0.1, 4);
      // A valley alone leaves the evening unpriced: that session's cost, and so the month's, is unknown.
      await t.database.db.update(plantTable).set({ importPrice: null }).where(eq(plantTable.id, plant.plantId));
      const valleyOnly = (await post('/c/v0/device/charging/sessions/query', { sn: chargerSn(), year: 2026, month: 10 })).result;
      expect(valleyOnly.sessions.map((s: { cost: number | null }) => s.cost)).toEqual([null, expect.closeTo(1.65, 4)]);
      expect(valleyOnly.total.cost).toBeNull();
    } finally {
      await t.database.db
        .update(plantTable)
        .set({ currency: 'EUR', importPrice: null, pricePeriods: [] })
        .where(eq(plantTable.id, plant.plantId));
    }
  });
});

describe('string comparison', () => {
  it('compares the strings per kWp over a local day and flags the one far below its neighbours', async () => {
    const answer = await post('/c/v0/device/strings/query', { sn: plant.devices[1]?.sn, date: '2026-11-10' });
    expect(answer.errno).toBe(0);
    const result = answer.result;
    expect(result.basis).toBe('configured');
    expect(result.strings.map((s: { kwp: number }) => s.kwp)).toEqual([4, 4, 2]);
    expect(result.strings.map((s: { low: boolean }) => s.low)).toEqual([false, false, true]);
    expect(result.strings[2].ofNeighbours).toBeCloseTo(0.5, 3);
    expect(result.strings[0].specificYield).toBeCloseTo(result.strings[1].specificYield, 6);
    expect(result.points[0].ts).toBe(seoul(2026, 11, 10, 6));
    expect(result.points).toHaveLength(12 * 12 + 1);
    // Per kWp: at noon the first strings give 0.8 kW/kWp, the third 0.4.
    const noon = result.points.find((p: { ts: number }) => p.ts === seoul(2026, 11, 10, 12));
    expect(noon.values).toEqual([0.8, 0.8, 0.4]);
    // The day before (in Seoul) holds nothing of it.
    const before = await post('/c/v0/device/strings/query', { sn: plant.devices[1]?.sn, date: '2026-11-09' });
    expect(before.result.points).toEqual([]);
  });
});

describe('who may ask', () => {
  it('answers a device out of scope exactly like a missing one, another kind with its errno, bad input without change', async () => {
    const calls = [
      ['/c/v0/device/battery/health/query', { sn: batterySn() }],
      ['/c/v0/device/charging/sessions/query', { sn: chargerSn(), year: 2026, month: 10 }],
      ['/c/v0/device/strings/query', { sn: plant.devices[1]?.sn, date: '2026-11-10' }],
    ] as const;
    for (const [path, body] of calls) {
      const hidden = await post(path, body, stranger);
      const missing = await post(path, { ...body, sn: 'NOPE0000000000' }, admin);
      expect(hidden).toEqual(missing);
      expect(hidden.errno).toBe(Errno.notFound);
    }
    expect((await post('/c/v0/device/battery/health/query', { sn: chargerSn() })).errno).toBe(Errno.notABattery);
    expect((await post('/c/v0/device/charging/sessions/query', { sn: batterySn(), year: 2026, month: 10 })).errno).toBe(
      Errno.notAnEvCharger,
    );
    expect((await post('/c/v0/device/strings/query', { sn: batterySn(), date: '2026-11-10' })).errno).toBe(Errno.notAnInverter);
    // An inverter that reports no PV string (the master here reports only its counters): none to compare, no failure.
    const none = await post('/c/v0/device/strings/query', { sn: plant.devices[0]?.sn, date: '2026-11-10' });
    expect(none.errno).toBe(0);
    expect(none.result.strings).toEqual([]);
    const bad = await t.call('POST', '/c/v0/device/strings/query', { sn: batterySn(), date: '10.11.2026' }, { token: admin.token });
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.errno).toBe(Errno.bodyInvalid);
    const month13 = await post('/c/v0/device/charging/sessions/query', { sn: chargerSn(), year: 2026, month: 13 });
    expect(month13.errno).toBe(Errno.bodyInvalid);
  });
});
