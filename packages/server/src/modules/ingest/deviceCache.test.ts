import { describe, expect, it } from 'vitest';
import { createDeviceCache } from './deviceCache.ts';
import type { KnownDevice } from './repo.ts';

const device = (sn: string): KnownDevice => ({ id: sn.length, sn, dataloggerSn: 'DL1', plantId: 1 });

/** A repo that knows `known` and records each look-up it gets. */
function fakeRepo(known: string[]) {
  const calls: string[][] = [];
  return {
    calls,
    async devices(sns: string[]) {
      calls.push(sns);
      return sns.filter((sn) => known.includes(sn)).map(device);
    },
  };
}

describe('device cache', () => {
  it('looks up what messages of one turn miss in one query, and answers each its own devices', async () => {
    const repo = fakeRepo(['A', 'B', 'C']);
    const cache = createDeviceCache(repo, () => 0);
    const [first, second] = await Promise.all([cache.lookUp(['A', 'B']), cache.lookUp(['B', 'C', 'X'])]);
    expect(repo.calls).toEqual([['A', 'B', 'C', 'X']]);
    expect([...first.keys()]).toEqual(['A', 'B']);
    expect(second.get('C')).toEqual(device('C'));
    expect(second.get('X')).toBeNull();
  });

  it('answers cached devices without a query until they expire, and forgets one at once', async () => {
    const clock = { now: 0 };
    const repo = fakeRepo(['A']);
    const cache = createDeviceCache(repo, () => clock.now);
    await cache.lookUp(['A']);
    expect(cache.cached(['A'])?.get('A')).toEqual(device('A'));
    await cache.lookUp(['A']);
    expect(repo.calls).toHaveLength(1);
    cache.forget('A');
    expect(cache.cached(['A'])).toBeUndefined();
    await cache.lookUp(['A']);
    clock.now = 60_000;
    expect(cache.cached(['A'])).toBeUndefined();
    await cache.lookUp(['A']);
    expect(repo.calls).toEqual([['A'], ['A'], ['A']]);
  });

  it('fails every message of a failed look-up, and the next turn asks again', async () => {
    let fail = true;
    const cache = createDeviceCache(
      {
        async devices(sns: string[]) {
          if (fail) throw new Error('database down');
          return sns.map(device);
        },
      },
      () => 0,
    );
    const results = await Promise.allSettled([cache.lookUp(['A']), cache.lookUp(['B'])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await cache.lookUp(['A'])).get('A')).toEqual(device('A'));
  });
});
