import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Artifacts, type Reply, type Request, type StartData, type Statement, sendError } from './pgliteProtocol.ts';

/**
 * The embedded database's thread (`pgliteThread.ts` starts it): PGlite runs here, one call or one transaction at a
 * time, foreground calls before background ones, so its synchronous WebAssembly never holds the server's event loop.
 */

if (!parentPort) throw new Error('pgliteWorker.ts runs as a worker thread');
const parent = parentPort;

const post = (reply: Reply) => parent.postMessage(reply);
const answer = (id: number, value?: unknown) => {
  try {
    post({ id, ok: true, value });
  } catch (error) {
    // A value that does not clone (nothing PGlite answers today) fails its call, not the thread.
    post({ id, ok: false, error: sendError(error) });
  }
};
const fail = (id: number, error: unknown) => post({ id, ok: false, error: sendError(error) });

/** Parsers that keep a type's text, per set of types (drizzle sends the same few with every query). */
const keepText = (value: string) => value;
const rawParsers = new Map<string, Record<number, (value: string) => string>>();
function parsersKeeping(types: number[]) {
  const key = types.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, keepText]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

async function run(target: PGlite | Transaction, statement: Statement) {
  if (statement.op === 'exec') return target.exec(statement.text);
  const options =
    statement.rowMode || statement.rawTypes
      ? { rowMode: statement.rowMode, ...(statement.rawTypes && { parsers: parsersKeeping(statement.rawTypes) }) }
      : undefined;
  return target.query(statement.text, statement.params, options);
}

/**
 * PGlite's own start parameters, and less write-ahead log: PGlite already runs with fsync off, so a full page
 * image after each checkpoint protects against nothing a process crash can do (torn pages come from the
 * operating system crashing, which fsync off does not survive either), and nothing replicates from it. The
 * rollup rounds of the demo's history: 149-151 -> 135 µs of CPU per sample (issue 17; ARCHITECTURE.md "Rollups").
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['full_page_writes=off', 'wal_level=minimal', 'max_wal_senders=0'].flatMap((setting) => ['-c', setting]),
];

const { dataDir, ...artifacts } = workerData as StartData & Artifacts;
let db: PGlite;
try {
  db = await PGlite.create(dataDir, { startParams: START_PARAMS, ...artifacts });
} catch (error) {
  post({ failed: sendError(error) });
  process.exit(1);
}

const foreground: Request[] = [];
const background: Request[] = [];
/** The transaction that runs: its statements, commit or rollback, as they arrive. */
let open: { id: number; statements: Request[]; wake?: () => void } | undefined;
let closing: Request | undefined;
let running = false;
/** Channel → what stops listening (one LISTEN per channel; the server's thread fans notifications out). */
const listening = new Map<string, () => Promise<void>>();

function accept(request: Request) {
  if ('tx' in request && request.tx !== undefined) {
    if (open?.id !== request.tx) return fail(request.id, new Error('the transaction has ended'));
    open.statements.push(request);
    open.wake?.();
    return;
  }
  if (request.op === 'close') closing = request;
  else ('background' in request && request.background ? background : foreground).push(request);
  if (!running) void loop();
}

/** Every call already sent, taken in now: a foreground call that came during a long call goes next. */
function takeWaiting() {
  for (let message = receiveMessageOnPort(parent); message; message = receiveMessageOnPort(parent)) accept(message.message as Request);
}

async function loop() {
  running = true;
  for (;;) {
    takeWaiting();
    const next = foreground.shift() ?? background.shift();
    if (!next) break;
    await perform(next);
  }
  running = false;
  if (closing) await close(closing);
}

async function perform(request: Request) {
  try {
    switch (request.op) {
      case 'query':
      case 'exec':
        return answer(request.id, await run(db, request));
      case 'begin':
        return await transaction(request.id);
      case 'listen':
        if (!listening.has(request.channel)) {
          const channel = request.channel;
          listening.set(channel, await db.listen(channel, (payload) => post({ notify: channel, payload })));
        }
        return answer(request.id);
      case 'unlisten': {
        const stop = listening.get(request.channel);
        listening.delete(request.channel);
        await stop?.();
        return answer(request.id);
      }
      default:
        return fail(request.id, new Error(`unknown call ${request.op}`));
    }
  } catch (error) {
    fail(request.id, error);
  }
}

const ROLLBACK = Symbol('rollback');

/**
 * Holds a transaction open while the server's thread sends its statements, then commits or rolls it back as told;
 * no other call runs meanwhile (as in PGlite itself, whose transaction keeps its other callers waiting).
 */
async function transaction(id: number) {
  const current: NonNullable<typeof open> = { id, statements: [] };
  open = current;
  let end: Request | undefined;
  try {
    await db.transaction(async (tx) => {
      answer(id, id);
      for (;;) {
        const request = current.statements.shift();
        if (!request) {
          await new Promise<void>((resolve) => {
            current.wake = resolve;
          });
          current.wake = undefined;
          continue;
        }
        if (request.op === 'commit') {
          end = request;
          return;
        }
        if (request.op === 'rollback') {
          end = request;
          throw ROLLBACK;
        }
        try {
          answer(request.id, await run(tx, request as Statement));
        } catch (error) {
          fail(request.id, error);
        }
      }
    });
    if (end) answer(end.id);
  } catch (error) {
    if (error === ROLLBACK && end) answer(end.id);
    // A failed BEGIN fails the call that asked for it; a failed COMMIT (or ROLLBACK), the commit.
    else fail(end?.id ?? id, error);
  } finally {
    open = undefined;
  }
}

async function close(request: Request) {
  try {
    await db.close();
    answer(request.id);
  } catch (error) {
    fail(request.id, error);
  }
  parent.close();
}

parent.on('message', accept);
post({ ready: true });
