import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishAll } from './dispatcher.ts';

/** A publish its broker acknowledges after `ms`, or never. */
const acknowledgedAfter = (ms?: number) => () =>
  new Promise<void>((resolve) => {
    if (ms !== undefined) setTimeout(resolve, ms);
  });

describe("a dispatcher pass's deadline", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds while the broker keeps acknowledging, however long the pass takes in all', async () => {
    // A busy broker (Mosquitto saving its store) takes one command every 400 ms: 1.2 s in all, over the 1 s deadline.
    let settled = false;
    const pass = publishAll([acknowledgedAfter(400), acknowledgedAfter(800), acknowledgedAfter(1_200)], 1_000).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(1_199);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pass;
    expect(settled).toBe(true);
  });

  it('gives up once the broker has taken none for the deadline, and on the first failure', async () => {
    // The deadline counts from the last acknowledgement (at 400 ms), not from the start.
    let outcome: string | undefined;
    publishAll([acknowledgedAfter(400), acknowledgedAfter()], 1_000).then(
      () => {
        outcome = 'resolved';
      },
      (error: Error) => {
        outcome = error.message;
      },
    );
    await vi.advanceTimersByTimeAsync(1_399);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('the broker: no answer within 1000 ms');
    // Nothing left running once it has given up (a late answer must not re-arm the deadline).
    expect(vi.getTimerCount()).toBe(0);
    const failed = publishAll([acknowledgedAfter(300), () => Promise.reject(new Error('connection lost'))], 1_000);
    await expect(failed).rejects.toThrow('connection lost');
    await vi.advanceTimersByTimeAsync(300);
    expect(vi.getTimerCount()).toBe(0);
    await expect(publishAll([], 1_000)).resolves.toBeUndefined();
  });
});
