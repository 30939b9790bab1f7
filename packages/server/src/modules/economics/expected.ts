import { climateOfLatitude, DEFAULT_SURFACE, expectedEnergy, type PvSite } from '@sunstack/shared';

const HOUR_MS = 3_600_000;

/** What a plant row holds of its place, size and modules. */
export type PlantPlace = {
  latitude: number | null;
  longitude: number | null;
  pvSizeKwp: number | null;
  systemSizeKw: number | null;
  panelTilt: number | null;
  panelAzimuth: number | null;
};

/**
 * A plant's PV site for the expected yield: its position, its PV size (else its system size), the
 * plane its modules lie in (else 30° facing the equator), the typical climate of its latitude.
 * Undefined without a position or a size: nothing to expect then.
 */
export function siteOf(place: PlantPlace): { site: PvSite; assumedOrientation: boolean } | undefined {
  const peakKw = place.pvSizeKwp ?? place.systemSizeKw;
  if (place.latitude === null || place.longitude === null || !peakKw) return undefined;
  const assumed = DEFAULT_SURFACE(place.latitude);
  const assumedOrientation = place.panelTilt === null || place.panelAzimuth === null;
  return {
    site: {
      latitude: place.latitude,
      longitude: place.longitude,
      peakKw,
      surface: { tilt: place.panelTilt ?? assumed.tilt, azimuth: place.panelAzimuth ?? assumed.azimuth },
      climate: climateOfLatitude(place.latitude),
    },
    assumedOrientation,
  };
}

export interface ExpectedBucket {
  typical: number;
  clearSky: number;
}

/**
 * Expected energy per bucket of a period (hours from `from` to `to`, each in the bucket `keyOf`
 * names), and the typical energy and insolation of the hours that ended by `now`.
 */
export function expectedByBucket(site: PvSite, from: number, to: number, now: number, keyOf: (start: number) => string) {
  const buckets = new Map<string, ExpectedBucket>();
  let typicalToNow = 0;
  let insolationToNow = 0;
  for (let start = from; start < to; start += HOUR_MS) {
    const end = Math.min(start + HOUR_MS, to);
    const typical = expectedEnergy(site, start, end, 'typical');
    const clearSky = expectedEnergy(site, start, end, 'clearSky');
    const key = keyOf(start);
    const bucket = buckets.get(key) ?? { typical: 0, clearSky: 0 };
    bucket.typical += typical.kwh;
    bucket.clearSky += clearSky.kwh;
    buckets.set(key, bucket);
    if (end <= now) {
      typicalToNow += typical.kwh;
      insolationToNow += typical.insolation;
    }
  }
  return { buckets, typicalToNow, insolationToNow };
}

/** Battery behaviour the forecast assumes: charge and discharge at most 0.5 C, 95 % each way, never below 10 %. */
const C_RATE = 0.5;
const EFFICIENCY = 0.95;
const FORECAST_MIN_SOC = 10;

/**
 * The SoC a battery of `capacityKwh` reaches step by step from `soc`: PV beyond the load charges it,
 * load beyond PV drains it, within its power and SoC limits (self use, the default work mode).
 */
export function socForecast(capacityKwh: number, soc: number, steps: readonly { pvKw: number; loadKw: number; hours: number }[]): number[] {
  const limitKw = capacityKwh * C_RATE;
  let current = soc;
  return steps.map(({ pvKw, loadKw, hours }) => {
    const surplusKw = Math.max(-limitKw, Math.min(limitKw, pvKw - loadKw));
    const storedKwh = surplusKw >= 0 ? surplusKw * hours * EFFICIENCY : (surplusKw * hours) / EFFICIENCY;
    current = Math.min(100, Math.max(Math.min(current, FORECAST_MIN_SOC), current + (storedKwh / capacityKwh) * 100));
    return current;
  });
}
