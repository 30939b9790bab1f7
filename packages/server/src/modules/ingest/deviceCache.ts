import type { IngestRepo, KnownDevice } from './repo.ts';

/** Devices' plants are cached this long (inventory changes evict at once). */
const DEVICE_CACHE_MS = 60_000;

/** The devices samples and events name, by SN, with their datalogger and plant: cached, as every message names them. */
export function createDeviceCache(repo: Pick<IngestRepo, 'devices'>, now: () => number) {
  const deviceCache = new Map<string, { device: KnownDevice | null; until: number }>();
  return {
    /** The devices of `sns` when each is cached (the usual case, answered without a promise), else undefined. */
    cached(sns: string[]) {
      const at = now();
      const result = new Map<string, KnownDevice | null>();
      for (const sn of sns) {
        const cached = deviceCache.get(sn);
        if (!cached || cached.until <= at) return undefined;
        result.set(sn, cached.device);
      }
      return result;
    },

    /** The devices of `sns`, those not cached (or cached too long ago) looked up in one query. */
    async lookUp(sns: string[]) {
      const result = new Map<string, KnownDevice | null>();
      const missing: string[] = [];
      for (const sn of new Set(sns)) {
        const cached = deviceCache.get(sn);
        if (cached && cached.until > now()) result.set(sn, cached.device);
        else missing.push(sn);
      }
      if (missing.length > 0) {
        const found = new Map((await repo.devices(missing)).map((d) => [d.sn, d]));
        for (const sn of missing) {
          const device = found.get(sn) ?? null;
          deviceCache.set(sn, { device, until: now() + DEVICE_CACHE_MS });
          result.set(sn, device);
        }
      }
      return result;
    },

    /** An inventory changed the device: the next message looks it up again. */
    forget(sn: string) {
      deviceCache.delete(sn);
    },
  };
}
