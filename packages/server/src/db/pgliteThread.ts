import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../core/tsWorker.ts';
import type { Artifacts, Reply, Request, SentError, StartData, Statement } from './pgliteProtocol.ts';
import { isBackground } from './priority.ts';

type Parsers = Record<number, (value: string, typeId: number) => unknown>;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Parsers by type id, as PGlite takes them: those types cross as text and these run in this thread. */
  parsers?: Parsers;
}

export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** A transaction's handle, as PGlite's `transaction` hands it to its callback (what drizzle and the migrator use). */
export interface ThreadTransaction {
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** Named as PGlite's own class, so the log's error type reads the same. */
class DatabaseError extends Error {}

/** An error from the thread, with its fields (code, constraint, detail, severity, query…) as PGlite set them. */
function receiveError(sent: SentError): Error {
  const error = sent.type === 'DatabaseError' ? new DatabaseError(sent.message) : new Error(sent.message);
  Object.assign(error, sent.fields);
  if (sent.stack) error.stack = sent.stack;
  return error;
}

/** Runs the caller's parsers on the columns of their types, which crossed as text (PGlite calls them so: never on null). */
function parse(result: Results, parsers: Parsers, rowMode: QueryOptions['rowMode']): Results {
  const columns = new Map<string | number, [(value: string, typeId: number) => unknown, number]>();
  result.fields.forEach((field, index) => {
    const parser = parsers[field.dataTypeID];
    if (parser) columns.set(rowMode === 'array' ? index : field.name, [parser, field.dataTypeID]);
  });
  if (columns.size === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const [key, [parser, typeId]] of columns) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parser(value as string, typeId);
    }
  }
  return result;
}

/**
 * PGlite's WebAssembly, compiled once per process, and its file bundle, read once (both lie beside its entry point).
 * Every thread started from the same compiled module shares its machine code, the code V8 optimised included:
 * without it each thread compiled and optimised PGlite anew, and a test file, which starts a database of its own,
 * paid for that in its first calls (the server's tests on PGlite: 753 → 561 s of CPU; ARCHITECTURE.md, "The suite's
 * speed"). A server starts one thread, for which this changes nothing.
 */
let artifacts: Promise<Artifacts> | undefined;
function pgliteArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })().catch((error) => {
    artifacts = undefined;
    throw error;
  });
  return artifacts;
}

/**
 * The embedded database in a worker thread of its own (`pgliteWorker.ts`), with what the server uses of PGlite's
 * client: `query`, `exec`, `transaction`, `listen`, `close`. PGlite's work is synchronous
 * WebAssembly: in the server's thread a rollup round or a batch write held every HTTP call and PUBACK until it
 * ended. Calls made inside `inBackground` (priority.ts) wait behind every foreground call.
 */
export class PgliteThread {
  readonly #worker: Worker;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #handlers = new Map<string, Set<(payload: string) => void>>();
  readonly #listening = new Map<string, Promise<unknown>>();
  /** Why calls fail from now on: the thread stopped, or `close` was called. */
  #ended: Error | undefined;
  /** Settles when the thread has ended (tests). */
  readonly exited: Promise<unknown>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.exited = new Promise((resolve) => worker.once('exit', resolve));
    // Only calls under way keep the process alive, as with PGlite in this thread.
    worker.unref();
    worker.on('message', (reply: Reply) => this.#receive(reply));
    worker.on('error', (error) => this.#stop(error));
    worker.on('messageerror', (error) => {
      // An answer that cannot be read belongs to a caller who would wait for ever: end the thread, failing them all.
      this.#stop(error);
      void worker.terminate();
    });
    worker.on('exit', (code) => this.#stop(new Error(`the embedded database's thread stopped (exit code ${code})`)));
  }

  /** Starts the thread on a data folder (or in memory). */
  static async open(start: StartData): Promise<PgliteThread> {
    const worker = startTsWorker(new URL('./pgliteWorker.ts', import.meta.url), {
      workerData: { ...start, ...(await pgliteArtifacts()) },
    });
    let settle: { resolve(): void; reject(error: Error): void } = { resolve() {}, reject() {} };
    const onMessage = (reply: Reply) => ('failed' in reply ? settle.reject(receiveError(reply.failed)) : settle.resolve());
    const onError = (error: Error) => settle.reject(error);
    const onExit = (code: number) => settle.reject(new Error(`the embedded database's thread stopped (exit code ${code})`));
    worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    try {
      await new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    }
    return new PgliteThread(worker);
  }

  #receive(reply: Reply) {
    if ('notify' in reply) {
      for (const handler of this.#handlers.get(reply.notify) ?? []) handler(reply.payload);
      return;
    }
    if (!('id' in reply)) return;
    const call = this.#pending.get(reply.id);
    if (!call) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) call.resolve(reply.value);
    else call.reject(receiveError(reply.error));
  }

  /** The thread is gone (or closing): every call waiting fails, and so does every later one. */
  #stop(error: Error) {
    this.#ended ??= error;
    const calls = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of calls) call.reject(error);
  }

  #call<T>(request: Omit<Request, 'id'> & Partial<Request>): Promise<T> {
    if (this.#ended) return Promise.reject(this.#ended);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage({ ...request, id } as Request);
    });
  }

  async #statement<T>(statement: Statement, parsers: Parsers | undefined, tx?: number): Promise<T> {
    const result = await this.#call<T>(tx === undefined ? { ...statement, background: isBackground() } : { ...statement, tx });
    return parsers && statement.op === 'query' ? (parse(result as Results, parsers, statement.rowMode) as T) : result;
  }

  #query<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    const parsers = options?.parsers;
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    return this.#statement<Results<T>>({ op: 'query', text, params, rowMode: options?.rowMode, rawTypes }, parsers, tx);
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  /** SQL text that may hold several statements: the results of each. */
  exec(text: string): Promise<Results[]> {
    return this.#statement<Results[]>({ op: 'exec', text }, undefined);
  }

  /**
   * Runs `work` in one transaction: the thread holds it open, running nothing else, while `work` sends its
   * statements through the handle; commits when `work` resolves, rolls back when it throws.
   */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin', background: isBackground() });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (text, params, options) => {
        open();
        return this.#query(text, params, options, id);
      },
      exec: async (text) => {
        open();
        return this.#statement<Results[]>({ op: 'exec', text }, undefined, id);
      },
      rollback: async () => {
        open();
        closed = true;
        await this.#call({ op: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        // The thread rolls back whatever becomes of this call; a thread gone has no transaction left either.
        await this.#call({ op: 'rollback', tx: id }).catch(() => {});
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'commit', tx: id });
    }
    return result;
  }

  /** Calls `handler` with the payload of every NOTIFY on `channel`; answers a function that stops it. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.#handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
      this.#listening.set(channel, this.#call({ op: 'listen', channel }));
    }
    const own = handlers;
    own.add(handler);
    const stop = async () => {
      own.delete(handler);
      if (own.size > 0 || this.#handlers.get(channel) !== own) return;
      this.#handlers.delete(channel);
      this.#listening.delete(channel);
      // A thread gone or closing listens no more anyway.
      if (!this.#ended) await this.#call({ op: 'unlisten', channel });
    };
    try {
      await this.#listening.get(channel);
    } catch (error) {
      await stop().catch(() => {});
      throw error;
    }
    return stop;
  }

  /** Runs the calls already sent, closes the database and ends the thread; later calls fail. */
  async close(): Promise<void> {
    // A thread already gone (or closed) has nothing left to close.
    if (this.#ended) return void (await this.#worker.terminate());
    const closed = this.#call({ op: 'close' });
    this.#ended ??= new Error('the database is closed');
    try {
      await closed;
    } finally {
      await this.#worker.terminate();
    }
  }

  /** The thread (tests). */
  get thread(): Worker {
    return this.#worker;
  }
}
