import { ENERGY_COUNTERS } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { bucketsOf } from './calendar.ts';
import type { Energy, Vars } from './energy.ts';
import { createTelemetryRepo, type DeviceSample, type TelemetryRepo } from './repo.ts';
import { createRollupJob, type RollupJob } from './rollups.ts';

let database: Database & { dispose(): Promise<void> };
let repo: TelemetryRepo;
let job: RollupJob;
let fleet: FleetPlant;
beforeAll(async () => {
  database = await openTestDatabase();
  repo = createTelemetryRepo(database.db);
  job = createRollupJob(database.db, database.kind);
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
    await job.settle();
    expect(await repo.writeBatch([...secondHalf, ...firstHalf.slice(0, 20)])).toBe(secondHalf.length);
    expect(await repo.writeBatch(day)).toBe(0);
    await job.settle();

    const days = await repo.calendarEnergy('device', fleet.devices[0]?.id as number, 'day', '2026-03-28', '2026-03-30');
    // The first sample is a baseline; 276 steps of 0.1 kWh land on 29 March, the last one on 30 March.
    expect(days.map((d) => d.start)).toEqual(['2026-03-29', '2026-03-30']);
    expect(days[0]?.energy.PVEnergyTotal).toBeCloseTo(27.5, 6);
    expect(days[1]?.energy.PVEnergyTotal).toBeCloseTo(0.1, 6);
    const plantMonth = await repo.calendarEnergy('plant', fleet.plantId, 'month', '2026-03-01', '2026-03-01');
    expect(plantMonth[0]?.energy.PVEnergyTotal).toBeCloseTo(27.6, 6);
    const hours = await repo.intervalRows('device', [fleet.devices[0]?.id as number], '1h', DST_DAY_START, DST_DAY_START + 23 * 3_600_000);
    expect(hours).toHaveLength(23);
    // Twelve samples an hour, every one with every variable: counts name none of them.
    expect(hours[5]).toMatchObject({ samples: 12, counts: {} });
    expect(hours[5]?.sums.pvPower).toBeCloseTo(12 * 1.2, 6);
  });

  it('counts a counter reset as what the device counted since, never negative', async () => {
    const from = Date.UTC(2026, 4, 10, 10);
    const before = series(1, from, 3, 1, 5_000);
    const after = series(1, from + 3 * FIVE_MIN, 3, 1, 0);
    await repo.writeBatch([...after, ...before]);
    await job.settle();
    const [day] = await repo.calendarEnergy('device', fleet.devices[1]?.id as number, 'day', '2026-05-10', '2026-05-10');
    // 2 steps before the reset, the reading after it (0), and 2 steps after.
    expect(day?.energy.PVEnergyTotal).toBeCloseTo(4, 6);
  });

  it('counts a variable only in the samples that carry it', async () => {
    const id = fleet.devices[1]?.id as number;
    const from = Date.UTC(2026, 5, 1, 12);
    const sample = (ts: number, vars: Record<string, number>) => ({ deviceId: id, plantId: fleet.plantId, ts, vars });
    await repo.writeBatch([
      sample(from, { pvPower: 2, SoC: 50 }),
      sample(from + 60_000, { pvPower: 4 }),
      sample(from + FIVE_MIN, { pvPower: 6 }),
    ]);
    await job.settle();
    const [first, second] = await repo.intervalRows('device', [id], '5m', from, from + 2 * FIVE_MIN);
    expect(first).toMatchObject({ samples: 2, sums: { pvPower: 6, SoC: 50 }, counts: { SoC: 1 } });
    expect(second).toMatchObject({ samples: 1, sums: { pvPower: 6 }, counts: {} });
    const [hour] = await repo.intervalRows('device', [id], '1h', from, from + 3_600_000);
    expect(hour).toMatchObject({ samples: 3, sums: { pvPower: 12, SoC: 50 }, counts: { SoC: 1 } });
  });

  it('drops raw samples a month at a time once past retention, and keeps the rollups', async () => {
    const id = fleet.devices[1]?.id as number;
    const old = Date.UTC(2020, 0, 15, 12);
    const sample = (ts: number) => ({ deviceId: id, plantId: fleet.plantId, ts, vars: { PVEnergyTotal: ts / 1e9 } });
    await repo.writeBatch([sample(old), sample(old + FIVE_MIN)]);
    await job.settle();
    const now = Date.UTC(2026, 10, 22);
    expect(await repo.dropExpiredPartitions(400, now)).toEqual(['telemetry_202001']);
    expect(await repo.samples(id, old - FIVE_MIN, old + 2 * FIVE_MIN)).toEqual([]);
    expect(await repo.calendarEnergy('device', id, 'day', '2020-01-15', '2020-01-15')).toHaveLength(1);
    // Partitions inside retention stay; a month dropped is created again when a sample of it comes.
    expect(await repo.dropExpiredPartitions(400, now)).toEqual([]);
    expect(await repo.writeBatch([sample(old)])).toBe(1);
  });

  it('keeps the newest values of each device, merged across samples', async () => {
    const id = fleet.devices[0]?.id as number;
    const late = { deviceId: id, plantId: fleet.plantId, ts: DST_DAY_START - FIVE_MIN, vars: { pvPower: 99 } };
    await repo.writeBatch([late]);
    const [latest] = await repo.latest([id]);
    expect(Number(latest?.ts)).toBe(DST_DAY_START + 23 * 12 * FIVE_MIN);
    expect(latest?.vars.pvPower).toBeCloseTo(1.2, 6);
  });
});

const ZONES = ['Europe/Berlin', 'America/Sao_Paulo', 'Australia/Sydney', 'Asia/Kolkata', 'America/New_York', 'UTC'];

/** The reference model of protocol.md's counters, written independently of the SQL. */
function counterIncrease(previous: number, current: number): number {
  if (current >= previous) return current - previous;
  const drop = previous - current;
  return drop <= 0.01 || drop <= previous * 0.001 ? 0 : current;
}

/** What the day rollups must hold: every consecutive pair of the sorted series, in the later sample's local day. */
function referenceByDay(samples: Map<number, Vars>, zone: string) {
  const sorted = [...samples].sort(([a], [b]) => a - b);
  const days = new Map<string, Energy>();
  for (let i = 1; i < sorted.length; i += 1) {
    const [ts, vars] = sorted[i] as [number, Vars];
    const previous = (sorted[i - 1] as [number, Vars])[1];
    const energy = days.get(bucketsOf(ts, zone).day) ?? {};
    for (const counter of ENERGY_COUNTERS) {
      if (previous[counter] === undefined || vars[counter] === undefined) continue;
      energy[counter] = (energy[counter] ?? 0) + counterIncrease(previous[counter] as number, vars[counter] as number);
    }
    days.set(bucketsOf(ts, zone).day, energy);
  }
  return days;
}

/** A counter series: steps of production with occasional resets, at 5-minute times with gaps. */
const seriesArbitrary = fc
  .record({
    start: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 1) }),
    steps: fc.array(
      fc.record({
        gap: fc.constantFrom(1, 1, 1, 2, 12, 100, 300),
        produced: fc.double({ min: 0, max: 5, noNaN: true }),
        reset: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      }),
      { minLength: 2, maxLength: 120 },
    ),
  })
  .map(({ start, steps }) => {
    let ts = Math.floor(start / 300_000) * 300_000;
    let counter = 1_000;
    return steps.map(({ gap, produced, reset }) => {
      ts += gap * 300_000;
      counter = reset ? produced : counter + produced;
      return [ts, { PVEnergyTotal: counter, loadsTotal: counter / 2, pvPower: produced * 12 }] as [number, Vars];
    });
  });

const rows = <T extends Record<string, unknown>>(statement: ReturnType<typeof sql>) => selectRows<T>(database.db, statement);

async function calendar(kind: 'device' | 'plant', id: number, grain: 'day' | 'month' | 'year') {
  const found = await rows<{ start: string; pv: number; loads: number }>(
    sql`select to_char(start, 'YYYY-MM-DD') as start, sum(pv) as pv, sum(loads) as loads from rollup_calendar_now
      where subject_kind = ${kind} and subject_id = ${id} and grain = ${grain} group by start order by start`,
  );
  return new Map(found.map((row) => [row.start, { pv: Number(row.pv), loads: Number(row.loads) }]));
}

const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;

describe('rollups from raw samples', () => {
  it('keeps every day, month and year exact and never negative, whatever the order, duplicates, batches and rounds', async () => {
    const own = await createFleetPlant(database.db, { devices: 1 });
    const deviceId = own.devices[0]?.id as number;
    await fc.assert(
      fc.asyncProperty(
        seriesArbitrary,
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1, max: 8 }),
        fc.integer(),
        async (series, zone, batchCount, seed) => {
          await database.db.execute(sql`update plant set time_zone = ${zone} where id = ${own.plantId}`);
          await database.db.execute(sql`delete from telemetry where device_id = ${deviceId}`);
          await database.db.execute(sql`delete from rollup_dirty`);
          await database.db.execute(
            sql`delete from rollup_interval where (subject_kind, subject_id) in (('device', ${deviceId}), ('plant', ${own.plantId}))`,
          );
          await database.db.execute(
            sql`delete from rollup_calendar where (subject_kind, subject_id) in (('device', ${deviceId}), ('plant', ${own.plantId}))`,
          );
          await database.db.execute(sql`delete from rollup_open_hour where device_id = ${deviceId}`);

          // Deliver every sample at least once, some twice, shuffled, in random batches; the job runs between some of them.
          let state = seed;
          const random = () => {
            state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
            return state / 0x7fffffff;
          };
          const deliveries = [...series, ...series.filter(() => random() < 0.2)].sort(() => random() - 0.5);
          const batches: [number, Vars][][] = Array.from({ length: batchCount }, () => []);
          for (const sample of deliveries) batches[Math.floor(random() * batchCount)]?.push(sample);
          for (const batch of batches) {
            await repo.writeBatch(batch.map(([ts, vars]) => ({ deviceId, plantId: own.plantId, ts, vars })));
            if (random() < 0.5) await job.settle();
          }
          await job.settle();

          const reference = referenceByDay(new Map(series), zone);
          const days = await calendar('device', deviceId, 'day');
          for (const day of new Set([...days.keys(), ...reference.keys()])) {
            const stored = days.get(day) ?? { pv: 0, loads: 0 };
            const expected = reference.get(day) ?? {};
            expect(close(stored.pv, expected.PVEnergyTotal ?? 0), `${zone} ${day}: ${stored.pv} vs ${expected.PVEnergyTotal}`).toBe(true);
            expect(close(stored.loads, expected.loadsTotal ?? 0), `${zone} ${day} loads`).toBe(true);
            expect(stored.pv).toBeGreaterThan(-1e-9);
          }
          // Days add up to months, months to years; the plant (one device) holds the same.
          const sumBy = (map: Map<string, { pv: number }>, key: (start: string) => string) => {
            const sums = new Map<string, number>();
            for (const [start, value] of map) sums.set(key(start), (sums.get(key(start)) ?? 0) + value.pv);
            return sums;
          };
          const months = await calendar('device', deviceId, 'month');
          for (const [month, pv] of sumBy(days, (d) => `${d.slice(0, 7)}-01`)) expect(close(months.get(month)?.pv ?? 0, pv)).toBe(true);
          const years = await calendar('device', deviceId, 'year');
          for (const [year, pv] of sumBy(months, (m) => `${m.slice(0, 4)}-01-01`)) expect(close(years.get(year)?.pv ?? 0, pv)).toBe(true);
          const plantDays = await calendar('plant', own.plantId, 'day');
          for (const [day, value] of days) expect(close(plantDays.get(day)?.pv ?? 0, value.pv)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});
