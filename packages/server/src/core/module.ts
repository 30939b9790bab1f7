import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Transaction, UnitOfWork } from '../db/unitOfWork.ts';
import type { AttemptLimiter } from './attempts.ts';
import type { BackgroundWork } from './background.ts';
import type { FileStore } from './fileStore.ts';
import type { PlatformLog } from './platformLog.ts';

/**
 * What every module is built on: the configuration, the database (queries through the unit of
 * work, LISTEN through `database`), the clock, the log, attempt limits, background work, stored files'
 * bytes, the platform log, and a way to be told when the app closes.
 */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  unitOfWork: UnitOfWork;
  transaction: Transaction;
  attempts: AttemptLimiter;
  background: BackgroundWork;
  fileStore: FileStore;
  /** The platform's own events (job failures, delivery failures, ingest rejections), best effort. */
  platformLog: PlatformLog;
  now: () => number;
  log: FastifyBaseLogger;
  onClose(hook: () => Promise<unknown> | unknown): void;
}

/** A background job of the `jobs` role: runs until the signal aborts. */
export type Job = (signal: AbortSignal) => Promise<unknown>;

/** What a module adds to the app: its calls and its background jobs. app.ts composes the list. */
export interface ModuleParts {
  routes?(http: FastifyInstance): void;
  jobs?: Job[];
}
