import { CLEAREST_DAY, type Climate, DULLEST_DAY, meanClearness, season, seasonalTemperature } from '@sunstack/shared';
import { gaussian, hash32, normalCdf, smoothNoise } from '../random.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.ts';

/**
 * Seeded weather per plant: a clear-sky index (actual over clear-sky irradiance) and the air
 * temperature. Each day draws its cloudiness from the place's climate for the season; days are
 * correlated (weather comes in spells), and passing clouds make partly cloudy days uneven.
 */

export interface WeatherNow {
  /** Actual over clear-sky global irradiance; above 1 briefly at cloud edges. */
  clearSkyIndex: number;
  /** The day's mean clear-sky index (what kind of day it is). */
  dayClearness: number;
  airTemperature: number;
}

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
      seasonalTemperature(this.climate, this.latitude, dayNumber) +
      day.temperatureAnomaly +
      swing * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
    return { clearSkyIndex, dayClearness: day.clearness, airTemperature };
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

    // Mean clearness for the season (shared/src/pvYield.ts), then a skewed draw
    // with exactly that mean: u^a has mean 1/(a+1), so a is chosen to match it.
    const mean = meanClearness(this.climate, this.latitude, dayNumber);
    const exponent = (CLEAREST_DAY - DULLEST_DAY) / (mean - DULLEST_DAY) - 1;
    const clearness = DULLEST_DAY + (CLEAREST_DAY - DULLEST_DAY) * sunniness ** exponent;

    // Clear winter days are cold, clear summer days hot.
    const temperatureAnomaly = 2.5 * temperatureLatent * scale + 4 * (clearness - mean) * (2 * season(dayNumber, this.latitude, 19) - 1);
    const day = { clearness, temperatureAnomaly };
    if (this.days.size > 400) this.days.clear();
    this.days.set(dayNumber, day);
    return day;
  }
}
