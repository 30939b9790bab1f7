import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import type { FromLoad, ToLoad } from './connectionsLoad.ts';
import type { Broker, FromServer, ServerJob, ToServer } from './connectionsServer.ts';
import { type BenchResult, type Figure, kib, markdownTable } from './figures.ts';

const CONNECTIONS = 10_000;
/** Connections open before the slope is measured. */
const WARM_CONNECTIONS = 1_000;
const BUDGET_BYTES = 5 * 1024;
/** Open files each child (and Mosquitto, a child of the server's) may hold: a connection each and some to spare. */
const FILES = CONNECTIONS + 1_000;
/** How long the database may take to show every connected datalogger online (Mosquitto acknowledges on receipt). */
const ONLINE_WAIT_MS = 60_000;
/** How long the server may take to store every datalogger's "offline" after the clean disconnects. */
const OFFLINE_WAIT_MS = 60_000;
/**
 * The server's Node.js flags: full collections on demand and, with Mosquitto in front, V8's young
 * generation held to 1 MB semi-spaces. Left to itself it grows to tens of MB under a burst of
 * messages and shrinks again some time later, which moved the server's RSS by 20 to 40 MB between
 * readings (2 to 4 KB per connection) for no connection's sake, while the server holds a few hundred
 * bytes per connection there; what a connection keeps is in the old generation either way. With the
 * embedded broker the connections themselves (over 100 MB) dwarf those swings, and the server keeps
 * Node's defaults, as in production (held small, the young generation promotes more, and the old one
 * grew by several KB more per connection).
 */
const SERVER_FLAGS: Record<Broker, string[]> = {
  mosquitto: ['--expose-gc', '--max-semi-space-size=1'],
  embedded: ['--expose-gc'],
};

type Memory = Extract<FromServer, { type: 'memory' }>;
/**
 * One reading: the server process after full collections and, with Mosquitto, its resident memory
 * (VmRSS) and the bytes it holds by its own count ($SYS/broker/heap/current).
 */
type Reading = Memory & { brokerRss?: number; brokerHeap?: number };

/** What one set-up measured: readings before any connection, at WARM_CONNECTIONS, at CONNECTIONS and disconnected. */
interface SetUp {
  broker: Broker;
  /** The database engine, for RESULTS.md's machine section. */
  engine: string;
  connectSeconds: number;
  /** Seconds from the last connection open to every datalogger online in the database. */
  onlineLagSeconds: number;
  before: Reading;
  first: Reading;
  all: Reading;
  released: Reading;
  /** Mosquitto's soft limit of open files (mosquitto only). */
  brokerFiles?: number;
  seconds: number;
}

/**
 * Runs a benchmark script in its own Node.js process (tsx, IPC to this one) with a file descriptor
 * per connection and some to spare: the shell raises its soft limit when it is lower (up to the hard
 * one), and the processes the script starts (Mosquitto) inherit it.
 */
function child(script: string, job: unknown, nodeArgs: string[] = []): ChildProcess {
  const raise = `[ "$(ulimit -n)" -ge ${FILES} ] || ulimit -n ${FILES} || { echo "needs ulimit -n ${FILES}" >&2; exit 3; }; exec "$@"`;
  const path = fileURLToPath(new URL(script, import.meta.url));
  return spawn('sh', ['-c', raise, 'sh', process.execPath, ...nodeArgs, '--import', 'tsx', path, JSON.stringify(job)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The child's next message of this type; rejects when it exits first. */
function next<T extends { type: string }, K extends T['type']>(from: ChildProcess, type: K): Promise<Extract<T, { type: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      from.off('exit', onExit);
      from.off('message', onMessage);
      resolve(message as Extract<T, { type: K }>);
    };
    const onExit = (code: number | null) => {
      from.off('message', onMessage);
      reject(new Error(`a benchmark process exited with ${code} while waiting for "${type}"`));
    };
    from.on('message', onMessage);
    from.once('exit', onExit);
  });
}

/** A field of /proc/<pid>/<file> ("VmRSS:  1234 kB", "Max open files  11000  20000  files"), its first number. */
function procNumber(pid: number, file: 'status' | 'limits', field: string): number {
  const line = readFileSync(`/proc/${pid}/${file}`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field));
  const value = Number(line?.slice(field.length).trim().split(/\s+/)[0]);
  if (!Number.isFinite(value)) throw new Error(`no ${field} in /proc/${pid}/${file}`);
  return value;
}

/**
 * One set-up: the server (with the embedded broker, or consuming Mosquitto, which it starts) in a
 * process of its own, 10,000 dataloggers in another, each connected, subscribed to its commands and
 * reported online; memory read before any connection, at 1,000, at 10,000 and after the clean
 * disconnects.
 */
async function measureSetUp(broker: Broker): Promise<SetUp> {
  const started = performance.now();
  const job: ServerJob = { broker, count: CONNECTIONS, firstSn: 810_000_000_000_000, secret: 'bench-shared-datalogger-secret' };
  const server = child('./connectionsServer.ts', job, SERVER_FLAGS[broker]);
  let brokerPid: number | undefined;
  let watcher: MqttClient | undefined;
  /** Mosquitto's latest $SYS/broker/heap/current: it publishes the figure every second, when it has changed. */
  let heap: number | undefined;
  const ask = <K extends 'memory' | 'online'>(type: K) => {
    const answer = next<FromServer, K>(server, type);
    server.send({ type: type === 'memory' ? 'measure' : 'online' } satisfies ToServer);
    return answer;
  };
  const measure = async (): Promise<Reading> => {
    const memory = await ask('memory');
    if (brokerPid === undefined) return memory;
    // Then Mosquitto's: it publishes its heap figure every second (when it changed), so wait past the next one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    if (heap === undefined) throw new Error('Mosquitto published no $SYS/broker/heap/current');
    return { ...memory, brokerHeap: heap, brokerRss: procNumber(brokerPid, 'status', 'VmRSS:') * 1024 };
  };
  /** Polls the database until `done(online)` holds; answers the last count and the seconds waited. */
  const waitOnline = async (done: (online: number) => boolean, timeoutMs: number) => {
    const from = performance.now();
    let online = (await ask('online')).online;
    while (!done(online) && performance.now() - from < timeoutMs) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      online = (await ask('online')).online;
    }
    return { online, seconds: (performance.now() - from) / 1000 };
  };
  let load: ChildProcess | undefined;
  try {
    const ready = await next<FromServer, 'ready'>(server, 'ready');
    brokerPid = ready.mosquitto?.pid;
    let brokerFiles: number | undefined;
    if (ready.mosquitto && brokerPid !== undefined) {
      const { username, password } = ready.mosquitto;
      watcher = await mqtt.connectAsync(ready.url, { username, password, clientId: 'bench-heap-watcher', reconnectPeriod: 0 });
      watcher.on('message', (_topic, payload) => {
        heap = Number(payload.toString());
      });
      await watcher.subscribeAsync('$SYS/broker/heap/current');
      // Mosquitto has no connection limit by default (max_connections -1) but needs a file per connection.
      brokerFiles = procNumber(brokerPid, 'limits', 'Max open files');
      if (brokerFiles < FILES) throw new Error(`Mosquitto may open ${brokerFiles} files (ulimit -n), needs ${FILES}`);
    }
    load = child('./connectionsLoad.ts', { ...job, url: ready.url });
    await next<FromLoad, 'ready'>(load, 'ready');
    let onlineLagSeconds = 0;
    const connectUpTo = async (upTo: number) => {
      const connected = next<FromLoad, 'connected'>(load as ChildProcess, 'connected');
      load?.send({ type: 'connect', upTo } satisfies ToLoad);
      const { seconds } = await connected;
      // The embedded broker acknowledges "online" once stored; Mosquitto on receipt, the ingest stores it after.
      const online = await waitOnline((n) => n >= upTo, ONLINE_WAIT_MS);
      if (online.online !== upTo) {
        throw new Error(
          `${broker}: ${online.online} of ${upTo} connected dataloggers online in the database after ${(ONLINE_WAIT_MS / 1000).toFixed(0)} s`,
        );
      }
      onlineLagSeconds = Math.max(onlineLagSeconds, online.seconds);
      const memory = await measure();
      if (memory.online !== upTo)
        throw new Error(`${broker}: ${memory.online} of ${upTo} connected dataloggers are online in the database`);
      return { seconds, memory };
    };
    const before = await measure();
    const first = await connectUpTo(WARM_CONNECTIONS);
    const all = await connectUpTo(CONNECTIONS);

    const ended = next<FromLoad, 'ended'>(load, 'ended');
    load.send({ type: 'end' } satisfies ToLoad);
    await ended;
    await waitOnline((n) => n === 0, OFFLINE_WAIT_MS);
    const released = await measure();
    return {
      broker,
      engine: ready.engine,
      connectSeconds: first.seconds + all.seconds,
      onlineLagSeconds,
      before,
      first: first.memory,
      all: all.memory,
      released,
      brokerFiles,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await watcher?.endAsync();
    load?.kill(); // does nothing once it has exited
    let stoppedCleanly = false;
    if (server.connected) {
      const stopped = next<FromServer, 'stopped'>(server, 'stopped');
      server.send({ type: 'stop' } satisfies ToServer);
      stoppedCleanly = await stopped.then(
        () => true,
        () => false,
      );
    }
    // A server that died first leaves its Mosquitto behind: end it.
    if (brokerPid !== undefined && !stoppedCleanly) {
      try {
        process.kill(brokerPid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

const count = (n: number) => n.toLocaleString('en');
const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
const ADDED = CONNECTIONS - WARM_CONNECTIONS;
/** Per connection from WARM_CONNECTIONS to CONNECTIONS: the slope, without one-time costs. */
const slope = (s: SetUp, pick: (r: Reading) => number) => (pick(s.all) - pick(s.first)) / ADDED;

/** The table of one set-up: a row per memory figure, each reading, the slope and the mean from the start. */
function table(s: SetUp, rows: [string, (r: Reading) => number][]): string[] {
  return markdownTable(
    ['Memory', 'before MB', `${count(WARM_CONNECTIONS)} MB`, `${count(CONNECTIONS)} MB`, 'disconnected MB', 'per connection', 'from start'],
    rows.map(([name, pick]) => [
      name,
      ...[s.before, s.first, s.all, s.released].map((r) => mb(pick(r))),
      kib(slope(s, pick)),
      kib((pick(s.all) - pick(s.before)) / CONNECTIONS),
    ]),
    [1, 2, 3, 4, 5, 6],
  );
}

const brokerHeap = (r: Reading) => r.brokerHeap ?? 0;
const brokerRss = (r: Reading) => r.brokerRss ?? 0;
const serverRss = (r: Reading) => r.usage.rss;
const serverRows: [string, (r: Reading) => number][] = [
  ['server RSS', serverRss],
  ['server V8 heap used', (r) => r.usage.heapUsed],
  ['server V8 heap allocated', (r) => r.usage.heapTotal],
  ['server external (buffers)', (r) => r.usage.external],
];

/**
 * Memory per connected datalogger at 10,000 connections, in the two set-ups of the device side,
 * measured one after the other in the same run: Mosquitto in front (the deployment for large fleets,
 * budgeted: Mosquitto's heap and the server's resident memory together) and the embedded broker (the
 * server's alone, informational). Each figure is the slope from 1,000 to 10,000 connections, so
 * one-time costs (code compiled, caches filled on first use) do not count as connections.
 */
export async function run(): Promise<BenchResult> {
  const mosquitto = await measureSetUp('mosquitto');
  const embedded = await measureSetUp('embedded');

  const budgeted = (r: Reading) => brokerHeap(r) + serverRss(r);
  const total = slope(mosquitto, budgeted);
  const figures: Figure[] = [
    {
      name: `Memory per connected datalogger, Mosquitto in front (Mosquitto heap + server RSS, ${count(CONNECTIONS)} connections)`,
      value: kib(total),
      budget: `< ${kib(BUDGET_BYTES)}`,
      pass: total < BUDGET_BYTES,
    },
    { name: 'Mosquitto in front: Mosquitto heap per connected datalogger', value: kib(slope(mosquitto, brokerHeap)) },
    { name: 'Mosquitto in front: server RSS per connected datalogger', value: kib(slope(mosquitto, serverRss)) },
    { name: 'Mosquitto in front: server V8 heap per connected datalogger', value: kib(slope(mosquitto, (r) => r.usage.heapUsed)) },
    {
      name: `Embedded broker: server RSS per connected datalogger (${count(CONNECTIONS)} connections)`,
      value: kib(slope(embedded, serverRss)),
    },
    { name: 'Embedded broker: server V8 heap per connected datalogger', value: kib(slope(embedded, (r) => r.usage.heapUsed)) },
  ];
  const connected = (s: SetUp) => `All ${count(CONNECTIONS)} connected in ${s.connectSeconds.toFixed(1)} s`;
  const offline = (s: SetUp) => `${s.released.online} left online in the database after the clean disconnects`;
  return {
    title: 'Memory per connected datalogger',
    database: mosquitto.engine,
    figures,
    details: [
      `${count(CONNECTIONS)} registered dataloggers (one shared secret) connect from a separate load process, as the simulator does: SN and`,
      'secret, a last will, a QoS 1 subscription to `dl/{sn}/down/cmd` and the status "online" published QoS 1; a reading is',
      'taken only once the database shows every connected datalogger online. Before ending each connection cleanly the load',
      'process publishes `{"online":false}` (QoS 1), as the simulator does: Mosquitto sends no last will on a clean disconnect.',
      'The server (the real app on a fresh database, with its data loop) runs in a process of its own, read after three full',
      `garbage collections and a second’s pause (\`--expose-gc\`): before any connection, at ${count(WARM_CONNECTIONS)} and at ${count(CONNECTIONS)} connections, and after the clean`,
      `disconnects. Per connection = (reading at ${count(CONNECTIONS)} − reading at ${count(WARM_CONNECTIONS)}) ÷ ${count(ADDED)}, the slope without one-time`,
      `costs; "from start" divides the growth since before any connection by ${count(CONNECTIONS)}. What a connection costs the kernel`,
      '(socket buffers) is in no process’s memory and counted in neither set-up. The two set-ups run one after the other.',
      '',
      '**Mosquitto in front** (budgeted; the deployment for large fleets): Mosquitto 2 with `deploy/mosquitto/mosquitto.conf`,',
      'every datalogger written into its dynamic security file before it starts (a client and a role each), and the server',
      'consuming it as with `MQTT_URL` (one MQTT 5 session of the data loop: the server holds no connection). The budgeted',
      'figure is Mosquitto’s heap plus the server’s RSS, per connection. Mosquitto’s heap is its `$SYS/broker/heap/current`:',
      'the bytes it holds by its own count (each allocation at its usable size, without the allocator’s few bytes of',
      'bookkeeping), here each connection’s client context, session, will, subscription and packet buffers; the dataloggers’',
      'accounts are loaded before the first connection, so they are in every reading and not in the slope. The server’s RSS',
      '(`process.memoryUsage().rss`) holds what it keeps per datalogger it has heard from, and here also Mosquitto’s log (a',
      'line or two per connection, a couple of hundred bytes), which `startMosquitto` keeps in the process that started it: a',
      'cost of the test harness, not of the platform. Mosquitto’s RSS (`VmRSS` of',
      '/proc/<pid>/status) is in the table but not in the figure: loading the accounts leaves tens of MB freed inside its',
      'heap (the parsed JSON of the plugin’s file), which the connections fill without its RSS moving, so its RSS slope says',
      `nothing here. ${connected(mosquitto)}; Mosquitto acknowledges "online" on receipt, and the database showed every one`,
      `online at most ${mosquitto.onlineLagSeconds.toFixed(1)} s later; ${offline(mosquitto)}. Mosquitto runs as a child of the server’s process,`,
      `with its open-file limit (${count(mosquitto.brokerFiles ?? 0)}; \`max_connections\` is unlimited by default). Here the server runs with`,
      'V8’s young generation held to 1 MB semi-spaces (`--max-semi-space-size=1`): left to grow and shrink by itself, it moved',
      'the server’s RSS by 20 to 40 MB between readings (2 to 4 KB per connection), noise that belongs to no connection and',
      'drowns the few hundred bytes the server keeps per connection; what a connection keeps is in the old generation either way.',
      '',
      ...table(mosquitto, [
        ['Mosquitto heap + server RSS', budgeted],
        ['Mosquitto heap', brokerHeap],
        ['Mosquitto RSS', brokerRss],
        ...serverRows,
      ]),
      '',
      '**Embedded broker** (informational): Aedes in the server’s process, so the server’s RSS holds every connection (socket,',
      'session, will, subscription) beside what it keeps per datalogger; the broker checks the SHA-256 of the secret on each',
      `connection and acknowledges "online" once stored. ${connected(embedded)}; ${offline(embedded)}. The server runs with`,
      'Node’s defaults, as in production: the connections’ own growth dwarfs the young generation’s swings, and held small',
      'it would promote more and grow the old generation by several KB more per connection. Its RSS still moves by a few KB',
      'per connection from run to run (the young generation’s swings, the old generation’s room to spare: "heap allocated"',
      'against "heap used"); its V8 heap used is the steady figure.',
      '',
      ...table(embedded, serverRows),
      '',
      `The two set-ups took ${mosquitto.seconds.toFixed(0)} s (Mosquitto) and ${embedded.seconds.toFixed(0)} s (embedded).`,
    ],
  };
}
