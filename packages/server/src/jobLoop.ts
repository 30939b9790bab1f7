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
          if (await pass()) continue;
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
