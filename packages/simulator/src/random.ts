/**
 * Seeded randomness. Models never call Math.random: every random quantity is a hash of a seed and
 * the thing it belongs to (a day, a time slot, a device), so the same seed gives the same weather,
 * loads and faults whatever order or resolution the simulation is stepped in.
 */

/** A 32-bit hash of a string (FNV-1a), to turn names and SNs into seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mixes integers into one 32-bit hash (murmur3 finaliser per step). */
export function hash32(...keys: number[]): number {
  let hash = 0x9e3779b9;
  for (const key of keys) {
    // Fold in the high bits too, so keys beyond 2^32 (time slots in ms) stay distinct.
    hash ^= (key | 0) + Math.imul(Math.floor(key / 4_294_967_296) | 0, 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return hash >>> 0;
}

/** A uniform number in [0, 1) fixed by its keys. */
export function uniform(...keys: number[]): number {
  return hash32(...keys) / 4_294_967_296;
}

/** A standard normal number fixed by its keys (Box-Muller). */
export function gaussian(...keys: number[]): number {
  const u1 = Math.max(uniform(...keys, 1), 1e-12);
  const u2 = uniform(...keys, 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * Smooth noise in [-1, 1] over a continuous coordinate: random values at whole numbers, joined by
 * a smoothstep, so neighbouring samples are correlated (clouds drift, loads wander).
 */
export function smoothNoise(seed: number, x: number): number {
  const knot = Math.floor(x);
  const f = x - knot;
  const blend = f * f * (3 - 2 * f);
  const a = uniform(seed, knot) * 2 - 1;
  const b = uniform(seed, knot + 1) * 2 - 1;
  return a + (b - a) * blend;
}

/** A sequential generator (mulberry32) for things drawn one after another, such as I-V scan jitter. */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The standard normal cumulative distribution (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
