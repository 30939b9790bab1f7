/** What logs a failure of background work (Fastify's logger fits). */
export interface BackgroundLog {
  error(details: { err: unknown }, message: string): void;
}

/**
 * Work a call starts and does not wait for, so that the time of its answer tells nothing about
 * the work (a password reset answers before it looks the user name up). A failure is logged, never
 * thrown at anyone; `settled()` waits for whatever still runs (the app's close).
 */
export function createBackgroundWork(log: BackgroundLog) {
  const running = new Set<Promise<void>>();
  return {
    start(what: string, work: () => Promise<void>) {
      const task: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
