import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '@sunstack/server/src/config.ts';
import { startDataLoop } from '@sunstack/server/src/dataLoop.ts';
import type { Db } from '@sunstack/server/src/db/client.ts';
import { jsonParam, selectRows } from '@sunstack/server/src/db/rawSql.ts';
import { externalConfig, startMosquitto } from '@sunstack/server/src/modules/broker/testMosquitto.ts';
import { createFleetPlant } from '@sunstack/server/src/test/fleetFixture.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { closePendingHours, HOUR_MS, nextHour, type RunningApp, startApp, waitForRollups } from './appServer.ts';
import { databaseCpuMeter, openObserver, TICKS_PER_SECOND, ticksOf } from './databaseCpu.ts';
import { type BenchResult, markdownTable, percentile } from './figures.ts';
import { generate, type LoadJob } from './loadGenerator.ts';
import { vars } from './telemetryVars.ts';

/** Dataloggers of the live and replay phases (as fast as acknowledgements allow). */
const DATALOGGERS = 100;
/**
 * Dataloggers of the steady phases, a message a second each: a rollup round then sees one new
 * sample per device, as a fleet of 300,000 devices reporting every 5 minutes would show it. Their
 * samples, 5 minutes apart, fall in hours that have not ended (future ones, each phase its own
 * hour), as a live fleet's do, and the phase's cost includes closing those hours.
 */
const STEADY_DATALOGGERS = 1_000;
const LIVE_MESSAGES = 500;
const REPLAY_MESSAGES = 10;
const REPLAY_SAMPLES = 288;
const STEADY_RATE = 1_000;
/**
 * 12 messages a datalogger: an hour's samples at the protocol's 5 minutes, so a phase closes an hour per 12 messages as a
 * live fleet does (with 10, as until session 31, the close weighed a fifth more per message than it does live).
 */
const STEADY_SECONDS = 12;
/** Measured phases through Mosquitto, each in an hour of its own; the figures are their medians. */
const MOSQUITTO_PHASES = 3;
const BUDGET_LIVE_PER_S = 10_000;
const BUDGET_REPLAY_SHARE = 0.5;
const BUDGET_CPU_US = 50;
/** Issue 17: PostgreSQL's CPU per message with the rollups current, and the whole system's (server, Mosquitto, database). */
const BUDGET_DATABASE_US = 150;
const BUDGET_SYSTEM_US = 250;

/** CPU µs per message of each process during one phase through Mosquitto (the database's undefined on PGlite). */
type MosquittoPhase = { acked: number; server: number; broker: number; database: number | undefined };

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

type PlainRow = { device_id: number; ts: number; vars: Record<string, number> };

/**
 * The baseline: the rows written with nothing else. On PostgreSQL a COPY FROM STDIN per batch on
 * its own connection; PGlite has no COPY from a client stream, so there INSERT … SELECT FROM
 * jsonb_to_recordset per batch.
 */
async function plainWrite(database: RunningApp['database'], batches: PlainRow[][]) {
  if (database.kind === 'pglite') {
    for (const rows of batches) {
      await database.db.execute(sql`insert into telemetry (device_id, ts, vars)
        select device_id, to_timestamp(ts / 1000.0), vars from jsonb_to_recordset(${jsonParam(rows)}) as x(device_id bigint, ts float8, vars jsonb)`);
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    for (const rows of batches) {
      // COPY's text format: tab-separated, backslashes doubled.
      const text = rows
        .map((r) => `${r.device_id}\t${new Date(r.ts).toISOString()}\t${JSON.stringify(r.vars).replaceAll('\\', '\\\\')}\n`)
        .join('');
      await pipeline(Readable.from([text]), client.query(copyFrom('COPY telemetry (device_id, ts, vars) FROM STDIN')));
    }
  } finally {
    await client.end();
  }
}

/** Resolves when the ingest has stored `count` samples in the hour from `fromTs` (a steady phase's own). */
async function waitForRows(db: Db, fromTs: number, count: number) {
  for (;;) {
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from telemetry where ts >= ${new Date(fromTs)} and ts < ${new Date(fromTs + HOUR_MS)}`,
    );
    if ((row?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Ingest through the embedded broker into the database, acknowledged only once stored, against
 * a plain batched INSERT of the same rows (no validation, no rollups, no MQTT).
 */
export async function run(): Promise<BenchResult> {
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  const quiet = { info: () => {}, warn: () => {} };
  const loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), server.app.ingest, quiet);
  // What the bench asks while it measures (meters, waits) goes through connections of its own, not counted.
  const observer = await openObserver(server.database);
  try {
    const { db } = server.database;
    const dataloggers: LoadJob['dataloggers'] = [];
    const phases: MosquittoPhase[] = [];
    const steadyJob = { messages: (STEADY_RATE * STEADY_SECONDS) / STEADY_DATALOGGERS, samplesPerMessage: 1, rate: STEADY_RATE };
    for (let i = 0; i < STEADY_DATALOGGERS; i += 1) {
      const plant = await createFleetPlant(db, { devices: 1 });
      dataloggers.push({ sn: plant.dataloggerSn, secret: plant.secret, device: plant.devices[0]?.sn as string });
    }
    const base = { url: loop.brokerUrl, dataloggers: dataloggers.slice(0, DATALOGGERS) };
    const steadyBase = { url: loop.brokerUrl, dataloggers };
    // Each phase writes its own stretch of the last 60 days (samples 5 minutes apart), so every phase stores new rows.
    const day = Date.now() - 60 * 86_400_000;

    const live = await generate({ ...base, messages: LIVE_MESSAGES, samplesPerMessage: 1, rate: 0, startTs: day });
    const livePerS = live.acked / live.seconds;

    const replay = await generate({
      ...base,
      messages: REPLAY_MESSAGES,
      samplesPerMessage: REPLAY_SAMPLES,
      rate: 0,
      startTs: day + 2 * 86_400_000,
    });
    const replaySamplesPerS = (replay.acked * REPLAY_SAMPLES) / replay.seconds;
    const rollupsFrom = performance.now();
    await waitForRollups(observer.db);
    const rollupLagSeconds = (performance.now() - rollupsFrom) / 1000;

    // The same number of rows of the same 20 variables, written by plain batched INSERTs of 5,000 rows.
    const [first] = await selectRows<{ id: number }>(db, sql`select id from device order by id limit 1`);
    const deviceId = Number(first?.id);
    const plainRows = replay.acked * REPLAY_SAMPLES;
    const plainBatches = Array.from({ length: Math.ceil(plainRows / 5_000) }, (_, b) =>
      Array.from({ length: Math.min(5_000, plainRows - b * 5_000) }, (_, i) => ({
        device_id: deviceId,
        ts: day + 20 * 86_400_000 + (b * 5_000 + i) * 1000,
        vars: vars(b * 5_000 + i),
      })),
    );
    // Partitions are set-up, not part of writing rows: the months the plain rows fall in exist before the clock starts.
    for (const month of new Set(plainBatches.flat().map((row) => new Date(row.ts).toISOString().slice(0, 7)))) {
      await db.execute(sql`select telemetry_ensure_partition(${`${month}-01`}::date)`);
    }
    const plainStarted = performance.now();
    await plainWrite(server.database, plainBatches);
    const plainPerS = plainRows / ((performance.now() - plainStarted) / 1000);

    // Steady traffic through the embedded broker: its CPU is part of the server's.
    const cpuBefore = process.cpuUsage();
    const databaseCpu = databaseCpuMeter(observer);
    await databaseCpu.start();
    // Each steady phase's samples fill an hour of its own that has not ended (see STEADY_DATALOGGERS).
    const openHour = nextHour();
    const steady = await generate({ ...steadyBase, ...steadyJob, startTs: openHour });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuUsPerMessage = (cpu.user + cpu.system) / steady.acked;
    // The rollups of the steady phase are part of its cost: wait for the job to take them in, and close its hours.
    await waitForRollups(observer.db);
    await closePendingHours(db);
    const databaseMicros = await databaseCpu.stop();
    const databaseUsPerMessage = databaseMicros === undefined ? undefined : databaseMicros / steady.acked;

    // The same traffic through Mosquitto (the deployment for large fleets): the server consumes it.
    const mosquitto = await startMosquitto({ dataloggers });
    const consumer = await startDataLoop(externalConfig(mosquitto.url, { INGEST_INSTANCE: 'bench' }), server.app.ingest, quiet);
    try {
      // A first stretch warms the consumer's code up (the embedded path is warm from the phases before).
      const warmTs = openHour + HOUR_MS;
      const warm = await generate({ ...steadyBase, url: mosquitto.url, ...steadyJob, messages: steadyJob.messages / 5, startTs: warmTs });
      await waitForRows(observer.db, warmTs, warm.acked);
      // The phases, each in an hour of its own: one phase's figures move with what else the machine does meanwhile.
      for (let phase = 0; phase < MOSQUITTO_PHASES; phase += 1) {
        const startTs = openHour + (2 + phase) * HOUR_MS;
        await waitForRollups(observer.db);
        await closePendingHours(db);
        const cpuBefore = process.cpuUsage();
        const brokerTicks = ticksOf(mosquitto.pid()) ?? 0;
        const databaseCpu = databaseCpuMeter(observer);
        await databaseCpu.start();
        const sent = await generate({ ...steadyBase, url: mosquitto.url, ...steadyJob, startTs });
        // Mosquitto acknowledges on receipt: the phase ends when the ingest has stored every message.
        await waitForRows(observer.db, startTs, sent.acked);
        const cpu = process.cpuUsage(cpuBefore);
        const brokerMicros = (((ticksOf(mosquitto.pid()) ?? 0) - brokerTicks) * 1_000_000) / TICKS_PER_SECOND;
        // The database's share includes the rollups of these messages, their hours' close too.
        await waitForRollups(observer.db);
        await closePendingHours(db);
        const databaseMicros = await databaseCpu.stop();
        phases.push({
          acked: sent.acked,
          server: (cpu.user + cpu.system) / sent.acked,
          broker: brokerMicros / sent.acked,
          database: databaseMicros === undefined ? undefined : databaseMicros / sent.acked,
        });
      }
    } finally {
      await consumer.close();
      await mosquitto.stop();
    }

    const totalOf = (p: MosquittoPhase) => p.server + p.broker + (p.database ?? 0);
    // Each figure is the median of the phases' (the total too, of their totals).
    const viaMosquitto = {
      server: median(phases.map((p) => p.server)),
      broker: median(phases.map((p) => p.broker)),
      database: phases.some((p) => p.database === undefined) ? undefined : median(phases.map((p) => p.database ?? 0)),
    };
    const systemUs = median(phases.map(totalOf));
    const figures = [
      {
        name: 'Live messages/s (1 sample of 20 variables each)',
        value: livePerS.toFixed(0),
        budget: `>= ${BUDGET_LIVE_PER_S}`,
        pass: livePerS >= BUDGET_LIVE_PER_S,
      },
      {
        name: `Replay samples/s vs plain COPY (${replaySamplesPerS.toFixed(0)} vs ${plainPerS.toFixed(0)})`,
        value: (replaySamplesPerS / plainPerS).toFixed(2),
        budget: `>= ${BUDGET_REPLAY_SHARE}`,
        pass: replaySamplesPerS / plainPerS >= BUDGET_REPLAY_SHARE,
      },
      {
        name: `Server CPU µs per message at ${STEADY_RATE} messages/s, Mosquitto in front`,
        value: viaMosquitto.server.toFixed(0),
        budget: `< ${BUDGET_CPU_US}`,
        pass: viaMosquitto.server < BUDGET_CPU_US,
      },
      { name: `Mosquitto CPU µs per message at ${STEADY_RATE} messages/s`, value: viaMosquitto.broker.toFixed(0) },
      ...(viaMosquitto.database === undefined
        ? []
        : [
            {
              name: `Database CPU µs per message at ${STEADY_RATE} messages/s, Mosquitto in front, rollups current`,
              value: viaMosquitto.database.toFixed(0),
              budget: `< ${BUDGET_DATABASE_US}`,
              pass: viaMosquitto.database < BUDGET_DATABASE_US,
            },
            {
              name: `Whole system CPU µs per message at ${STEADY_RATE} messages/s (server + Mosquitto + database)`,
              value: systemUs.toFixed(0),
              budget: `< ${BUDGET_SYSTEM_US}`,
              pass: systemUs < BUDGET_SYSTEM_US,
            },
          ]),
      { name: `Server CPU µs per message at ${STEADY_RATE} messages/s, embedded broker`, value: cpuUsPerMessage.toFixed(0) },
      ...(databaseUsPerMessage === undefined
        ? []
        : [
            {
              name: `Database CPU µs per message at ${STEADY_RATE} messages/s, embedded broker, rollups current`,
              value: databaseUsPerMessage.toFixed(0),
            },
          ]),
    ];
    return {
      title: 'Ingest',
      figures,
      database: server.engine,
      details: [
        `${DATALOGGERS} dataloggers (live and replay) and ${STEADY_DATALOGGERS} (steady, a message a second each, samples 5 minutes apart in an hour of their own that has not ended, closed within the phase), each one MQTT client in a separate load-generator process, QoS 1, at most 20 unacknowledged messages each;`,
        `a message counts when the embedded broker acknowledges it, which happens only after the ingest has stored it (raw row, latest values, a mark for the rollup job, which folds it into the rollups within about a second).`,
        `Live: ${live.acked} messages in ${live.seconds.toFixed(1)} s. Replay: ${replay.acked} messages of ${REPLAY_SAMPLES} samples in ${replay.seconds.toFixed(1)} s.`,
        `Plain write: the same ${plainRows} rows, by COPY FROM STDIN in batches of 5,000 on PostgreSQL (INSERT … SELECT FROM jsonb_to_recordset on PGlite), without validation, rollups or MQTT.`,
        `The rollup job (polling each second, as in production) took in the last replayed samples ${rollupLagSeconds.toFixed(1)} s after their acknowledgement.`,
        `Steady, embedded broker: ${steady.acked} messages over ${steady.seconds.toFixed(1)} s; server process CPU divided by messages: ${(cpu.user / steady.acked).toFixed(0)} µs user + ${(cpu.system / steady.acked).toFixed(0)} µs system (the broker is in the server: every message is one read and one acknowledgement written to its datalogger's socket).`,
        `Steady, Mosquitto in front (deploy/mosquitto/mosquitto.conf, the dataloggers written into its dynamic security file): after a fifth as many to warm up, ${MOSQUITTO_PHASES} phases of ${phases[0]?.acked ?? 0} messages at the same rate, each measured until the ingest had stored them all and the rollup job had taken them in (their hours closed); per message: the server process's CPU (one MQTT 5 session receiving every message, acknowledgements due together in one write), Mosquitto's process (from /proc, 10 ms ticks) and PostgreSQL's server processes serving this run (from /proc; not measured on PGlite). The figures above are the medians of the phases.`,
        '',
        markdownTable(
          ['Process, Mosquitto in front, 1,000 messages/s, CPU µs per message', ...phases.map((_, i) => `phase ${i + 1}`), 'median'],
          [
            ['server (ingest, rollup job)', ...phases.map((p) => p.server.toFixed(0)), viaMosquitto.server.toFixed(0)],
            ['Mosquitto', ...phases.map((p) => p.broker.toFixed(0)), viaMosquitto.broker.toFixed(0)],
            [
              'PostgreSQL (rollups current)',
              ...phases.map((p) => p.database?.toFixed(0) ?? 'n/a'),
              viaMosquitto.database?.toFixed(0) ?? 'n/a',
            ],
            ['total', ...phases.map((p) => totalOf(p).toFixed(0)), systemUs.toFixed(0)],
          ],
          phases.map((_, i) => i + 1).concat(phases.length + 1),
        ).join('\n'),
      ],
    };
  } finally {
    await observer.close();
    await loop.close();
    await server.close();
  }
}
