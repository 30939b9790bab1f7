/**
 * The server side of the connections benchmark, run as a child process (with --expose-gc) so its
 * memory is the server's alone: the real app on a fresh database holding `count` registered
 * dataloggers, and the device side in one of the two set-ups of `broker`:
 * - `embedded`: the embedded broker (Aedes) in this process, the ingest behind it;
 * - `mosquitto`: a real Mosquitto (a child process of this one, so it inherits the open-file limit its
 *   shell raised) holding the dataloggers' accounts, and the data loop consuming it through one MQTT 5
 *   session, as with MQTT_URL.
 * Answers the parent over IPC: `ready` with the broker's address (and Mosquitto's process id and the
 * plugin admin's account, which may read its $SYS figures), then one
 * `memory` answer per `measure` request and one `online` answer per `online` request; `stop` closes it.
 */
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { loadConfig } from '@sunstack/server/src/config.ts';
import { startDataLoop } from '@sunstack/server/src/dataLoop.ts';
import { ADMIN, externalConfig, type Mosquitto, startMosquitto } from '@sunstack/server/src/modules/broker/testMosquitto.ts';
import { hashDeviceSecret } from '@sunstack/server/src/modules/datalogger/secret.ts';
import { startApp } from './appServer.ts';

export type Broker = 'embedded' | 'mosquitto';

export interface ServerJob {
  broker: Broker;
  count: number;
  /** SNs are firstSn, firstSn + 1, … (15 digits). */
  firstSn: number;
  secret: string;
}

export type ToServer = { type: 'measure' } | { type: 'online' } | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; url: string; engine: string; mosquitto?: { pid: number; username: string; password: string } }
  | { type: 'memory'; usage: NodeJS.MemoryUsage; online: number }
  | { type: 'online'; online: number }
  | { type: 'stopped' };

const job = JSON.parse(process.argv[2] as string) as ServerJob;
if (!globalThis.gc) throw new Error('run with --expose-gc');
const gc = globalThis.gc;
const send = (message: FromServer) => process.send?.(message);

const server = await startApp({ WEB_DIST: '/nonexistent' });
const quiet = { info: () => {}, warn: () => {} };
const sns = Array.from({ length: job.count }, (_, i) => String(job.firstSn + i));
// Mosquitto's dynamic security file gets every datalogger before the broker starts (one hash for the shared secret).
const mosquitto: Mosquitto | undefined =
  job.broker === 'mosquitto' ? await startMosquitto({ dataloggers: sns.map((sn) => ({ sn, secret: job.secret })) }) : undefined;
const loop = await startDataLoop(
  mosquitto ? externalConfig(mosquitto.url, { INGEST_INSTANCE: 'bench' }) : loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }),
  server.app.ingest,
  quiet,
);
// One secret for every datalogger, hashed once: its hash is what the embedded broker checks, not its uniqueness.
await server.database.execute(`
  INSERT INTO account (organisation_id, username, email, password_hash, access, client_id)
  SELECT id, 'bench_registrar', 'bench_registrar@bench.test', 'unused', 255, 'bench_registrar' FROM organisation WHERE parent_id IS NULL;
  INSERT INTO datalogger (sn, secret_hash, organisation_id, registered_by)
  SELECT (${job.firstSn} + i)::text, '${hashDeviceSecret(job.secret)}', a.organisation_id, a.id
  FROM account a, generate_series(0, ${job.count - 1}) AS i WHERE a.username = 'bench_registrar'`);
await server.database.execute('VACUUM ANALYZE datalogger');

/** How many dataloggers the database holds online. */
async function online(): Promise<number> {
  const [row] = await server.database.scriptTransaction((run) => run('select count(*)::int as online from datalogger where online'));
  return Number(row?.online);
}

let measured = 0;
/**
 * How many dataloggers the database holds online, then heap and process memory after full
 * collections and a second's pause (V8 hands the pages they freed back to the system in a background
 * task). With BENCH_HEAP_SNAPSHOTS=<folder>, also a heap snapshot there (where the bytes go).
 */
async function measure(): Promise<FromServer> {
  const count = await online();
  for (let i = 0; i < 3; i += 1) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  measured += 1;
  const snapshots = process.env.BENCH_HEAP_SNAPSHOTS;
  if (snapshots) writeHeapSnapshot(join(snapshots, `connections-${job.broker}-${measured}.heapsnapshot`));
  return { type: 'memory', usage: process.memoryUsage(), online: count };
}

process.on('message', async (message: ToServer) => {
  if (message.type === 'measure') send(await measure());
  else if (message.type === 'online') send({ type: 'online', online: await online() });
  else {
    await loop.close();
    await mosquitto?.stop();
    await server.close();
    send({ type: 'stopped' });
    process.disconnect();
  }
});
send({ type: 'ready', url: loop.brokerUrl, engine: server.engine, mosquitto: mosquitto && { pid: mosquitto.pid(), ...ADMIN } });
