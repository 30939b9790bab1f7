import { ENERGY_COUNTERS, type EnergyCounter } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { bucketsOf } from './calendar.ts';
import { COUNTER_COLUMNS } from './counters.ts';
import type { Vars } from './energy.ts';
import { createTelemetryRepo, type TelemetryRepo } from './repo.ts';
import { createRollupJob, type RollupJob } from './rollups.ts';

/**
 * The rollups a round folds in by difference (migration 0022) against a full recomputation from the
 * raw samples, written here independently of the SQL: every row of every grain, of devices and of
 * plants, over a random fleet in zones with DST (Santiago's day starts at the skip, Lord Howe moves
 * by half an hour), with late, duplicate and out-of-order samples, several samples in a bucket,
 * variables some samples lack, counter resets and gaps, delivered in random batches and rounds.
 */

let database: TestDatabase;
let repo: TelemetryRepo;
let job: RollupJob;
let plants: (FleetPlant & { zone: string })[];
const ZONES = ['Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kolkata'];

beforeAll(async () => {
  database = await openTestDatabase();
  repo = createTelemetryRepo(database.db);
  job = createRollupJob(database.db, database.kind);
  plants = [];
  for (const [index, zone] of ZONES.entries()) {
    plants.push({ ...(await createFleetPlant(database.db, { timeZone: zone, devices: 1 + (index % 3) })), zone });
  }
});
afterAll(() => database.dispose());

function counterIncrease(previous: number, current: number): number {
  if (current >= previous) return current - previous;
  const drop = previous - current;
  return drop <= 0.01 || drop <= previous * 0.001 ? 0 : current;
}

type Bucket = { energy: Partial<Record<EnergyCounter, number>>; samples: number; sums: Vars; counts: Vars };
const emptyBucket = (): Bucket => ({ energy: {}, samples: 0, sums: {}, counts: {} });

/** Every bucket of every grain from the sorted series of each device, and the plants' energy as their devices' sum. */
function reference(series: Map<number, { plantId: number; zone: string; samples: Map<number, Vars> }>) {
  const rows = new Map<string, Bucket>();
  const bucket = (key: string) => {
    const found = rows.get(key) ?? emptyBucket();
    rows.set(key, found);
    return found;
  };
  for (const [deviceId, { plantId, zone, samples }] of series) {
    const sorted = [...samples].sort(([a], [b]) => a - b);
    for (const [i, [ts, vars]] of sorted.entries()) {
      const previous = i > 0 ? (sorted[i - 1] as [number, Vars])[1] : undefined;
      const at = bucketsOf(ts, zone);
      const grains = [
        ['5m', at['5m']],
        ['1h', at['1h']],
        ['day', at.day],
        ['month', at.month],
        ['year', at.year],
      ] as const;
      for (const [grain, start] of grains) {
        for (const [kind, id] of [
          ['device', deviceId],
          ['plant', plantId],
        ] as const) {
          const row = bucket(`${kind}/${id}/${grain}/${start}`);
          if (previous) {
            for (const counter of ENERGY_COUNTERS) {
              if (previous[counter] === undefined || vars[counter] === undefined) continue;
              row.energy[counter] = (row.energy[counter] ?? 0) + counterIncrease(previous[counter] as number, vars[counter] as number);
            }
          }
          // Variables are kept per device in interval rows only.
          if (kind === 'device' && (grain === '5m' || grain === '1h')) {
            row.samples += 1;
            for (const [name, value] of Object.entries(vars)) {
              row.sums[name] = (row.sums[name] ?? 0) + value;
              row.counts[name] = (row.counts[name] ?? 0) + 1;
            }
          }
        }
      }
    }
  }
  // Plants keep no 5-minute rows.
  for (const key of rows.keys()) if (key.startsWith('plant/') && key.includes('/5m/')) rows.delete(key);
  return rows;
}

async function storedRows() {
  const columns = ENERGY_COUNTERS.map((counter) => `${COUNTER_COLUMNS[counter]} as "${counter}"`).join(', ');
  const sums = ENERGY_COUNTERS.map((counter) => `sum(${COUNTER_COLUMNS[counter]}) as "${counter}"`).join(', ');
  // A calendar period can have several rows (those of hours not yet added to it, migration 0072): readers sum them.
  const found = await selectRows<Record<string, unknown>>(
    database.db,
    sql.raw(`select subject_kind, subject_id, grain, (extract(epoch from start) * 1000)::float8::text as start, ${columns}, samples, sums, counts from rollup_interval_now
      union all select subject_kind, subject_id, grain, to_char(start, 'YYYY-MM-DD'), ${sums}, null, null, null from rollup_calendar_now
        group by subject_kind, subject_id, grain, start`),
  );
  const rows = new Map<string, Bucket>();
  for (const row of found) {
    const samples = row.samples === null ? 0 : Number(row.samples);
    const sums = (row.sums ?? {}) as Vars;
    const counts = (row.counts ?? {}) as Vars;
    // Interval rows start at an instant (ms, as the reference keys them), calendar rows on a local date.
    const start = row.grain === '5m' || row.grain === '1h' ? Number(row.start) : row.start;
    rows.set(`${row.subject_kind}/${row.subject_id}/${row.grain}/${start}`, {
      energy: Object.fromEntries(ENERGY_COUNTERS.map((counter) => [counter, Number(row[counter])])),
      samples,
      sums,
      counts: Object.fromEntries(Object.keys(sums).map((name) => [name, counts[name] ?? samples])),
    });
  }
  return rows;
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

/** Every stored row, as readers see it, against the recomputation. */
async function expectStored(expected: ReturnType<typeof reference>) {
  const stored = await storedRows();
  expect(
    [...stored.keys()].filter((key) => !expected.has(key)),
    'rows no sample is in',
  ).toEqual([]);
  for (const [key, want] of expected) {
    const got = stored.get(key);
    expect(got, `${key} missing`).toBeDefined();
    if (!got) continue;
    for (const counter of ENERGY_COUNTERS) {
      const value = got.energy[counter] ?? 0;
      expect(close(value, want.energy[counter] ?? 0), `${key} ${counter}: ${value} vs ${want.energy[counter] ?? 0}`).toBe(true);
      expect(value, `${key} ${counter} negative`).toBeGreaterThanOrEqual(0);
    }
    expect(got.samples, `${key} samples`).toBe(want.samples);
    expect(Object.keys(got.sums).sort(), `${key} variables`).toEqual(Object.keys(want.sums).sort());
    for (const [name, sum] of Object.entries(want.sums)) {
      expect(close(got.sums[name] as number, sum), `${key} sum of ${name}`).toBe(true);
      expect(got.counts[name], `${key} count of ${name}`).toBe(want.counts[name]);
    }
  }
}

const sampleArbitrary = fc.record({
  // Minutes after the previous sample: a second sample in a bucket, the protocol's interval, gaps.
  gap: fc.constantFrom(1, 5, 5, 5, 10, 60, 1500),
  produced: fc.double({ min: 0, max: 3, noNaN: true }),
  reset: fc.integer({ min: 0, max: 14 }).map((n) => n === 0),
  lacksPower: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
});

type Delivery = { deviceId: number; plantId: number; ts: number; vars: Vars };

/** Writes every batch one after the other, settling the rollups between some of them. */
async function oneByOne(batches: Delivery[][], random: () => number) {
  for (const batch of batches) {
    await repo.writeBatch(batch);
    if (random() < 0.5) await job.settle();
  }
}

/**
 * Writes the batches in pieces of two samples from four writers at once (each on its own connection where the
 * engine has several) while rounds run back to back: marks commit out of id order, and during a
 * round's claim and its statements.
 */
async function concurrently(batches: Delivery[][]) {
  const pieces = batches.flatMap((batch) => Array.from({ length: Math.ceil(batch.length / 2) }, (_, i) => batch.slice(i * 2, i * 2 + 2)));
  let writing = true;
  const rounds = (async () => {
    while (writing) await job.round();
  })();
  const writer = async () => {
    for (let piece = pieces.shift(); piece; piece = pieces.shift()) await repo.writeBatch(piece);
  };
  try {
    await Promise.all([writer(), writer(), writer(), writer()]);
  } finally {
    writing = false;
    await rounds;
  }
}

describe('rollups folded by difference', () => {
  // Concurrent runs are not repeatable: a failure is reported as found, not shrunk.
  const property =
    (deliver: (batches: Delivery[][], random: () => number) => Promise<void>, endOnFailure = false) =>
    async () => {
      const devices = plants.flatMap((plant) => plant.devices.map((device) => ({ ...device, plantId: plant.plantId, zone: plant.zone })));
      await fc.assert(
        fc.asyncProperty(
          // Around the DST changes of March/April and September/October 2026, anywhere in the year, or up to now (hours
          // still open, whose variables readers sum from their 5-minute rows until the hour ends; migration 0071).
          fc.constantFrom(
            Date.UTC(2026, 2, 27),
            Date.UTC(2026, 3, 3),
            Date.UTC(2026, 8, 4),
            Date.UTC(2026, 9, 24),
            Date.UTC(2026, 6, 1),
            Date.now() - 6 * 3_600_000,
          ),
          fc.array(fc.array(sampleArbitrary, { minLength: 1, maxLength: 60 }), { minLength: devices.length, maxLength: devices.length }),
          fc.integer({ min: 1, max: 6 }),
          fc.integer(),
          async (start, steps, batchCount, seed) => {
            await database.db.execute(sql`delete from telemetry`);
            await database.db.execute(sql`delete from rollup_dirty`);
            await database.db.execute(sql`delete from rollup_interval`);
            await database.db.execute(sql`delete from rollup_calendar`);
            await database.db.execute(sql`delete from rollup_open_hour`);

            const series = new Map<number, { plantId: number; zone: string; samples: Map<number, Vars> }>();
            const deliveries: Delivery[] = [];
            for (const [index, device] of devices.entries()) {
              let ts = start + index * 17_000;
              let counter = 100 * (index + 1);
              const samples = new Map<number, Vars>();
              for (const step of steps[index] ?? []) {
                ts += step.gap * 60_000;
                counter = step.reset ? step.produced : counter + step.produced;
                const vars: Vars = { PVEnergyTotal: counter, loadsTotal: counter / 3, RVolt: 230 + step.produced };
                if (!step.lacksPower) vars.pvPower = step.produced * 12;
                samples.set(ts, vars);
                deliveries.push({ deviceId: device.id, plantId: device.plantId, ts, vars });
              }
              series.set(device.id, { plantId: device.plantId, zone: device.zone, samples });
            }

            // Every sample at least once, some twice, shuffled, in random batches; rounds run between some of them.
            let state = seed;
            const random = () => {
              state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
              return state / 0x7fffffff;
            };
            const shuffled = [...deliveries, ...deliveries.filter(() => random() < 0.2)].sort(() => random() - 0.5);
            const batches: Delivery[][] = Array.from({ length: batchCount }, () => []);
            for (const sample of shuffled) batches[Math.floor(random() * batchCount)]?.push(sample);
            await deliver(batches, random);
            await job.settle();

            const expected = reference(series);
            await expectStored(expected);
            // Every pending hour closed (as when they have ended and rest): their stored variables and the calendar are
            // what readers saw.
            await database.db.execute(sql`select rollup_close_hours('infinity', 'infinity', 1000000)`);
            expect(
              await selectRows(database.db, sql`select 1 from rollup_interval where sums_pending union all select 1 from rollup_open_hour`),
            ).toEqual([]);
            await expectStored(expected);
          },
        ),
        { numRuns: 25, endOnFailure },
      );
    };

  it('equal a full recomputation from the raw samples, row by row, for devices and plants', property(oneByOne));
  it('equal it too when batches are stored concurrently while rounds run', property(concurrently, true));

  /** Closes what a round would if `ended` hours ago had passed and no round had changed them since `rested` ago. */
  const closeHours = async (ended: string, rested: string) =>
    (
      await selectRows<{ n: number }>(
        database.db,
        sql`select rollup_close_hours(now() - ${ended}::interval, now() - ${rested}::interval, 100) as n`,
      )
    )[0]?.n;

  /**
   * The first plant's first device, alone in emptied tables, with a sample maker `minutes` into the hour `hoursAgo`
   * hours before this one (its PV counter at 10 + minutes), a reader of its row of a grain, as stored or as read, of
   * whether that row's variables are pending, and of whether the device has an hour queued.
   */
  const oneDevice = async (hoursAgo: number) => {
    for (const table of ['telemetry', 'rollup_dirty', 'rollup_interval', 'rollup_calendar', 'rollup_open_hour'])
      await database.db.execute(sql.raw(`delete from ${table}`));
    const plant = plants[0] as (typeof plants)[number];
    const device = { deviceId: (plant.devices[0] as { id: number }).id, plantId: plant.plantId };
    const hour = (Math.floor(Date.now() / 3_600_000) - hoursAgo) * 3_600_000; // Berlin's hours are UTC hours
    const at = (minutes: number, pvPower: number, extra: Vars = {}) => ({
      ...device,
      ts: hour + minutes * 60_000,
      vars: { PVEnergyTotal: 10 + minutes, pvPower, ...extra },
    });
    const where = (grain: '5m' | '1h') => `subject_kind = 'device' and subject_id = ${device.deviceId} and grain = '${grain}'`;
    const row = async (from: 'rollup_interval' | 'rollup_interval_now', grain: '5m' | '1h') =>
      (
        await selectRows<{ samples: number; sums: Vars; counts: Vars }>(
          database.db,
          sql.raw(`select samples, sums, counts from ${from} where ${where(grain)}`),
        )
      )[0];
    const pending = async (grain: '5m' | '1h') =>
      (
        await selectRows<{ sums_pending: boolean }>(database.db, sql.raw(`select sums_pending from rollup_interval where ${where(grain)}`))
      )[0]?.sums_pending;
    const queued = async () =>
      (await selectRows(database.db, sql`select 1 from rollup_open_hour where device_id = ${device.deviceId}`)).length > 0;
    return { device, at, row, pending, queued };
  };

  // An hour still under way, and one that ended hours ago (a backfill adding to it round after round).
  for (const [name, hoursAgo] of [
    ["queues an open hour (readers sum its 5-minute rows, and add its energy to the calendar's) and builds it", 0],
    ["keeps an ended hour's variables pending while rounds add to it (readers sum its 5-minute rows) and stores them", 3],
  ] as const) {
    it(`${name} once it has ended and rests`, async () => {
      // An open hour gets no row until it is closed (migration 0075); an ended one's energy goes to the calendar in the round.
      const open = hoursAgo === 0;
      const { device, at, row, pending: pendingOf, queued } = await oneDevice(hoursAgo);
      await repo.writeBatch([at(1, 100)]);
      await job.settle();
      await repo.writeBatch([at(6, 200, { RVolt: 230 }), at(11, 300)]);
      await job.settle();
      const hourRow = (from: 'rollup_interval' | 'rollup_interval_now') => row(from, '1h');
      const pending = () => pendingOf('1h');
      // The device's PV energy of the hour's day, in the calendar as stored and as read.
      const dayPv = async (from: 'rollup_calendar' | 'rollup_calendar_now') =>
        (
          await selectRows<{ pv: number | null }>(
            database.db,
            sql.raw(
              `select sum(pv) as pv from ${from} where subject_kind = 'device' and subject_id = ${device.deviceId} and grain = 'day'`,
            ),
          )
        )[0]?.pv ?? null;
      const want = { samples: 3, sums: { PVEnergyTotal: 11 + 16 + 21, pvPower: 600, RVolt: 230 }, counts: { RVolt: 1 } };
      // Stored: an open hour queued, without a row or energy in the calendar; an ended one with the first sample's
      // variables, pending. Read: all three samples, and the hour's energy (its counter rose by 10 kWh) in its day.
      expect(await queued()).toBe(open);
      if (open) expect(await hourRow('rollup_interval')).toBeUndefined();
      else {
        expect(await pending()).toBe(true);
        expect(await hourRow('rollup_interval')).toMatchObject({ samples: 3, sums: { PVEnergyTotal: 11, pvPower: 100 } });
      }
      expect(await hourRow('rollup_interval_now')).toEqual(want);
      expect(await dayPv('rollup_calendar')).toBe(open ? null : 10);
      expect(await dayPv('rollup_calendar_now')).toBe(10);
      // A round now leaves it (not ended, or changed within 30 s); so does one after the hour, had it just changed.
      await job.round();
      expect(await queued()).toBe(open);
      expect(await closeHours(open ? '1 hour' : '-1 hour', '30 seconds')).toBe(0);
      // Ended and resting: closed once, the device's hour, and its plant's when the hour was queued.
      const closedHours = open ? 2 : 1;
      expect(await closeHours('-1 hour', '-2 hours')).toBe(closedHours);
      expect(await closeHours('-1 hour', '-2 hours')).toBe(0);
      expect(await queued()).toBe(false);
      expect(await pending()).toBe(false);
      expect(await hourRow('rollup_interval')).toEqual(want);
      expect(await hourRow('rollup_interval_now')).toEqual(want);
      expect(await dayPv('rollup_calendar')).toBe(10);
      expect(await dayPv('rollup_calendar_now')).toBe(10);
      // Closed (the open one forced shut before its end), the hour has a row: a later sample changes it as any hour with
      // a row, its variables pending again and its energy in the calendar at once.
      await repo.writeBatch([at(16, 50)]);
      await job.settle();
      expect(await pending()).toBe(true);
      expect(await dayPv('rollup_calendar')).toBe(15);
      expect(await dayPv('rollup_calendar_now')).toBe(15);
      expect(await closeHours('-1 hour', '-2 hours')).toBe(1);
      expect(await dayPv('rollup_calendar')).toBe(15);
      expect(await dayPv('rollup_calendar_now')).toBe(15);
    });
  }

  it('takes energy from an open hour when a late sample comes between its first sample and the one before it', async () => {
    // Found by the calendar property (repo.test.ts): a queued hour's negative change must not be clamped to 0 on its own.
    const { device, at } = await oneDevice(0);
    const hourPv = async () =>
      (
        await selectRows<{ pv: number }>(
          database.db,
          sql`select pv from rollup_interval_now where subject_kind = 'device' and subject_id = ${device.deviceId} and grain = '1h' order by start`,
        )
      ).map((hour) => hour.pv);
    await repo.writeBatch([at(-8, 0)]);
    await job.settle();
    await repo.writeBatch([at(1, 0)]);
    await job.settle();
    // The open hour holds the rise from -8 to 1 minutes (counter 2 to 11); the hour before, nothing.
    expect(await hourPv()).toEqual([0, 9]);
    await repo.writeBatch([at(-3, 0)]);
    await job.settle();
    expect(await hourPv()).toEqual([5, 4]);
    expect(await closeHours('-1 hour', '-2 hours')).toBe(3);
    expect(await hourPv()).toEqual([5, 4]);
  });

  it("keeps a 5-minute bucket's variables pending when a later round adds samples to it (readers sum its raw samples that the rollups hold), and stores them once it rests", async () => {
    // Migration 0073: a sample joining a bucket a round made before is not combined with its stored variables.
    const { at, row, pending } = await oneDevice(3);
    const bucketPending = () => pending('5m');
    await repo.writeBatch([at(1, 100)]);
    await job.settle();
    expect(await bucketPending()).toBe(false);
    await repo.writeBatch([at(2, 200, { RVolt: 230 })]);
    await job.settle();
    const two = { samples: 2, sums: { PVEnergyTotal: 11 + 12, pvPower: 300, RVolt: 230 }, counts: { RVolt: 1 } };
    // Stored: the first sample's variables, pending; read: both samples, in the bucket and in its hour.
    expect(await bucketPending()).toBe(true);
    expect(await row('rollup_interval', '5m')).toEqual({ samples: 2, sums: { PVEnergyTotal: 11, pvPower: 100 }, counts: {} });
    expect(await row('rollup_interval_now', '5m')).toEqual(two);
    expect(await row('rollup_interval_now', '1h')).toEqual(two);
    // A sample stored but not yet folded in (its mark waits) is not read.
    await repo.writeBatch([at(3, 400, { RVolt: 231 })]);
    expect(await row('rollup_interval_now', '5m')).toEqual(two);
    await job.settle();
    const three = { samples: 3, sums: { PVEnergyTotal: 11 + 12 + 13, pvPower: 700, RVolt: 461 }, counts: { RVolt: 2 } };
    expect(await row('rollup_interval_now', '5m')).toEqual(three);
    expect(await row('rollup_interval_now', '1h')).toEqual(three);
    // Ended and resting: the bucket and its hour closed once, their variables stored as read.
    expect(await closeHours('1 hour', '-1 minute')).toBe(2);
    expect(await closeHours('1 hour', '-1 minute')).toBe(0);
    expect(await bucketPending()).toBe(false);
    expect(await row('rollup_interval', '5m')).toEqual(three);
    expect(await row('rollup_interval', '1h')).toEqual(three);
    expect(await row('rollup_interval_now', '5m')).toEqual(three);
  });
});
