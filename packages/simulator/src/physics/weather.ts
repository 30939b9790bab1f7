import { gaussian, hash32, normalCdf, smoothNoise } from '../random.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.ts';

/**
 * Seeded weather per plant: a clear-sky index (actual over clear-sky irradiance) and the air
 * temperature. Each day draws its cloudiness from the place's climate for the season; days are
 * correlated (weather comes in spells), and passing clouds make partly cloudy days uneven.
 */

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

export interface WeatherNow {
  /** Actual over clear-sky global irradiance; above 1 briefly at cloud edges. */
  clearSkyIndex: number;
  /** The day's mean clear-sky index (what kind of day it is). */
  dayClearness: number;
  airTemperature: number;
}

const CLEAREST_DAY = 1;
const DULLEST_DAY = 0.12;
/** Day-to-day persistence of the weather (lag-1 correlation) and how many days it remembers. */
const PERSISTENCE = 0.6;
const MEMORY_DAYS = 10;

interface DayWeather {
  clearness: number;
  temperatureAnomaly: number;
}

export class Weather {
  private readonly days = new Map<number, DayWeather>();

  constructor(
    private readonly seed: number,
    private readonly latitude: number,
    private readonly longitude: number,
    private readonly climate: Climate,
  ) {}

  at(ts: number): WeatherNow {
    // Local solar day, so the weather of a day does not change at a clock midnight far from the sun's.
    const solarTs = ts + (this.longitude / 360) * DAY_MS;
    const dayNumber = Math.floor(solarTs / DAY_MS);
    const day = this.day(dayNumber);
    const spread = (4 * (day.clearness - DULLEST_DAY) * (CLEAREST_DAY - day.clearness)) / (CLEAREST_DAY - DULLEST_DAY) ** 2;
    const passingClouds =
      0.65 * smoothNoise(hash32(this.seed, 11), ts / (20 * MINUTE_MS)) + 0.35 * smoothNoise(hash32(this.seed, 12), ts / (5 * MINUTE_MS));
    const clearSkyIndex = Math.min(1.12, Math.max(0.05, day.clearness + 0.45 * spread * passingClouds));

    const solarHour = (solarTs - dayNumber * DAY_MS) / HOUR_MS;
    const swing = this.climate.dailySwing * (0.4 + 0.6 * day.clearness);
    const airTemperature =
      this.seasonalTemperature(dayNumber) + day.temperatureAnomaly + swing * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
    return { clearSkyIndex, dayClearness: day.clearness, airTemperature };
  }

  /** 0 in the depth of winter, 1 in high summer, for this hemisphere; `peakDay` is the northern winter's. */
  private season(dayNumber: number, northernWinterDay: number): number {
    const winterDay = this.latitude >= 0 ? northernWinterDay : northernWinterDay + 182.6;
    return (1 - Math.cos((2 * Math.PI * (dayNumber - winterDay)) / 365.2425)) / 2;
  }

  private seasonalTemperature(dayNumber: number): number {
    // Air temperature lags the sun by about a month: coldest mid-January in the north.
    const season = this.season(dayNumber, 19);
    return this.climate.tempWinter + (this.climate.tempSummer - this.climate.tempWinter) * season;
  }

  private day(dayNumber: number): DayWeather {
    const cached = this.days.get(dayNumber);
    if (cached) return cached;
    // Correlated latent weather: a moving sum of daily shocks with geometric weights (AR(1)-like).
    let latent = 0;
    let temperatureLatent = 0;
    for (let lag = 0; lag <= MEMORY_DAYS; lag++) {
      const weight = PERSISTENCE ** lag;
      latent += weight * gaussian(this.seed, 1, dayNumber - lag);
      temperatureLatent += weight * gaussian(this.seed, 2, dayNumber - lag);
    }
    const scale = Math.sqrt(1 - PERSISTENCE ** 2);
    const sunniness = normalCdf(latent * scale);

    // Mean clearness for the season (dullest days around the winter solstice), then a skewed draw
    // with exactly that mean: u^a has mean 1/(a+1), so a is chosen to match it.
    const season = this.season(dayNumber, -11);
    const mean = Math.min(
      CLEAREST_DAY - 0.02,
      Math.max(DULLEST_DAY + 0.03, this.climate.clearWinter + (this.climate.clearSummer - this.climate.clearWinter) * season),
    );
    const exponent = (CLEAREST_DAY - DULLEST_DAY) / (mean - DULLEST_DAY) - 1;
    const clearness = DULLEST_DAY + (CLEAREST_DAY - DULLEST_DAY) * sunniness ** exponent;

    // Clear winter days are cold, clear summer days hot.
    const temperatureAnomaly = 2.5 * temperatureLatent * scale + 4 * (clearness - mean) * (2 * this.season(dayNumber, 19) - 1);
    const day = { clearness, temperatureAnomaly };
    if (this.days.size > 400) this.days.clear();
    this.days.set(dayNumber, day);
    return day;
  }
}
