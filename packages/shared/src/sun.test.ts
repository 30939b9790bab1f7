import { describe, expect, it } from 'vitest';
import { sunPosition } from './sun.ts';

describe('sun position (NOAA)', () => {
  it('puts the sun at 90 - |latitude - declination| at solar noon, due south in the north and due north in the south', () => {
    // June solstice 2025: declination about +23.44°.
    const noonAtGreenwich = Date.UTC(2025, 5, 21, 12, 2);
    const freiburg = { lat: 47.999, lon: 7.842 };
    let best = sunPosition(noonAtGreenwich, freiburg.lat, freiburg.lon);
    for (let minute = -120; minute <= 0; minute++) {
      const position = sunPosition(noonAtGreenwich + minute * 60_000, freiburg.lat, freiburg.lon);
      if (position.elevation > best.elevation) best = position;
    }
    expect(best.declination).toBeCloseTo(23.44, 1);
    expect(best.elevation).toBeCloseTo(90 - (freiburg.lat - best.declination), 0);
    expect(best.azimuth).toBeGreaterThan(178);
    expect(best.azimuth).toBeLessThan(182);

    const adelaideNoon = sunPosition(Date.UTC(2025, 11, 21, 2, 45), -34.929, 138.601);
    expect(adelaideNoon.elevation).toBeGreaterThan(75);
    const adelaideMorning = sunPosition(Date.UTC(2025, 5, 21, 0, 0), -34.929, 138.601);
    expect(adelaideMorning.azimuth).toBeGreaterThan(0);
    expect(adelaideMorning.azimuth).toBeLessThan(90); // winter morning sun in the north-east
  });

  it('knows night from day: below the horizon at local midnight, rising in the east', () => {
    expect(sunPosition(Date.UTC(2025, 2, 20, 23, 30), 48, 8).elevation).toBeLessThan(-30);
    const sunrise = sunPosition(Date.UTC(2025, 2, 20, 5, 45), 48, 8);
    expect(Math.abs(sunrise.elevation)).toBeLessThan(3);
    expect(sunrise.azimuth).toBeGreaterThan(80);
    expect(sunrise.azimuth).toBeLessThan(100);
  });
});
