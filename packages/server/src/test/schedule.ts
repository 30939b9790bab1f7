/** A force-charge time period of the given window for tests of settings and templates; `limits` overrides its values. */
export const periodOf = (start: string, end: string, limits: Record<string, unknown> = {}) => ({
  start,
  end,
  mode: 'ForceCharge' as const,
  minSocOnGrid: 20,
  fdSoc: 30,
  fdPwr: 3000,
  maxSoc: 90,
  ...limits,
});
