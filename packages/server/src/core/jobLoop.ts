import { setImmediate } from 'node:timers/promises';

/**
 * A background job of the `jobs` role: runs `pass` until the signal aborts, again at once while a
 * pass says more work is waiting or was woken while it ran, otherwise after `idleMs` or when woken.
 * A failing pass is reported and retried after the pause; the loop itself never throws.
 */
export function createJobLoop(pass: () => Promise<boolean>, options: { idleMs: number; onError(error: unknown): void }) {
  /** Ends the current pause early; undefined while a pass runs. */
  let endPause: (() => void) | undefined;
  /** Work arrived during a pass, after it may have looked: the next pass starts without a pause. */
  let wokenDuringPass = false;
  return {
    /** Starts the next pass now (new work arrived). */
    wake: () => {
      if (endPause) endPause();
      else wokenDuringPass = true;
    },

    async run(signal: AbortSignal) {
      signal.addEventListener('abort', () => endPause?.(), { once: true });
      while (!signal.aborted) {
        wokenDuringPass = false;
        let failed = false;
        try {
          if (await pass()) {
            // Lets I/O in before the next pass: an embedded database answers through promises alone, so
            // back-to-back passes would otherwise keep HTTP calls and PUBACKs waiting until the work ran out.
            await setImmediate();
            continue;
          }
        } catch (error) {
          failed = true;
          options.onError(error);
        }
        // Aborted during the pass (when there was no pause to cut short): stop now, not after a pause.
        if (signal.aborted) break;
        if (wokenDuringPass && !failed) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.idleMs);
          endPause = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        endPause = undefined;
      }
    },
  };
}

/** LISTEN on a channel of the database (any process's NOTIFY); answers a function that stops listening. */
export type Listen = (channel: string, handler: () => void) => Promise<() => Promise<void>>;

/**
 * Runs `work` (job loops) while every NOTIFY on `channel` calls `onNotify`. When the listening
 * connection cannot be had, `work` runs anyway and its loops poll only.
 */
export async function whileListening(
  listen: Listen,
  channel: string,
  onNotify: () => void,
  log: { warn(details: object, message: string): void },
  work: () => Promise<unknown>,
) {
  const stop = await listen(channel, onNotify).catch((error) => {
    log.warn({ err: error }, `cannot listen on ${channel}; polling only`);
    return undefined;
  });
  try {
    await work();
  } finally {
    await stop?.();
  }
}
