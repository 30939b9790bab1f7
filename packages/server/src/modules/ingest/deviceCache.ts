import type { IngestRepo, KnownDevice } from './repo.ts';

/** Devices' plants are cached this long (inventory changes evict at once). */
const DEVICE_CACHE_MS = 60_000;

/** The devices samples and events name, by SN, with their datalogger and plant: cached, as every message names them. */
export function createDeviceCache(repo: Pick<IngestRepo, 'devices'>, now: () => number) {
  const deviceCache = new Map<string, { device: KnownDevice | null; until: number }>();
  /** SNs to look up once this turn's code has run, and the answer they all wait for. */
  let gathering: { sns: Set<string>; found: Promise<Map<string, KnownDevice>> } | undefined;

  function lookUpTogether(sns: string[]): Promise<Map<string, KnownDevice>> {
    if (!gathering) {
      const waiting = new Set<string>();
      const found = new Promise<void>((resolve) => queueMicrotask(resolve)).then(async () => {
        gathering = undefined;
        const missing = [...waiting];
        const devices = new Map((await repo.devices(missing)).map((d) => [d.sn, d]));
        const until = now() + DEVICE_CACHE_MS;
        for (const sn of missing) deviceCache.set(sn, { device: devices.get(sn) ?? null, until });
        return devices;
      });
      gathering = { sns: waiting, found };
    }
    for (const sn of sns) gathering.sns.add(sn);
    return gathering.found;
  }

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

    /**
     * The devices of `sns`, those not cached (or cached too long ago) looked up. The look-ups asked for in one turn
     * of the event loop go as one query: a consumer's read hands over every message in it at once, and at the
     * protocol's 5 minutes between a device's messages the cache (a minute) has let go of every device since.
     */
    async lookUp(sns: string[]) {
      const result = new Map<string, KnownDevice | null>();
      const missing: string[] = [];
      for (const sn of new Set(sns)) {
        const cached = deviceCache.get(sn);
        if (cached && cached.until > now()) result.set(sn, cached.device);
        else missing.push(sn);
      }
      if (missing.length > 0) {
        const found = await lookUpTogether(missing);
        for (const sn of missing) result.set(sn, found.get(sn) ?? null);
      }
      return result;
    },

    /** An inventory changed the device: the next message looks it up again. */
    forget(sn: string) {
      deviceCache.delete(sn);
    },
  };
}
