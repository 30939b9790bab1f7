import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { createTelemetryRepo, type DeviceSample, type TelemetryRepo } from './repo.ts';

let database: Database & { dispose(): Promise<void> };
let repo: TelemetryRepo;
let fleet: FleetPlant;
beforeAll(async () => {
  database = await openTestDatabase();
  repo = createTelemetryRepo(database.db);
  fleet = await createFleetPlant(database.db, { timeZone: 'Europe/Berlin', devices: 2 });
});
afterAll(() => database.dispose());

const FIVE_MIN = 300_000;
/** Berlin's DST day: 29 March 2026 starts at 23:00 UTC the day before and has 23 hours. */
const DST_DAY_START = Date.UTC(2026, 2, 28, 23, 0);

function series(deviceIndex: number, from: number, count: number, kwhPerStep: number, startCounter = 100): DeviceSample[] {
  const device = fleet.devices[deviceIndex] as { id: number };
  return Array.from({ length: count }, (_, i) => ({
    deviceId: device.id,
    plantId: fleet.plantId,
    timeZone: 'Europe/Berlin',
    ts: from + i * FIVE_MIN,
    vars: { PVEnergyTotal: startCounter + i * kwhPerStep, pvPower: kwhPerStep * 12 },
  }));
}

describe('telemetry storage', () => {
  it('stores each sample once, whatever arrives twice or out of order, and keeps the day exact', async () => {
    // 23 hours of 5-minute samples on the DST day, 0.1 kWh per step, plus the first sample of the next day.
    const day = series(0, DST_DAY_START, 23 * 12 + 1, 0.1);
    const shuffled = [...day].reverse();
    const firstHalf = shuffled.slice(0, 150);
    const secondHalf = shuffled.slice(150);
    expect(await repo.writeBatch(firstHalf)).toBe(150);
    expect(await repo.writeBatch([...secondHalf, ...firstHalf.slice(0, 20)])).toBe(secondHalf.length);
    expect(await repo.writeBatch(day)).toBe(0);

    const days = await repo.calendarEnergy('device', fleet.devices[0]?.id as number, 'day', '2026-03-28', '2026-03-30');
    // The first sample is a baseline; 276 steps of 0.1 kWh land on 29 March, the last one on 30 March.
    expect(days.map((d) => d.start)).toEqual(['2026-03-29', '2026-03-30']);
    expect(days[0]?.energy.PVEnergyTotal).toBeCloseTo(27.5, 6);
    expect(days[1]?.energy.PVEnergyTotal).toBeCloseTo(0.1, 6);
    const plantMonth = await repo.calendarEnergy('plant', fleet.plantId, 'month', '2026-03-01', '2026-03-01');
    expect(plantMonth[0]?.energy.PVEnergyTotal).toBeCloseTo(27.6, 6);
    const hours = await repo.intervalRows('device', [fleet.devices[0]?.id as number], '1h', DST_DAY_START, DST_DAY_START + 23 * 3_600_000);
    expect(hours).toHaveLength(23);
    expect(hours[5]?.counts.pvPower).toBe(12);
  });

  it('counts a counter reset as what the device counted since, never negative', async () => {
    const from = Date.UTC(2026, 4, 10, 10);
    const before = series(1, from, 3, 1, 5_000);
    const after = series(1, from + 3 * FIVE_MIN, 3, 1, 0);
    await repo.writeBatch([...after, ...before]);
    const [day] = await repo.calendarEnergy('device', fleet.devices[1]?.id as number, 'day', '2026-05-10', '2026-05-10');
    // 2 steps before the reset, the reading after it (0), and 2 steps after.
    expect(day?.energy.PVEnergyTotal).toBeCloseTo(4, 6);
  });

  it('keeps the newest values of each device, merged across samples', async () => {
    const id = fleet.devices[0]?.id as number;
    const late = { deviceId: id, plantId: fleet.plantId, timeZone: 'Europe/Berlin', ts: DST_DAY_START - FIVE_MIN, vars: { pvPower: 99 } };
    await repo.writeBatch([late]);
    const [latest] = await repo.latest([id]);
    expect(Number(latest?.ts)).toBe(DST_DAY_START + 23 * 12 * FIVE_MIN);
    expect(latest?.vars.pvPower).toBeCloseTo(1.2, 6);
  });
});
