/**
 * Sun position by the NOAA solar calculator formulas (Meeus, as in NOAA's spreadsheet): good to
 * about 0.01° for years 1800-2100, far better than a PV simulation needs.
 */

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

export interface SunPosition {
  /** Degrees from the zenith, refraction included; 90 or more is night. */
  zenith: number;
  /** Degrees above the horizon (90 - zenith). */
  elevation: number;
  /** Compass bearing in degrees: 0 north, 90 east, 180 south, 270 west. */
  azimuth: number;
  /** Sun-earth distance in astronomical units. */
  distanceAu: number;
  /** Declination in degrees. */
  declination: number;
}

export function sunPosition(ts: number, latitude: number, longitude: number): SunPosition {
  const julianDay = ts / 86_400_000 + 2_440_587.5;
  const t = (julianDay - 2_451_545) / 36_525;
  const meanLongitude = (((280.46646 + t * (36_000.76983 + t * 0.0003032)) % 360) + 360) % 360;
  const meanAnomaly = 357.52911 + t * (35_999.05029 - 0.0001537 * t);
  const eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const m = meanAnomaly * RAD;
  const center =
    Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) + Math.sin(2 * m) * (0.019993 - 0.000101 * t) + Math.sin(3 * m) * 0.000289;
  const trueLongitude = meanLongitude + center;
  const trueAnomaly = meanAnomaly + center;
  const distanceAu = (1.000001018 * (1 - eccentricity * eccentricity)) / (1 + eccentricity * Math.cos(trueAnomaly * RAD));
  const omega = (125.04 - 1934.136 * t) * RAD;
  const apparentLongitude = (trueLongitude - 0.00569 - 0.00478 * Math.sin(omega)) * RAD;
  const meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const obliquity = (meanObliquity + 0.00256 * Math.cos(omega)) * RAD;
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude));

  const y = Math.tan(obliquity / 2) ** 2;
  const l0 = meanLongitude * RAD;
  const equationOfTimeMinutes =
    4 *
    DEG *
    (y * Math.sin(2 * l0) -
      2 * eccentricity * Math.sin(m) +
      4 * eccentricity * y * Math.sin(m) * Math.cos(2 * l0) -
      0.5 * y * y * Math.sin(4 * l0) -
      1.25 * eccentricity * eccentricity * Math.sin(2 * m));

  const utcMinutes = (((ts % 86_400_000) + 86_400_000) % 86_400_000) / 60_000;
  const trueSolarMinutes = (((utcMinutes + equationOfTimeMinutes + 4 * longitude) % 1440) + 1440) % 1440;
  const hourAngle = (trueSolarMinutes / 4 - 180) * RAD;

  const lat = latitude * RAD;
  const cosZenith = Math.min(
    1,
    Math.max(-1, Math.sin(lat) * Math.sin(declination) + Math.cos(lat) * Math.cos(declination) * Math.cos(hourAngle)),
  );
  const geometricZenith = Math.acos(cosZenith);
  const sinZenith = Math.sin(geometricZenith);
  let azimuth: number;
  if (sinZenith < 1e-9 || Math.abs(Math.cos(lat)) < 1e-9) {
    azimuth = latitude > 0 ? 180 : 0;
  } else {
    const cosAzimuth = Math.min(1, Math.max(-1, (Math.sin(lat) * cosZenith - Math.sin(declination)) / (Math.cos(lat) * sinZenith)));
    const angle = Math.acos(cosAzimuth) * DEG;
    azimuth = hourAngle > 0 ? (angle + 180) % 360 : (540 - angle) % 360;
  }

  const geometricElevation = 90 - geometricZenith * DEG;
  const elevation = geometricElevation + atmosphericRefraction(geometricElevation);
  return { zenith: 90 - elevation, elevation, azimuth, distanceAu, declination: declination * DEG };
}

/** Refraction correction in degrees (NOAA's piecewise fit). */
function atmosphericRefraction(elevation: number): number {
  if (elevation > 85) return 0;
  const tanE = Math.tan(elevation * RAD);
  let arcSeconds: number;
  if (elevation > 5) arcSeconds = 58.1 / tanE - 0.07 / tanE ** 3 + 0.000086 / tanE ** 5;
  else if (elevation > -0.575) arcSeconds = 1735 + elevation * (-518.2 + elevation * (103.4 + elevation * (-12.79 + elevation * 0.711)));
  else arcSeconds = -20.772 / tanE;
  return arcSeconds / 3600;
}
