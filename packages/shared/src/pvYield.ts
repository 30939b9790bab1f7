import { clearSkyGhi, decompose, planeOfArray, type Surface } from './irradiance.ts';
import { sunPosition } from './sun.ts';

/**
 * What a PV array should give at its place: the climate's typical weather (clearness and air
 * temperature by season), module power from plane-of-array irradiance, and a plant's expected
 * power under a clear or a typical sky. The simulator's physics and the server's expected yield
 * use these same functions, so the demo's plants and their expectations follow one model.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface Climate {
  /** Mean clear-sky index of the dullest and of the sunniest month (0-1). */
  clearWinter: number;
  clearSummer: number;
  /** Mean air temperature of the coldest and of the warmest month, °C. */
  tempWinter: number;
  tempSummer: number;
  /** Half the day-night temperature swing on a clear day, °C. */
  dailySwing: number;
}

/** Climates of the demo places; a plant may override the temperatures of its climate. */
export const CLIMATES = {
  /** North Sea coast: Amsterdam, Hamburg. */
  oceanic: { clearWinter: 0.32, clearSummer: 0.65, tempWinter: 2.5, tempSummer: 18, dailySwing: 4 },
  /** Central Europe: Freiburg, Munich, Zurich, Vienna, Krakow, Brno. */
  central: { clearWinter: 0.36, clearSummer: 0.72, tempWinter: 0.5, tempSummer: 19.5, dailySwing: 5 },
  /** Rhône and Po valleys, Transylvania: sunnier summers, foggy winters. */
  southernContinental: { clearWinter: 0.42, clearSummer: 0.84, tempWinter: 2, tempSummer: 22.5, dailySwing: 6 },
  /** Atlantic Iberia: Porto. */
  atlantic: { clearWinter: 0.53, clearSummer: 0.88, tempWinter: 9.5, tempSummer: 20.5, dailySwing: 5 },
  /** Mediterranean and Andalusia: Sevilla, Madrid, Palermo, Antalya. */
  mediterranean: { clearWinter: 0.65, clearSummer: 0.98, tempWinter: 10.5, tempSummer: 28, dailySwing: 7 },
  /** Dry summers, mild winters: Adelaide, Sacramento. */
  semiArid: { clearWinter: 0.58, clearSummer: 0.97, tempWinter: 10, tempSummer: 24, dailySwing: 8 },
  /** Wet summers, dry winters on the Brazilian highlands: Sao Paulo. */
  subtropicalHighland: { clearWinter: 0.65, clearSummer: 0.58, tempWinter: 16, tempSummer: 23.5, dailySwing: 5 },
  /** East Asian monsoon: clear winters, cloudy rainy summers (Seoul). */
  monsoon: { clearWinter: 0.69, clearSummer: 0.55, tempWinter: -2, tempSummer: 25.5, dailySwing: 5 },
} as const satisfies Record<string, Climate>;
export type ClimateName = keyof typeof CLIMATES;

/**
 * The typical climate of a latitude band, for a plant that names no climate of its own: coarse
 * (Seoul and Sevilla share a band), but it needs nothing but the plant's position.
 */
export function climateOfLatitude(latitude: number): Climate {
  const band = Math.abs(latitude);
  if (band < 30) return CLIMATES.subtropicalHighland;
  if (band < 36) return CLIMATES.semiArid;
  if (band < 42) return CLIMATES.mediterranean;
  if (band < 47) return CLIMATES.southernContinental;
  if (band < 52) return CLIMATES.central;
  return CLIMATES.oceanic;
}

/** 0 in the depth of winter, 1 in high summer of the latitude's hemisphere; `northernWinterDay` is the northern winter's day number. */
export function season(dayNumber: number, latitude: number, northernWinterDay: number): number {
  const winterDay = latitude >= 0 ? northernWinterDay : northernWinterDay + 182.6;
  return (1 - Math.cos((2 * Math.PI * (dayNumber - winterDay)) / 365.2425)) / 2;
}

export const CLEAREST_DAY = 1;
export const DULLEST_DAY = 0.12;

/** The mean clear-sky index of a day (days since the epoch) for the season: dullest around the winter solstice. */
export function meanClearness(climate: Climate, latitude: number, dayNumber: number): number {
  const s = season(dayNumber, latitude, -11);
  return Math.min(CLEAREST_DAY - 0.02, Math.max(DULLEST_DAY + 0.03, climate.clearWinter + (climate.clearSummer - climate.clearWinter) * s));
}

/** The season's mean air temperature (°C): air lags the sun by about a month, coldest mid-January in the north. */
export function seasonalTemperature(climate: Climate, latitude: number, dayNumber: number): number {
  return climate.tempWinter + (climate.tempSummer - climate.tempWinter) * season(dayNumber, latitude, 19);
}

/** Power falls 0.4 % per °C of cell temperature above 25 °C. */
export const POWER_TEMPERATURE_COEFFICIENT = -0.004;
/** Nominal operating cell temperature: the cell heats 25 K above the air at 800 W/m². */
const NOCT = 45;
/** Soiling, wiring, mismatch and ageing between nameplate and the inverter input. */
export const DC_LOSSES = 0.93;
/** Below this the inverter does not track (dawn, dusk, deep overcast). */
const MIN_IRRADIANCE = 8;

export function cellTemperature(airTemperature: number, irradiance: number): number {
  return airTemperature + (irradiance * (NOCT - 20)) / 800;
}

/** DC power (kW) of modules of `peakKw` at STC, at plane-of-array irradiance (W/m²) and air temperature. */
export function pvPowerKw(peakKw: number, irradiance: number, airTemperature: number): number {
  if (irradiance < MIN_IRRADIANCE) return 0;
  const relative = irradiance / 1000;
  const lowLight = 1 + 0.02 * Math.log(relative);
  const temperatureFactor = 1 + POWER_TEMPERATURE_COEFFICIENT * (cellTemperature(airTemperature, irradiance) - 25);
  return Math.max(0, peakKw * relative * lowLight * temperatureFactor * DC_LOSSES);
}

/** A PV array at its place: position, size (kWp) and the plane its modules lie in. */
export interface PvSite {
  latitude: number;
  longitude: number;
  peakKw: number;
  surface: Surface;
  climate: Climate;
}
/** A cloudless sky, or the season's typical one (its mean clearness). */
export type Sky = 'clearSky' | 'typical';

/** Modules facing the equator at 30°, for a plant that did not say how its modules lie. */
export const DEFAULT_SURFACE = (latitude: number): Surface => ({ azimuth: latitude >= 0 ? 180 : 0, tilt: 30 });

/** A site's expected irradiance on its modules (W/m²) and DC power (kW) at an instant. */
export function expectedPv(site: PvSite, ts: number, sky: Sky): { irradiance: number; powerKw: number } {
  const sun = sunPosition(ts, site.latitude, site.longitude);
  if (sun.elevation <= 0) return { irradiance: 0, powerKw: 0 };
  // The local solar day and hour, as the simulator's weather counts them.
  const solarTs = ts + (site.longitude / 360) * DAY_MS;
  const dayNumber = Math.floor(solarTs / DAY_MS);
  const clearness = sky === 'clearSky' ? 1 : meanClearness(site.climate, site.latitude, dayNumber);
  const solarHour = (solarTs - dayNumber * DAY_MS) / HOUR_MS;
  const swing = site.climate.dailySwing * (0.4 + 0.6 * clearness);
  const air = seasonalTemperature(site.climate, site.latitude, dayNumber) + swing * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  const irradiance = planeOfArray(sun, decompose(clearSkyGhi(sun) * clearness, sun), site.surface);
  return { irradiance, powerKw: pvPowerKw(site.peakKw, irradiance, air) };
}

/** Steps an interval is integrated in: the middle of each quarter hour. */
const STEP_MS = 15 * 60_000;

/** Expected DC energy (kWh) and plane-of-array insolation (kWh/m²) of an interval [from, to). */
export function expectedEnergy(site: PvSite, from: number, to: number, sky: Sky): { kwh: number; insolation: number } {
  let kwh = 0;
  let insolation = 0;
  for (let start = from; start < to; start += STEP_MS) {
    const hours = (Math.min(start + STEP_MS, to) - start) / HOUR_MS;
    const at = expectedPv(site, start + (hours * HOUR_MS) / 2, sky);
    kwh += at.powerKw * hours;
    insolation += (at.irradiance / 1000) * hours;
  }
  return { kwh, insolation };
}
