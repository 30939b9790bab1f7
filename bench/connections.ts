import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromLoad, ToLoad } from './connectionsLoad.ts';
import type { FromServer, ServerJob, ToServer } from './connectionsServer.ts';
import { type BenchResult, kib, markdownTable } from './figures.ts';

const CONNECTIONS = 10_000;
/** Connections open before the slope is measured. */
const WARM_CONNECTIONS = 1_000;
const BUDGET_BYTES = 5 * 1024;
/** How long the server may take to store every datalogger's "offline" after the clean disconnects. */
const OFFLINE_WAIT_MS = 60_000;

type Memory = Extract<FromServer, { type: 'memory' }>;

/**
 * Runs a benchmark script in its own Node.js process (tsx, IPC to this one) with a file descriptor
 * per connection and some to spare: the shell raises its soft limit when it is lower (up to the hard one).
 */
function child(script: string, job: unknown, nodeArgs: string[] = []): ChildProcess {
  const files = CONNECTIONS + 1_000;
  const raise = `[ "$(ulimit -n)" -ge ${files} ] || ulimit -n ${files} || { echo "needs ulimit -n ${files}" >&2; exit 3; }; exec "$@"`;
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

/**
 * Server memory per connected datalogger: the real app and embedded broker in one process, 10,000
 * dataloggers in another, each connected, subscribed to its commands and reported online. The
 * figure is the slope from 1,000 to 10,000 connections, so one-time costs (code compiled, caches
 * filled on first use) do not count as connections.
 */
export async function run(): Promise<BenchResult> {
  const job: ServerJob = { count: CONNECTIONS, firstSn: 810_000_000_000_000, secret: 'bench-shared-datalogger-secret' };
  const server = child('./connectionsServer.ts', job, ['--expose-gc']);
  const measure = () => {
    const answer = next<FromServer, 'memory'>(server, 'memory');
    server.send({ type: 'measure' } satisfies ToServer);
    return answer;
  };
  let load: ChildProcess | undefined;
  try {
    const { url, engine } = await next<FromServer, 'ready'>(server, 'ready');
    load = child('./connectionsLoad.ts', { ...job, url });
    await next<FromLoad, 'ready'>(load, 'ready');
    const connectUpTo = async (upTo: number) => {
      const connected = next<FromLoad, 'connected'>(load as ChildProcess, 'connected');
      load?.send({ type: 'connect', upTo } satisfies ToLoad);
      const { seconds } = await connected;
      const memory = await measure();
      if (memory.online !== upTo) throw new Error(`${memory.online} of ${upTo} connected dataloggers are online in the database`);
      return { seconds, memory };
    };
    const before = await measure();
    const first = await connectUpTo(WARM_CONNECTIONS);
    const all = await connectUpTo(CONNECTIONS);

    const ended = next<FromLoad, 'ended'>(load, 'ended');
    load.send({ type: 'end' } satisfies ToLoad);
    await ended;
    let released = await measure();
    for (const deadline = Date.now() + OFFLINE_WAIT_MS; released.online > 0 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      released = await measure();
    }

    const added = CONNECTIONS - WARM_CONNECTIONS;
    const perConnection = (pick: (m: Memory) => number) => (pick(all.memory) - pick(first.memory)) / added;
    const rss = perConnection((m) => m.usage.rss);
    const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
    const rows = (
      [
        ['RSS', (m) => m.usage.rss],
        ['V8 heap used', (m) => m.usage.heapUsed],
        ['V8 heap allocated', (m) => m.usage.heapTotal],
        ['external (buffers)', (m) => m.usage.external],
      ] as [string, (m: Memory) => number][]
    ).map(([name, pick]) => [
      name,
      ...[before, first.memory, all.memory, released].map((m) => mb(pick(m))),
      kib(perConnection(pick)),
      kib((pick(all.memory) - pick(before)) / CONNECTIONS),
    ]);
    const count = (n: number) => n.toLocaleString('en');
    return {
      title: 'Memory per connected datalogger',
      database: engine,
      figures: [
        {
          name: `Server memory per connected datalogger (RSS, ${count(CONNECTIONS)} connections)`,
          value: kib(rss),
          budget: `< ${kib(BUDGET_BYTES)}`,
          pass: rss < BUDGET_BYTES,
        },
        { name: 'Server V8 heap per connected datalogger', value: kib(perConnection((m) => m.usage.heapUsed)) },
      ],
      details: [
        `${count(CONNECTIONS)} registered dataloggers (one shared secret, hashed once) connect from a separate process to the`,
        'embedded broker of the real app, as the simulator does: SN and secret, a last will, a QoS 1 subscription to',
        '`dl/{sn}/down/cmd`, and the status "online" published QoS 1, acknowledged once stored (all connected in',
        `${(first.seconds + all.seconds).toFixed(1)} s). The server runs in a process of its own, measured after three full garbage`,
        `collections (\`--expose-gc\`): before any connection, at ${count(WARM_CONNECTIONS)} and at ${count(CONNECTIONS)} (every one online in the database), and`,
        `after the clean disconnects (${released.online} left online). Per connection = (${count(CONNECTIONS)} − ${count(WARM_CONNECTIONS)}) ÷ ${count(added)}: the`,
        'slope, without one-time costs; the last column divides by all connections from the start, one-time costs included.',
        '',
        ...markdownTable(
          [
            'Memory',
            'before MB',
            `${count(WARM_CONNECTIONS)} MB`,
            `${count(CONNECTIONS)} MB`,
            'disconnected MB',
            'per connection',
            'from start',
          ],
          rows,
          [1, 2, 3, 4, 5, 6],
        ),
      ],
    };
  } finally {
    load?.kill(); // does nothing once it has exited
    if (server.connected) {
      const stopped = next<FromServer, 'stopped'>(server, 'stopped');
      server.send({ type: 'stop' } satisfies ToServer);
      await stopped.catch(() => {});
    }
  }
}
