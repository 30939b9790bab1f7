import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<boolean>();

/**
 * Runs `work` with every database call it makes (in its async context) marked as background work: the ingest's
 * batch writes and the rollup rounds. The embedded database's thread runs foreground calls (HTTP calls, PUBACKs'
 * statements, every other job) before any waiting background call; PostgreSQL ignores the mark.
 */
export const inBackground = <T>(work: () => Promise<T>): Promise<T> => background.run(true, work);

/** Whether the caller runs inside `inBackground`. */
export const isBackground = (): boolean => background.getStore() === true;
