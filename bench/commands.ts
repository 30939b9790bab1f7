import type { AddressInfo } from 'node:net';
import { loadConfig } from '@sunstack/server/src/config.ts';
import { type DataLoop, startDataLoop } from '@sunstack/server/src/dataLoop.ts';
import { externalConfig, type Mosquitto, startMosquitto } from '@sunstack/server/src/modules/broker/testMosquitto.ts';
import { createFleetPlant } from '@sunstack/server/src/test/fleetFixture.ts';
import { Access } from '@sunstack/shared';
import { signedInAccount, startApp } from './appServer.ts';
import { runLoadProcess } from './child.ts';
import type { CommandLoadJob, CommandLoadReport } from './commandsLoad.ts';
import { type BenchResult, type Figure, markdownTable, percentile } from './figures.ts';

const DATALOGGERS = 100;
/** The budget's rate, and a lower one first to show the path while the server is not saturated. */
const BUDGET_RATE = 100;
const RATES = [25, BUDGET_RATE];
const WARM_UP_SECONDS = 3;
const MEASURED_SECONDS = 15;
const BUDGET_P95_MS = 50;

const LOAD_SCRIPT = new URL('./commandsLoad.ts', import.meta.url);
const quiet = { info: () => {}, warn: () => {} };
const BROKERS = { embedded: 'embedded broker', mosquitto: 'Mosquitto in front' } as const;

/**
 * The command round trip (issue 18): a console call makes a command; the dispatcher sends it
 * through the broker; a simulated datalogger applies it and replies; the ingest takes the reply; a
 * call reading the command sees it done. The server (API, ingest, dispatcher) runs here; the
 * dataloggers and the calls in a load-generator process (commandsLoad.ts). On the embedded broker,
 * then with Mosquitto in front.
 */
export async function run(): Promise<BenchResult> {
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  try {
    const { token } = await signedInAccount(server, 'command_admin', Access.admin);
    const dataloggers: CommandLoadJob['dataloggers'] = [];
    for (let i = 0; i < DATALOGGERS; i++) {
      const { dataloggerSn, secret } = await createFleetPlant(server.database.db, { devices: 0 });
      dataloggers.push({ sn: dataloggerSn, secret });
    }
    const { port } = server.app.http.server.address() as AddressInfo;

    const measure = async (broker: keyof typeof BROKERS, rate: number) => {
      let mosquitto: Mosquitto | undefined;
      let loop: DataLoop | undefined;
      const stop = new AbortController();
      let dispatcher: Promise<void> | undefined;
      try {
        if (broker === 'mosquitto') {
          mosquitto = await startMosquitto({ dataloggers });
          loop = await startDataLoop(externalConfig(mosquitto.url, { INGEST_INSTANCE: 'bench-commands' }), server.app.ingest, quiet);
        } else {
          loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), server.app.ingest, quiet);
        }
        dispatcher = server.app.runCommandDispatcher(loop.publish, stop.signal);
        const cpuBefore = process.cpuUsage();
        const report = await runLoadProcess<CommandLoadReport>(LOAD_SCRIPT, {
          port,
          token,
          brokerUrl: loop.brokerUrl,
          dataloggers,
          rate,
          warmUpSeconds: WARM_UP_SECONDS,
          measuredSeconds: MEASURED_SECONDS,
        } satisfies CommandLoadJob);
        const cpu = process.cpuUsage(cpuBefore);
        const times = report.times.sort((a, b) => a - b);
        const commands = rate * (WARM_UP_SECONDS + MEASURED_SECONDS);
        return {
          broker,
          asked: rate,
          count: times.length,
          rate: report.rate,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          max: times.at(-1) ?? 0,
          serverCpuMs: (cpu.user + cpu.system) / 1000 / commands,
        };
      } finally {
        stop.abort();
        await dispatcher;
        await loop?.close();
        await mosquitto?.stop();
      }
    };
    const results = [];
    for (const rate of RATES) for (const broker of ['embedded', 'mosquitto'] as const) results.push(await measure(broker, rate));

    const figures: Figure[] = results.map((result) => ({
      name: `Command round trip p95 at ${result.asked} commands/s, ${BROKERS[result.broker]}`,
      value: `${result.p95.toFixed(1)} ms`,
      ...(result.asked === BUDGET_RATE ? { budget: `< ${BUDGET_P95_MS} ms`, pass: result.p95 < BUDGET_P95_MS } : {}),
    }));
    return {
      title: 'Command round trip',
      figures,
      database: server.engine,
      details: [
        `${DATALOGGERS} simulated dataloggers (the simulator's, a battery plant each) in a load-generator process; from the same process an ` +
          `administrator's \`POST /c/v0/device/setting/set\` (MinSoc) to one of their inverters at a steady rate, each on its own, and ` +
          "each inverter's command stream (`GET /c/v0/device/command/stream`, server-sent events) open, as the console follows a device. " +
          'A round trip is from the call to the stream event that says done: the row and its operation log entry, NOTIFY, the dispatcher ' +
          'sending it at QoS 1, the device applying it and replying, the ingest storing the reply, the stream telling it. ' +
          `${WARM_UP_SECONDS} s of warm-up, then ${MEASURED_SECONDS} s measured. The server (API, ingest, dispatcher, and the embedded ` +
          'broker where there is no Mosquitto) is one process.',
        '',
        markdownTable(
          ['Broker', 'Asked /s', 'Commands', 'Started /s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'Server CPU ms per command'],
          results.map((result) => [
            BROKERS[result.broker],
            String(result.asked),
            String(result.count),
            result.rate.toFixed(0),
            result.p50.toFixed(1),
            result.p95.toFixed(1),
            result.p99.toFixed(1),
            result.max.toFixed(1),
            result.serverCpuMs.toFixed(2),
          ]),
          [1, 2, 3, 4, 5, 6, 7, 8],
        ).join('\n'),
      ],
    };
  } finally {
    await server.close();
  }
}
