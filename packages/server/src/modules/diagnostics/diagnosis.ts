import { type IvCause, type IvPoint, type KeyPoints, keyPointsOf } from '@sunstack/shared';

/**
 * What a string's curve says against the curve it should show (same irradiance and temperature), after the
 * curve-shape rules of NREL and Solmetric (../shared/reference/operations.md, section 6): no curve is an open
 * string; steps are bypass diodes conducting, deep ones shading or cracked cells, shallow ones mismatched
 * modules; a steep slope at short circuit is a shunt path (PID); a flat one at open circuit, Voc kept,
 * series resistance;
 * a low fill factor otherwise a rounded knee (degradation); a low Isc with a normal shape soiling.
 */
export interface Diagnosis {
  cause: IvCause;
  /** The figures the rules looked at, kept with the result (ratios to the expected curve's). */
  features: DiagnosisFeatures;
}

export interface DiagnosisFeatures {
  iscRatio: number | null;
  vocRatio: number | null;
  fillFactorRatio: number | null;
  /** Apparent shunt resistance (slope at short circuit), measured over expected. */
  shuntRatio: number | null;
  /**
   * Series resistance (slope at open circuit) beyond the expected, as a share of the string's characteristic
   * resistance at full sun (Voc / Isc): a fault's ohms weigh the same at any irradiance, a worn knee's do not.
   */
  extraSeries: number | null;
  /** The deepest step's fall of current, as a share of the current before it (0: no step). */
  step: number;
}

/** A step this deep or deeper is shading or cracked cells; shallower (but at least STEP_MIN) mismatch. */
const DEEP_STEP = 0.25;
const STEP_MIN = 0.04;
const SHUNT_RATIO = 0.35;
const EXTRA_SERIES = 0.1;
const VOC_KEPT = 0.97;
const FILL_FACTOR_RATIO = 0.95;
const ISC_RATIO = 0.9;

/** Resistance the curve shows between its points from `from` to `to` (share of Voc): −ΔV/ΔI. */
function apparentResistance(points: readonly IvPoint[], voc: number, from: number, to: number): number | null {
  const inside = points.filter(([volt, current]) => volt >= from * voc && volt <= to * voc && current > 0);
  if (inside.length < 2) return null;
  const [v0, i0] = inside[0] as IvPoint;
  const [v1, i1] = inside[inside.length - 1] as IvPoint;
  return i0 > i1 ? (v1 - v0) / (i0 - i1) : Number.POSITIVE_INFINITY;
}

/**
 * The deepest step: a rise of −dI/dV (a knee) followed by a fall back to a plateau (less than a third of the
 * knee's slope) before open circuit; its depth is the current lost from the plateau before it to the one after.
 */
export function deepestStep(points: readonly IvPoint[], key: KeyPoints): number {
  const lit = points.filter(([volt, current]) => current > 0.02 * key.isc && volt < 0.97 * key.voc);
  const slopes: number[] = [];
  for (let k = 0; k + 1 < lit.length; k++) {
    const [v0, i0] = lit[k] as IvPoint;
    const [v1, i1] = lit[k + 1] as IvPoint;
    slopes.push(v1 > v0 ? ((i0 - i1) / (v1 - v0)) * (key.voc / key.isc) : 0);
  }
  let deepest = 0;
  let plateauCurrent = key.isc;
  for (let k = 1; k < slopes.length - 1; k++) {
    const peak = slopes[k] as number;
    if (!(peak >= (slopes[k - 1] as number) && peak > (slopes[k + 1] as number) && peak > 0.5)) continue;
    let trough = k + 1;
    for (let j = k + 1; j < slopes.length && (slopes[j] as number) <= peak; j++)
      if ((slopes[j] as number) < (slopes[trough] as number)) trough = j;
    if ((slopes[trough] as number) < peak / 3) {
      const after = (lit[trough] as IvPoint)[1];
      deepest = Math.max(deepest, (plateauCurrent - after) / plateauCurrent);
      plateauCurrent = after;
      k = trough;
    }
  }
  return Math.max(0, deepest);
}

/** Measured series resistance beyond the expected, over the characteristic resistance at 1000 W/m² (Isc grows with the light, Voc barely). */
function extraSeriesOf(measured: number | null, expected: number | null, reference: KeyPoints, irradiance: number) {
  if (measured === null || expected === null || !Number.isFinite(measured) || irradiance <= 0) return null;
  const characteristic = reference.voc / ((reference.isc * 1000) / irradiance);
  return Math.round(((measured - expected) / characteristic) * 1000) / 1000;
}

const ratio = (measured: number | null | undefined, expected: number | null | undefined) =>
  measured == null || expected == null || expected === 0 || !Number.isFinite(measured) || !Number.isFinite(expected)
    ? null
    : measured / expected;

/**
 * The diagnosis of a measured curve against the expected one at the measured plane-of-array irradiance (W/m²);
 * without them, on shape alone.
 */
export function diagnose(measured: readonly IvPoint[], expected?: { points: readonly IvPoint[]; irradiance: number }): Diagnosis {
  const key = keyPointsOf(measured);
  const reference = expected ? keyPointsOf(expected.points) : undefined;
  if (!key) {
    return { cause: 'open', features: { iscRatio: 0, vocRatio: 0, fillFactorRatio: null, shuntRatio: null, extraSeries: null, step: 0 } };
  }
  const step = deepestStep(measured, key);
  const shunt = (points: readonly IvPoint[], k: KeyPoints) => apparentResistance(points, k.voc, 0, 0.3 * (k.vmp / k.voc));
  const series = (points: readonly IvPoint[], k: KeyPoints) => apparentResistance(points, k.voc, 0.96, 1);
  const features: DiagnosisFeatures = {
    iscRatio: ratio(key.isc, reference?.isc),
    vocRatio: ratio(key.voc, reference?.voc),
    fillFactorRatio: ratio(key.fillFactor, reference?.fillFactor),
    shuntRatio: reference && expected ? ratio(shunt(measured, key), shunt(expected.points, reference)) : null,
    extraSeries:
      reference && expected
        ? extraSeriesOf(series(measured, key), series(expected.points, reference), reference, expected.irradiance)
        : null,
    step: Math.round(step * 1000) / 1000,
  };
  const cause = (): IvCause => {
    if (step >= DEEP_STEP) return 'shadingOrCracks';
    if (step >= STEP_MIN) return 'mismatch';
    if (features.shuntRatio !== null && features.shuntRatio < SHUNT_RATIO) return 'shunt';
    // Series resistance leaves Voc where it was (no current flows there); a worn module's Voc falls in low light.
    if (features.extraSeries !== null && features.extraSeries > EXTRA_SERIES && (features.vocRatio ?? 1) >= VOC_KEPT)
      return 'seriesResistance';
    if (features.fillFactorRatio !== null && features.fillFactorRatio < FILL_FACTOR_RATIO) return 'degradation';
    if (features.iscRatio !== null && features.iscRatio < ISC_RATIO) return 'soiling';
    return 'normal';
  };
  return { cause: cause(), features };
}
