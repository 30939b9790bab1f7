import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The thread's first code: the server runs its sources through tsx (`npm start`, the bench) or Vitest, and a new
 * thread knows neither, so it registers tsx before it imports its TypeScript module.
 */
const BOOT = `const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.entry); });`;

/**
 * Starts a worker thread on a TypeScript module (`entry`, e.g. `new URL('./x.ts', import.meta.url)`): the report
 * writer, the embedded database. The module reads its `workerData` as usual (it also holds `entry`).
 */
export function startTsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> & { workerData?: Record<string, unknown> } = {}) {
  return new Worker(BOOT, { ...options, eval: true, workerData: { ...options.workerData, entry: entry.href } });
}
