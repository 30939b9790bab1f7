import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@sunstack/server/src/config.ts';
import { startDataLoop } from '@sunstack/server/src/dataLoop.ts';
import { jsonParam, selectRows } from '@sunstack/server/src/db/rawSql.ts';
import { createFleetPlant } from '@sunstack/server/src/test/fleetFixture.ts';
import { sql } from 'drizzle-orm';
import { startApp } from './appServer.ts';
import type { BenchResult } from './figures.ts';

const DATALOGGERS = 100;
const LIVE_MESSAGES = 100;
const REPLAY_MESSAGES = 10;
const REPLAY_SAMPLES = 288;
const STEADY_RATE = 1_000;
const STEADY_SECONDS = 10;
const BUDGET_LIVE_PER_S = 10_000;
const BUDGET_REPLAY_SHARE = 0.5;
const BUDGET_CPU_US = 50;

const LOAD_SCRIPT = fileURLToPath(new URL('./ingestLoad.ts', import.meta.url));

interface LoadJob {
  url: string;
  dataloggers: { sn: string; secret: string; device: string }[];
  messages: number;
  samplesPerMessage: number;
  rate: number;
  startTs: number;
}

/** Runs the load generator in its own process; answers messages acknowledged and seconds taken. */
function generate(job: LoadJob): Promise<{ acked: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', LOAD_SCRIPT, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited with ${code}`))));
  });
}

/**
 * Ingest through the embedded broker into the database, acknowledged only once stored, against
 * a plain batched INSERT of the same rows (no validation, no rollups, no MQTT).
 */
export async function run(): Promise<BenchResult> {
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  const quiet = { info: () => {}, warn: () => {} };
  const loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), server.app.ingest, quiet);
  try {
    const { db } = server.database;
    const dataloggers: LoadJob['dataloggers'] = [];
    for (let i = 0; i < DATALOGGERS; i += 1) {
      const plant = await createFleetPlant(db, { devices: 1 });
      dataloggers.push({ sn: plant.dataloggerSn, secret: plant.secret, device: plant.devices[0]?.sn as string });
    }
    const base = { url: loop.brokerUrl, dataloggers };
    // Timestamps an hour apart per run, in the last days, so every run stores new rows.
    const day = Date.now() - 3 * 86_400_000;

    const live = await generate({ ...base, messages: LIVE_MESSAGES, samplesPerMessage: 1, rate: 0, startTs: day });
    const livePerS = live.acked / live.seconds;

    const replay = await generate({
      ...base,
      messages: REPLAY_MESSAGES,
      samplesPerMessage: REPLAY_SAMPLES,
      rate: 0,
      startTs: day + 86_400_000,
    });
    const replaySamplesPerS = (replay.acked * REPLAY_SAMPLES) / replay.seconds;

    // The same number of rows, written by plain batched INSERTs of 5,000 rows.
    const [first] = await selectRows<{ id: number }>(db, sql`select id from device order by id limit 1`);
    const deviceId = Number(first?.id);
    const plainRows = replay.acked * REPLAY_SAMPLES;
    const plainStarted = performance.now();
    for (let done = 0; done < plainRows; done += 5_000) {
      const rows = Array.from({ length: Math.min(5_000, plainRows - done) }, (_, i) => ({
        device_id: deviceId,
        ts: day + 2 * 86_400_000 + (done + i) * 1000,
        vars: { pvPower: i, PVEnergyTotal: done + i },
      }));
      await db.execute(sql`insert into telemetry (device_id, ts, vars)
        select device_id, to_timestamp(ts / 1000.0), vars from jsonb_to_recordset(${jsonParam(rows)}) as x(device_id bigint, ts float8, vars jsonb)
        on conflict do nothing`);
    }
    const plainPerS = plainRows / ((performance.now() - plainStarted) / 1000);

    const cpuBefore = process.cpuUsage();
    const steady = await generate({
      ...base,
      messages: (STEADY_RATE * STEADY_SECONDS) / DATALOGGERS,
      samplesPerMessage: 1,
      rate: STEADY_RATE,
      startTs: day + 2.5 * 86_400_000,
    });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuUsPerMessage = (cpu.user + cpu.system) / steady.acked;

    const figures = [
      {
        name: 'Live messages/s (1 sample of 20 variables each)',
        value: livePerS.toFixed(0),
        budget: `>= ${BUDGET_LIVE_PER_S}`,
        pass: livePerS >= BUDGET_LIVE_PER_S,
      },
      {
        name: `Replay samples/s vs plain INSERT (${replaySamplesPerS.toFixed(0)} vs ${plainPerS.toFixed(0)})`,
        value: (replaySamplesPerS / plainPerS).toFixed(2),
        budget: `>= ${BUDGET_REPLAY_SHARE}`,
        pass: replaySamplesPerS / plainPerS >= BUDGET_REPLAY_SHARE,
      },
      {
        name: `Server CPU µs per message at ${STEADY_RATE} messages/s`,
        value: cpuUsPerMessage.toFixed(0),
        budget: `< ${BUDGET_CPU_US}`,
        pass: cpuUsPerMessage < BUDGET_CPU_US,
      },
    ];
    return {
      title: 'Ingest',
      figures,
      database: server.engine,
      details: [
        `${DATALOGGERS} dataloggers, each one MQTT client in a separate load-generator process, QoS 1, at most 20 unacknowledged messages each;`,
        `a message counts when the embedded broker acknowledges it, which happens only after the ingest has stored it (with rollups).`,
        `Live: ${live.acked} messages in ${live.seconds.toFixed(1)} s. Replay: ${replay.acked} messages of ${REPLAY_SAMPLES} samples in ${replay.seconds.toFixed(1)} s.`,
        `Plain INSERT: the same ${plainRows} rows by INSERT … SELECT FROM jsonb_to_recordset in batches of 5,000, without validation, rollups or MQTT.`,
        `Steady: ${steady.acked} messages over ${steady.seconds.toFixed(1)} s; server process CPU (user + system) divided by messages.`,
      ],
    };
  } finally {
    await loop.close();
    await server.close();
  }
}
