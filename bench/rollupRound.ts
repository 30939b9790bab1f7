import { selectRows } from '@sunstack/server/src/db/rawSql.ts';
import { createTelemetryRepo, type DeviceSample } from '@sunstack/server/src/modules/telemetry/repo.ts';
import { createRollupJob } from '@sunstack/server/src/modules/telemetry/rollups.ts';
import { createFleetPlant } from '@sunstack/server/src/test/fleetFixture.ts';
import { openTestDatabase } from '@sunstack/server/src/test/harness.ts';
import { sql } from 'drizzle-orm';
import { closePendingHours } from './appServer.ts';
import { benchDatabaseUrl, databaseCpuMeter, openObserver } from './databaseCpu.ts';
import type { BenchResult } from './figures.ts';
import { vars } from './telemetryVars.ts';

/**
 * Where the database's CPU per message goes (issue 17), without MQTT or the server around it: 1,000
 * devices, each in a plant of its own, then rounds of one new sample each, as a steady 1,000
 * messages/s gives the rollup job every second. Each round is the ingest's batch write (batches of
 * 100 samples) and then the rollup job until no mark is left; the database's CPU of each part is
 * measured apart (PostgreSQL's server processes from /proc; on PGlite the process's own CPU, where
 * the database runs). The rounds' samples fall in an hour that has not ended, as a live fleet's do, and the rollup
 * job's figure includes closing the hours the rounds leave open (built from their 5-minute rows once). Two cadences: the protocol's 5 minutes (a day of history first; every new
 * sample opens a 5-minute bucket), and devices set to report every 10 seconds (10 minutes of
 * history first; a round's sample joins a bucket that already holds up to 29).
 */
const DEVICES = 1_000;
const WRITE_BATCH = 100;
const CADENCES = [
  // At 5 minutes, 12 rounds are an hour's samples: the close weighs per sample as it does live.
  { name: 'every 5 minutes', stepMs: 300_000, historySamples: 288, rounds: 12 },
  { name: 'every 10 seconds', stepMs: 10_000, historySamples: 60, rounds: 30 },
];

async function measure({ stepMs, historySamples, rounds }: (typeof CADENCES)[number]) {
  const database = await openTestDatabase();
  const { db } = database;
  const observer = await openObserver(database);
  try {
    const devices: { deviceId: number; plantId: number }[] = [];
    for (let d = 0; d < DEVICES; d += 1) {
      const plant = await createFleetPlant(db, { devices: 1 });
      const [row] = await selectRows<{ id: number }>(db, sql`select id from device where sn = ${plant.devices[0]?.sn}`);
      devices.push({ deviceId: Number(row?.id), plantId: plant.plantId });
    }
    const telemetry = createTelemetryRepo(db);
    const rollups = createRollupJob(db, database.kind);
    // The rounds' samples in an hour that has not ended, as a live fleet's are (the next one, so a round never
    // crosses into an hour that has: the plants' zone has whole-hour offsets), the history up to it.
    const roundsStart = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    const start = roundsStart - historySamples * stepMs;
    const samplesAt = (i: number): DeviceSample[] => devices.map((d) => ({ ...d, ts: start + i * stepMs, vars: vars(i) }));
    for (let i = 0; i < historySamples; i += 1) await telemetry.writeBatch(samplesAt(i));
    await rollups.settle();
    // The history's hours closed, as long ago in a live fleet: the rounds measured close only their own.
    await closePendingHours(db);
    await db.execute(sql`analyze`);
    // Every run measures from a checkpoint: pages first written after one log a full image, whatever the setup wrote.
    await db.execute(sql`checkpoint`);

    /** CPU µs of the database while `work` runs. */
    const cpuOf = async (work: () => Promise<void>) => {
      const meter = databaseCpuMeter(observer);
      const before = process.cpuUsage();
      await meter.start();
      await work();
      const server = await meter.stop();
      const own = process.cpuUsage(before);
      return server ?? own.user + own.system;
    };
    let writeUs = 0;
    let rollupUs = 0;
    for (let round = 0; round < rounds; round += 1) {
      const samples = samplesAt(historySamples + round);
      writeUs += await cpuOf(async () => {
        for (let b = 0; b < samples.length; b += WRITE_BATCH) await telemetry.writeBatch(samples.slice(b, b + WRITE_BATCH));
      });
      rollupUs += await cpuOf(rollups.settle);
    }
    // The hours and buckets the rounds left pending, closed as when they rest: their variables summed once.
    rollupUs += await cpuOf(() => closePendingHours(db));
    return { engine: database.kind, writeUs: writeUs / (DEVICES * rounds), rollupUs: rollupUs / (DEVICES * rounds) };
  } finally {
    await observer.close();
    await database.close();
  }
}

export async function run(): Promise<BenchResult> {
  if (process.env.DATABASE_URL) process.env.DATABASE_URL = benchDatabaseUrl(process.env.DATABASE_URL);
  const figures: BenchResult['figures'] = [];
  let engine = 'pglite';
  for (const cadence of CADENCES) {
    const measured = await measure(cadence);
    engine = measured.engine;
    const where = engine === 'postgres' ? 'PostgreSQL server processes' : 'PGlite, in the process';
    figures.push(
      { name: `Database CPU µs per sample, ingest batch write, samples ${cadence.name} (${where})`, value: measured.writeUs.toFixed(0) },
      { name: `Database CPU µs per sample, rollup job, samples ${cadence.name} (${where})`, value: measured.rollupUs.toFixed(0) },
    );
  }
  return {
    title: 'Rollup round',
    database: engine,
    figures,
    details: [
      `${DEVICES} devices, each in a plant of its own (20 variables), then rounds of one new sample per device in an hour that has not ended: the ingest's batch write (${WRITE_BATCH} samples a batch), then the rollup job until no mark is left (and, after the last round, the close of the hours left open); the database's CPU of each part measured apart. ${CADENCES.map((c) => `Samples ${c.name}: ${c.historySamples} samples of history, ${c.rounds} rounds`).join('; ')}. The ingest benchmark measures the same costs end to end, with MQTT and the server.`,
    ],
  };
}
