import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@sunstack/server/src/config.ts';
import { embeddedTemplate } from '@sunstack/server/src/db/embeddedTemplate.ts';
import { selectRows } from '@sunstack/server/src/db/rawSql.ts';
import { DEMO_PASSWORD } from '@sunstack/server/src/seed/demo.ts';
import { startServer } from '@sunstack/server/src/server.ts';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { signedCall, waitForRollups } from './appServer.ts';
import { type BenchResult, percentile } from './figures.ts';

const BUDGET_SECONDS = 20;
const BUDGET_WAIT_MS = 500;
/** How often each probe asks while the history fills. */
const PROBE_EVERY_MS = 100;
const PROBE_SN = '869999000000001';

/** Calls `probe` every PROBE_EVERY_MS (never two at once) until stopped; answers the waits in ms. */
function probeLoop(probe: () => Promise<unknown>) {
  const waits: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await probe();
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return waits.sort((a, b) => a - b);
    },
  };
}

/**
 * `npm start` on a fresh data folder, in this process as main.ts runs it: the embedded PGlite, the
 * embedded broker and the demo fleet publishing its 60 days of history. Times how long until the
 * history is stored and rolled up, and meanwhile how long a light HTTP call and a QoS 1 publish of
 * another datalogger wait for their answer.
 */
export async function run(): Promise<BenchResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sunstack-first-start-'));
  // `npm start` makes the embedded database's template while the web app builds, before the server starts.
  const templateStarted = performance.now();
  await embeddedTemplate();
  const templateSeconds = (performance.now() - templateStarted) / 1000;
  const started = performance.now();
  // CPU time says what the wall clock cannot on a shared machine: everything here (server, PGlite, the fleet) is this process.
  const cpuBefore = process.cpuUsage();
  // The embedded set-up whatever DATABASE_URL the bench run has.
  const server = await startServer(
    loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', MQTT_PORT: '0', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' }),
  );
  const listening = performance.now();
  let client: mqtt.MqttClient | undefined;
  try {
    const port = (server.http.server.address() as AddressInfo).port;
    const fleet = server.fleet;
    const brokerUrl = server.dataLoop?.brokerUrl;
    if (!fleet || !brokerUrl) throw new Error('the embedded set-up runs no demo fleet');

    const httpProbe = probeLoop(() => signedCall(false, port, '/c/v0/user/access', undefined, ''));
    // A datalogger of its own, registered by the demo administrator: its status is stored before its PUBACK.
    const login = await signedCall(false, port, '/c/v0/user/login', { user: 'demo_admin', password: DEMO_PASSWORD }, '');
    const token = String(login.result.token);
    const created = await signedCall(false, port, '/c/v0/module/create', { sn: PROBE_SN }, token);
    if (created.errno !== 0) throw new Error(`probe datalogger not registered: ${JSON.stringify(created)}`);
    client = await mqtt.connectAsync(brokerUrl, { username: PROBE_SN, password: String(created.result.secret), clientId: PROBE_SN });
    const connected = client;
    const pubackProbe = probeLoop(() => connected.publishAsync(`dl/${PROBE_SN}/up/status`, '{"online":true}', { qos: 1 }));

    await fleet.backfilled;
    const stored = performance.now();
    await waitForRollups(server.database.db);
    const rolledUp = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const httpWaits = await httpProbe.stop();
    const pubackWaits = await pubackProbe.stop();
    const [counted] = await selectRows<{ samples: number }>(server.database.db, sql`select count(*)::int as samples from telemetry`);

    const seconds = (rolledUp - started) / 1000;
    const worst = (waits: number[]) => waits[waits.length - 1] ?? 0;
    return {
      title: 'Embedded first start',
      figures: [
        {
          name: 'Embedded first start: 60 days of demo history stored and rolled up',
          value: `${seconds.toFixed(1)} s`,
          budget: `< ${BUDGET_SECONDS} s`,
          pass: seconds < BUDGET_SECONDS,
        },
        {
          name: 'Embedded first start: CPU of this process (server, PGlite, demo fleet) until rolled up',
          value: `${cpuSeconds.toFixed(1)} s`,
        },
        {
          name: 'Embedded first start: worst wait of a light HTTP call',
          value: `${worst(httpWaits).toFixed(0)} ms`,
          budget: `<= ${BUDGET_WAIT_MS} ms`,
          pass: worst(httpWaits) <= BUDGET_WAIT_MS,
        },
        {
          name: 'Embedded first start: worst PUBACK wait of another datalogger',
          value: `${worst(pubackWaits).toFixed(0)} ms`,
          budget: `<= ${BUDGET_WAIT_MS} ms`,
          pass: worst(pubackWaits) <= BUDGET_WAIT_MS,
        },
      ],
      details: [
        `\`startServer\` as \`npm start\` runs it (main.ts), in this process, on a fresh data folder: PGlite, the embedded broker, the demo seed and its fleet of ${fleet.dataloggers.length} dataloggers, which publish their 60 days of history (QoS 1, acknowledged once stored), then go live.`,
        `Before it, as \`npm start\` does while the web app builds, the embedded database's template (initdb and migrations, copied into the fresh data folder): ${templateSeconds < 0.1 ? 'made before this run' : `made in ${templateSeconds.toFixed(1)} s`}.`,
        `Listening after ${((listening - started) / 1000).toFixed(1)} s (migrations, demo seed); history stored after ${((stored - started) / 1000).toFixed(1)} s; rolled up (no rollup marks left) after ${seconds.toFixed(1)} s; ${counted?.samples ?? 0} samples.`,
        `Meanwhile, every ${PROBE_EVERY_MS} ms, one at a time: \`GET /c/v0/user/access\` on a new connection (${httpWaits.length} calls: p50 ${percentile(httpWaits, 50).toFixed(0)} ms, p99 ${percentile(httpWaits, 99).toFixed(0)} ms, worst ${worst(httpWaits).toFixed(0)} ms), and a QoS 1 status publish of a datalogger registered through the API, timed to its PUBACK (${pubackWaits.length} publishes: p50 ${percentile(pubackWaits, 50).toFixed(0)} ms, p99 ${percentile(pubackWaits, 99).toFixed(0)} ms, worst ${worst(pubackWaits).toFixed(0)} ms).`,
      ],
    };
  } finally {
    await client?.endAsync();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
