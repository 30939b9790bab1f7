import { randomBytes } from 'node:crypto';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DataLoop, startDataLoop } from '../dataLoop.ts';
import type { Database } from '../db/client.ts';
import { TEST_METRICS_TOKEN } from '../modules/broker/testClients.ts';
import { externalConfig, type Mosquitto, provision, startMosquitto } from '../modules/broker/testMosquitto.ts';
import type { FleetPlant } from './fleetFixture.ts';

export const BROKERS = ['embedded', 'mosquitto'] as const;
export type BrokerKind = (typeof BROKERS)[number];

export interface IngestProcess {
  app: App;
  config: Config;
  /** Its data loop (a test may close it and start another on `config`: close() ends the one here). */
  loop: DataLoop;
  /** The Mosquitto it consumes (undefined on the embedded broker). */
  mosquitto?: Mosquitto;
  /** Lets dataloggers connect: Mosquitto learns their secrets; the embedded broker reads them from the database. */
  provision(...plants: FleetPlant[]): Promise<void>;
  /** Starts sending commands (a process's command dispatcher, as server.ts runs it beside the data loop). */
  startDispatcher(): void;
  /** Stops the dispatcher and waits for its pass to end. */
  stopDispatcher(): Promise<void>;
  close(): Promise<void>;
}

const quiet = { info: () => {}, warn: () => {} };

/**
 * An ingest process beside a test's API process: an app of its own over the same database (as
 * production runs several), the data loop on the embedded broker or on a Mosquitto started for it
 * with the shipped configuration, and the command dispatcher. /metrics answers TEST_METRICS_TOKEN.
 */
export async function startIngestProcess(
  database: Database,
  broker: BrokerKind,
  options: { now?: () => number } = {},
): Promise<IngestProcess> {
  const mosquitto = broker === 'mosquitto' ? await startMosquitto() : undefined;
  const env = { METRICS_TOKEN: TEST_METRICS_TOKEN, INGEST_INSTANCE: `test-${randomBytes(4).toString('hex')}` };
  const config = mosquitto
    ? externalConfig(mosquitto.url, env)
    : loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ config, database, now: options.now });
  const loop = await startDataLoop(config, app.ingest, quiet);
  let dispatching: { stop: AbortController; done: Promise<void> } | undefined;
  const stopDispatcher = async () => {
    dispatching?.stop.abort();
    await dispatching?.done;
    dispatching = undefined;
  };
  const ingest: IngestProcess = {
    app,
    config,
    loop,
    mosquitto,
    provision: async (...plants) => {
      if (mosquitto) await provision(mosquitto.url, ...plants);
    },
    startDispatcher() {
      if (dispatching) return;
      const stop = new AbortController();
      dispatching = { stop, done: app.runCommandDispatcher(ingest.loop.publish, stop.signal) };
    },
    stopDispatcher,
    async close() {
      await stopDispatcher();
      await ingest.loop.close();
      await app.http.close();
      await mosquitto?.stop();
    },
  };
  return ingest;
}
