import { keyPointsOf, stringCurve } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { datasheetOf, IV_FAULTS, ivScanOf, layoutOf } from './ivFaults.ts';

const pv = { series: 12, parallel: 1, moduleWp: 400, azimuth: 180, tilt: 30 };

describe('I-V curves of the single-diode model', () => {
  it('run from Isc to Voc through the datasheet maximum power point at STC, current never rising', () => {
    const module = datasheetOf(pv.moduleWp);
    const curve = stringCurve(layoutOf(pv) as NonNullable<ReturnType<typeof layoutOf>>, 1000, 25);
    for (let i = 1; i < curve.length; i++) expect(curve[i]?.[1]).toBeLessThanOrEqual(curve[i - 1]?.[1] as number);
    const key = keyPointsOf(curve);
    expect(key?.isc).toBeCloseTo(module.isc, 1);
    expect((key?.voc as number) / (pv.series * module.voc)).toBeCloseTo(1, 2);
    expect((key?.pmax as number) / (pv.series * module.vmp * module.imp)).toBeGreaterThan(0.98);
    expect((key?.pmax as number) / (pv.series * module.vmp * module.imp)).toBeLessThan(1.01);
  });

  it('follow the light and the heat: Isc with irradiance, Voc falls as the cells warm', () => {
    const layout = layoutOf(pv) as NonNullable<ReturnType<typeof layoutOf>>;
    const full = keyPointsOf(stringCurve(layout, 1000, 25));
    const half = keyPointsOf(stringCurve(layout, 500, 25));
    const hot = keyPointsOf(stringCurve(layout, 1000, 60));
    expect((half?.isc as number) / (full?.isc as number)).toBeCloseTo(0.5, 2);
    expect((hot?.voc as number) / (full?.voc as number)).toBeCloseTo(1 - 0.0028 * 35, 2);
    expect(stringCurve(layout, 5, 10)).toEqual([]);
  });

  it('answer a scan per string with its conditions; an open string has no curve, every other fault a curve', () => {
    const scan = ivScanOf([pv, pv], () => 800, 20, { 2: 'open' });
    expect(scan.strings.map((s) => [s.string, s.points.length > 0, s.irradiance])).toEqual([
      [1, true, 800],
      [2, false, 800],
    ]);
    for (const fault of IV_FAULTS.filter((f) => f !== 'open'))
      expect(ivScanOf([pv], () => 800, 20, { 1: fault }).strings[0]?.points.length).toBe(100);
  });
});
