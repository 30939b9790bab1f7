import { describe, expect, it } from 'vitest';
import { clearSkyGhi, decompose, planeOfArray } from './irradiance.ts';
import { CLIMATES, climateOfLatitude, DEFAULT_SURFACE, expectedEnergy, expectedPv, type PvSite, pvPowerKw } from './pvYield.ts';
import { sunPosition } from './sun.ts';

describe('irradiance', () => {
  it('has no irradiance and no PV power at night', () => {
    const night = sunPosition(Date.UTC(2025, 5, 21, 23, 0), 37.4, -6);
    expect(clearSkyGhi(night)).toBe(0);
    const irradiance = decompose(clearSkyGhi(night), night);
    expect(planeOfArray(night, irradiance, { azimuth: 180, tilt: 30 })).toBe(0);
    expect(pvPowerKw(4, 0, 10)).toBe(0);
  });

  it('gives a tilted south panel more than the horizontal in winter, and a north panel less', () => {
    const sun = sunPosition(Date.UTC(2025, 11, 21, 11, 30), 48, 8);
    const irradiance = decompose(clearSkyGhi(sun), sun);
    const south = planeOfArray(sun, irradiance, { azimuth: 180, tilt: 60 });
    const north = planeOfArray(sun, irradiance, { azimuth: 0, tilt: 60 });
    expect(south).toBeGreaterThan(irradiance.ghi * 1.5);
    expect(north).toBeLessThan(irradiance.ghi);
    expect(irradiance.dhi + irradiance.dni * Math.cos(((90 - sun.elevation) * Math.PI) / 180)).toBeCloseTo(irradiance.ghi, 6);
  });
});

describe('expected PV yield', () => {
  const freiburg: PvSite = { latitude: 48, longitude: 7.85, peakKw: 1, surface: DEFAULT_SURFACE(48), climate: CLIMATES.central };

  it('gives a central European kWp facing south at 30° about 1,000 kWh a year in typical weather, and a cloudless year far more', () => {
    const year = (sky: 'clearSky' | 'typical') => expectedEnergy(freiburg, Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1), sky);
    const typical = year('typical');
    const clear = year('clearSky');
    // PVGIS gives 1,050-1,150 kWh/kWp at Freiburg before inverter losses.
    expect(typical.kwh).toBeGreaterThan(900);
    expect(typical.kwh).toBeLessThan(1250);
    expect(clear.kwh).toBeGreaterThan(typical.kwh * 1.6);
    // The modules turn about 0.8-0.9 of the light on them into DC at nameplate: the losses the model names.
    expect(typical.kwh / typical.insolation).toBeGreaterThan(0.75);
    expect(typical.kwh / typical.insolation).toBeLessThan(0.95);
  });

  it('gives nothing at night and more at noon in summer than in winter, mirrored south of the equator', () => {
    expect(expectedPv(freiburg, Date.UTC(2025, 5, 21, 23), 'clearSky').powerKw).toBe(0);
    const noon = (month: number, site: PvSite) =>
      expectedPv(site, Date.UTC(2025, month, 21, 12) - (site.longitude / 15) * 3_600_000, 'typical').powerKw;
    expect(noon(5, freiburg)).toBeGreaterThan(noon(11, freiburg) * 1.5);
    const adelaide: PvSite = {
      latitude: -34.9,
      longitude: 138.6,
      peakKw: 1,
      surface: DEFAULT_SURFACE(-34.9),
      climate: climateOfLatitude(-34.9),
    };
    expect(adelaide.surface.azimuth).toBe(0);
    expect(noon(11, adelaide)).toBeGreaterThan(noon(5, adelaide));
  });
});
