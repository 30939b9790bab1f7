/**
 * The server side of the connections benchmark, run as a child process (with --expose-gc) so its
 * memory is the server's alone: the real app and the embedded broker with the ingest behind it, on
 * a fresh database holding `count` registered dataloggers. Answers the parent over IPC: `ready`
 * with the broker's address, then one `memory` answer per `measure` request; `stop` closes it.
 */
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { loadConfig } from '@sunstack/server/src/config.ts';
import { startDataLoop } from '@sunstack/server/src/dataLoop.ts';
import { hashDeviceSecret } from '@sunstack/server/src/modules/datalogger/secret.ts';
import { startApp } from './appServer.ts';

export interface ServerJob {
  count: number;
  /** SNs are firstSn, firstSn + 1, … (15 digits). */
  firstSn: number;
  secret: string;
}

export type ToServer = { type: 'measure' } | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; url: string; engine: string }
  | { type: 'memory'; usage: NodeJS.MemoryUsage; online: number }
  | { type: 'stopped' };

const job = JSON.parse(process.argv[2] as string) as ServerJob;
if (!globalThis.gc) throw new Error('run with --expose-gc');
const gc = globalThis.gc;
const send = (message: FromServer) => process.send?.(message);

const server = await startApp({ WEB_DIST: '/nonexistent' });
const quiet = { info: () => {}, warn: () => {} };
const loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), server.app.ingest, quiet);
// One secret for every datalogger, hashed once: its hash is what the broker checks, not its uniqueness.
await server.database.execute(`
  INSERT INTO account (organisation_id, username, email, password_hash, access, client_id)
  SELECT id, 'bench_registrar', 'bench_registrar@bench.test', 'unused', 255, 'bench_registrar' FROM organisation WHERE parent_id IS NULL;
  INSERT INTO datalogger (sn, secret_hash, organisation_id, registered_by)
  SELECT (${job.firstSn} + i)::text, '${hashDeviceSecret(job.secret)}', a.organisation_id, a.id
  FROM account a, generate_series(0, ${job.count - 1}) AS i WHERE a.username = 'bench_registrar'`);
await server.database.execute('VACUUM ANALYZE datalogger');

let measured = 0;
/**
 * How many dataloggers the database holds online, then heap and process memory after full
 * collections. With BENCH_HEAP_SNAPSHOTS=<folder>, also a heap snapshot there (where the bytes go).
 */
async function measure(): Promise<FromServer> {
  const [row] = await server.database.scriptTransaction((run) => run('select count(*)::int as online from datalogger where online'));
  for (let i = 0; i < 3; i += 1) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  measured += 1;
  const snapshots = process.env.BENCH_HEAP_SNAPSHOTS;
  if (snapshots) writeHeapSnapshot(join(snapshots, `connections-${measured}.heapsnapshot`));
  return { type: 'memory', usage: process.memoryUsage(), online: Number(row?.online) };
}

process.on('message', async (message: ToServer) => {
  if (message.type === 'measure') send(await measure());
  else {
    await loop.close();
    await server.close();
    send({ type: 'stopped' });
    process.disconnect();
  }
});
send({ type: 'ready', url: loop.brokerUrl, engine: server.engine });
