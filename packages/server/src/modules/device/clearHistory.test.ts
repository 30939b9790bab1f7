import { Access, Errno } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { administratorWithout } from '../../test/permissionGroups.ts';
import { createTelemetryRepo, type DeviceSample } from '../telemetry/repo.ts';
import { createRollupJob } from '../telemetry/rollups.ts';

/**
 * Clearing a device's history (spec section 6, switch device.clearHistory, session 32): its samples and rollups go, and
 * its share of its plant's hour under way; the plant's closed hours and the other device stay as they were.
 */
let t: TestApp;
let admin: TestAccount;
let plant: FleetPlant;
const FIVE_MIN = 300_000;
const HOUR = 3_600_000;

const post = async (path: string, body: unknown, account: TestAccount) => (await t.call('POST', path, body, { token: account.token })).body;
const rows = (query: ReturnType<typeof sql>) => selectRows<Record<string, unknown>>(t.database.db, query);
/** What the rollups and raw samples hold of a subject, in a stable order. */
const held = async (kind: 'device' | 'plant', id: number) => ({
  intervals: await rows(sql`select grain, (extract(epoch from start) * 1000)::float8 as start, pv, samples from rollup_interval
    where subject_kind = ${kind} and subject_id = ${id} order by grain, start`),
  calendar: await rows(
    sql`select grain, start, pv from rollup_calendar where subject_kind = ${kind} and subject_id = ${id} order by grain, start`,
  ),
  queued:
    await rows(sql`select (extract(epoch from start) * 1000)::float8 as start, pv, samples from rollup_open_hour where ${sql.raw(kind === 'device' ? 'device_id' : 'plant_id')} = ${id}
    order by start`),
  raw: Number(
    (
      await rows(sql`select count(*)::int as n from telemetry t join device d on d.id = t.device_id
    where ${sql.raw(kind === 'device' ? 'd.id' : 'd.plant_id')} = ${id}`)
    )[0]?.n,
  ),
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  plant = await createFleetPlant(t.database.db, { devices: 2, timeZone: 'Europe/Berlin' });
  // Both inverters: six hours of samples that ended three hours ago (rolled up as closed hours), then one now (its hour
  // under way, queued) at 1.2 kW, 0.1 kWh per 5 minutes.
  const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
  const start = Math.floor(now / HOUR) * HOUR - 9 * HOUR;
  const samples: DeviceSample[] = plant.devices.flatMap((device) => [
    ...Array.from({ length: 72 }, (_, i) => ({
      deviceId: device.id,
      plantId: plant.plantId,
      ts: start + i * FIVE_MIN,
      vars: { pvPower: 1.2, PVEnergyTotal: 10 + i * 0.1 },
    })),
    { deviceId: device.id, plantId: plant.plantId, ts: now, vars: { pvPower: 1.2, PVEnergyTotal: 30 } },
  ]);
  await createTelemetryRepo(t.database.db).writeBatch(samples);
  await createRollupJob(t.database.db, t.database.kind).settle();
});
afterAll(() => t.close());

describe("clearing a device's history", () => {
  it('needs the switch and the role, and answers a device not found like any other', async () => {
    const [first] = plant.devices as [{ sn: string; id: number }];
    const before = await held('device', first.id);
    const withoutSwitch = await administratorWithout(t, admin, 'device.clearHistory');
    expect((await post('/c/v0/device/history/clear', { sn: first.sn }, withoutSwitch)).errno).toBe(Errno.noPermission);
    const installer = await t.createAccount(Access.installer);
    expect((await post('/c/v0/device/history/clear', { sn: first.sn }, installer)).errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/device/history/clear', { sn: 'NO-SUCH-DEVICE' }, admin)).errno).toBe(Errno.notFound);
    expect(await held('device', first.id)).toEqual(before);
  });

  it("deletes all it holds of the device; the plant keeps its closed hours, and only its hour under way loses the device's share", async () => {
    const [first, second] = plant.devices as [{ sn: string; id: number }, { sn: string; id: number }];
    const [deviceBefore, otherBefore, plantBefore] = [
      await held('device', first.id),
      await held('device', second.id),
      await held('plant', plant.plantId),
    ];
    expect(deviceBefore.raw).toBe(73);
    expect(deviceBefore.queued).toHaveLength(1);
    expect(deviceBefore.calendar.length).toBeGreaterThan(0);

    const asked = Date.now();
    const cleared = await post('/c/v0/device/history/clear', { sn: first.sn }, admin);
    expect(cleared.errno, JSON.stringify(cleared)).toBe(0);
    expect(cleared.result.samples).toBe(73);
    expect(Math.abs(cleared.result.from - asked)).toBeLessThan(60_000);

    expect(await held('device', first.id)).toEqual({ intervals: [], calendar: [], queued: [], raw: 0 });
    expect(await held('device', second.id)).toEqual(otherBefore);
    const plantAfter = await held('plant', plant.plantId);
    expect(plantAfter.intervals).toEqual(plantBefore.intervals);
    expect(plantAfter.calendar).toEqual(plantBefore.calendar);
    expect(plantAfter.queued).toEqual(otherBefore.queued);

    // What the device reports next starts afresh: a first sample pairs with nothing, so the hour gets no energy yet.
    const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
    await createTelemetryRepo(t.database.db).writeBatch([
      { deviceId: first.id, plantId: plant.plantId, ts: now, vars: { pvPower: 1.2, PVEnergyTotal: 31 } },
    ]);
    await createRollupJob(t.database.db, t.database.kind).settle();
    const fresh = await held('device', first.id);
    expect(fresh.raw).toBe(1);
    expect(fresh.queued.map((row) => [row.pv, row.samples])).toEqual([[0, 1]]);

    const [logged] = await rows(
      sql`select actor_id::int as actor_id, after from audit_log where action = 'device.clearHistory' and object_id = ${first.sn}`,
    );
    expect(logged).toMatchObject({ actor_id: admin.id, after: { samplesDeleted: 73 } });
  });
});
