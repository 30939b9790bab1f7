/**
 * A background job of the `jobs` role: runs `pass` until the signal aborts, again at once while a
 * pass says more work is waiting, otherwise after `idleMs` or when woken. A failing pass is
 * reported and retried after the pause; the loop itself never throws.
 */
export function createJobLoop(pass: () => Promise<boolean>, options: { idleMs: number; onError(error: unknown): void }) {
  let wake: (() => void) | undefined;
  return {
    /** Starts the next pass now (new work arrived in this process). */
    wake: () => wake?.(),

    async run(signal: AbortSignal) {
      signal.addEventListener('abort', () => wake?.(), { once: true });
      while (!signal.aborted) {
        try {
          if (await pass()) continue;
        } catch (error) {
          options.onError(error);
        }
        // Aborted during the pass (when there was no pause to cut short): stop now, not after a pause.
        if (signal.aborted) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.idleMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    },
  };
}
