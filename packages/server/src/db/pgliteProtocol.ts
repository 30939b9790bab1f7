/**
 * What crosses between the server's thread and the embedded database's (`pgliteThread.ts`, `pgliteWorker.ts`):
 * structured-clone data only, so no function (parsers) and no class (errors) crosses as itself.
 */

/** A statement outside a transaction, or inside the open one (`tx`, the id of its `begin`). */
export type Statement =
  | {
      op: 'query';
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Types whose values stay text in the thread: the caller's parsers for them run in the server's thread. */
      rawTypes?: number[];
    }
  | { op: 'exec'; text: string };

/** A call from the server's thread. Calls outside a transaction carry their priority. */
export type Request = { id: number } & (
  | (Statement & { tx?: number; background?: boolean })
  | { op: 'begin'; background?: boolean }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' }
);

/** An error as it crosses: its own fields (code, constraint, detail, severity, query…) kept. */
export interface SentError {
  /** `DatabaseError` for an error of PostgreSQL (a SQLSTATE and a severity), rebuilt as one of that name; else the constructor's name. */
  type: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type Reply =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: SentError }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: SentError };

/** What the thread starts from: a data folder (or memory). */
export interface StartData {
  dataDir?: string;
}

/** PGlite's WebAssembly compiled, and its file bundle, as the server's thread hands them to every thread it starts. */
export interface Artifacts {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/** An error's own fields that clone (PGlite's `queryOptions` holds the caller's parsers, functions, and stays behind). */
export function sendError(error: unknown): SentError {
  if (!(error instanceof Error)) return { type: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value !== 'object' || value === null) {
      if (typeof value !== 'function' && typeof value !== 'symbol') fields[key] = value;
      continue;
    }
    try {
      fields[key] = structuredClone(value);
    } catch {
      // Not cloneable: left out.
    }
  }
  const database = typeof fields.code === 'string' && typeof fields.severity === 'string';
  return { type: database ? 'DatabaseError' : error.constructor.name, message: error.message, stack: error.stack, fields };
}
