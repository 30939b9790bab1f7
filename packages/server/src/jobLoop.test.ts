import { describe, expect, it } from 'vitest';
import { createJobLoop } from './core/jobLoop.ts';

const HOUR = 3_600_000;

describe('job loop', () => {
  it('stops when aborted during a pass, without waiting out the pause', async () => {
    const stop = new AbortController();
    let passes = 0;
    const loop = createJobLoop(
      async () => {
        passes += 1;
        stop.abort();
        return false;
      },
      { idleMs: HOUR, onError: () => {} },
    );
    // With the pause taken after an abort, this would wait an hour and the test would time out.
    await loop.run(stop.signal);
    expect(passes).toBe(1);
  });

  it('runs again at once while a pass says more work waits, and when woken', async () => {
    const stop = new AbortController();
    const results = [true, true, false];
    let passes = 0;
    const loop = createJobLoop(
      async () => {
        passes += 1;
        if (passes === 4) stop.abort();
        return results[passes - 1] ?? false;
      },
      { idleMs: HOUR, onError: () => {} },
    );
    const running = loop.run(stop.signal);
    // Three passes back to back, then the long pause, cut short by a wake: the fourth pass aborts.
    while (passes < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    loop.wake();
    await running;
    expect(passes).toBe(4);
  });

  it('runs again at once when woken during a pass: work that came after the pass looked does not wait out the pause', async () => {
    const stop = new AbortController();
    let passes = 0;
    const loop = createJobLoop(
      async () => {
        passes += 1;
        if (passes === 1) loop.wake();
        else stop.abort();
        return false;
      },
      { idleMs: HOUR, onError: () => {} },
    );
    // With the wake lost (no pause to cut short yet), the second pass would come an hour later.
    await loop.run(stop.signal);
    expect(passes).toBe(2);
  });

  it('reports a failing pass and carries on', async () => {
    const stop = new AbortController();
    const errors: unknown[] = [];
    const loop = createJobLoop(
      async () => {
        if (errors.length === 0) throw new Error('database down');
        stop.abort();
        return false;
      },
      { idleMs: 1, onError: (error) => errors.push(error) },
    );
    await loop.run(stop.signal);
    expect(errors).toHaveLength(1);
  });
});
