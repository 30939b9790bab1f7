import { hash32, smoothNoise, uniform } from '../random.ts';
import type { LocalTime } from '../time.ts';

/**
 * Electricity demand in the plant's local time: a household (morning and evening peaks, later
 * weekends, more in winter, lights after dark, appliances switching on) or a business (working
 * hours on working days, a base load when closed, cooling on hot days). EV chargers and heat
 * pumps are separate models added on top.
 */

export type LoadProfile =
  | { kind: 'household' /** Yearly consumption without EV and heat pump, kWh. */; annualKwh: number }
  | {
      kind: 'commercial';
      annualKwh: number;
      /** Opening and closing hour, local (fractional allowed). */
      opens: number;
      closes: number;
      /** Working weekdays, 0 Sunday … 6 Saturday. */
      workdays: number[];
      /** Share of the open-hours load that stays on when closed (fridges, servers, standby). */
      baseShare: number;
      /** Extra kW per °C above 22 °C while open (air conditioning); 0 for none. */
      coolingKwPerK?: number;
    };

// Relative hourly demand of a household (after the shape of standard load profiles such as BDEW H0).
const HOUSEHOLD_WEEKDAY = [
  0.55, 0.45, 0.4, 0.38, 0.38, 0.45, 0.8, 1.15, 1.05, 0.9, 0.85, 0.9, 1.05, 0.95, 0.85, 0.85, 0.95, 1.25, 1.6, 1.75, 1.65, 1.45, 1.1, 0.8,
];
const HOUSEHOLD_WEEKEND = [
  0.6, 0.5, 0.42, 0.4, 0.38, 0.4, 0.5, 0.75, 1.1, 1.3, 1.3, 1.35, 1.45, 1.3, 1.1, 1, 1.05, 1.3, 1.6, 1.7, 1.6, 1.4, 1.15, 0.85,
];
/** Share of household energy from appliances switching on (kettle, oven, washing machine). */
const APPLIANCE_SHARE = 0.15;
const APPLIANCE_KW = 1.8;
const APPLIANCE_SLOT_MS = 10 * 60_000;

/** Linear interpolation in an hourly table, wrapping at midnight. */
function hourly(table: number[], hour: number): number {
  const index = Math.floor(hour) % 24;
  const next = (index + 1) % 24;
  const f = hour - Math.floor(hour);
  return (table[index] as number) * (1 - f) + (table[next] as number) * f;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** 1 in the depth of winter, 0 in high summer (for this hemisphere), by local day of year. */
function winterness(dayOfYear: number, latitude: number): number {
  const coldest = latitude >= 0 ? 15 : 197;
  return (1 + Math.cos((2 * Math.PI * (dayOfYear - coldest)) / 365.25)) / 2;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

export interface LoadConditions {
  local: LocalTime;
  /** The sun is below the horizon (lights on). */
  dark: boolean;
  airTemperature: number;
}

export class LoadModel {
  private readonly meanKw: number;
  private readonly shapeMean: number;

  constructor(
    private readonly profile: LoadProfile,
    private readonly seed: number,
    private readonly latitude: number,
  ) {
    this.meanKw = profile.annualKwh / 8766;
    this.shapeMean = profile.kind === 'household' ? householdShapeMean() : commercialShapeMean(profile);
  }

  /** Demand in kW at `ts`. */
  at(ts: number, conditions: LoadConditions): number {
    const noise =
      1 + 0.15 * smoothNoise(hash32(this.seed, 21), ts / (30 * 60_000)) + 0.05 * smoothNoise(hash32(this.seed, 22), ts / 300_000);
    if (this.profile.kind === 'household') return this.household(ts, conditions) * noise;
    return this.commercial(this.profile, conditions) * noise;
  }

  /** The noiseless shape, normalised so a year averages to the profile's mean power (tests and charts). */
  shape(conditions: LoadConditions): number {
    if (this.profile.kind === 'household') {
      const { local } = conditions;
      const weekend = local.weekday === 0 || local.weekday === 6;
      const base = hourly(weekend ? HOUSEHOLD_WEEKEND : HOUSEHOLD_WEEKDAY, local.hour);
      const seasonal = 0.85 + 0.3 * winterness(local.dayOfYear, this.latitude);
      const lights = conditions.dark && local.hour >= 6 && local.hour < 23 ? 0.25 : 0;
      return (this.meanKw * (1 - APPLIANCE_SHARE) * (base * seasonal + lights)) / this.shapeMean;
    }
    return this.commercial(this.profile, conditions);
  }

  private household(ts: number, conditions: LoadConditions): number {
    const base = this.shape(conditions);
    // Appliances: each 10-minute slot may start one, more likely when people are active.
    const slot = Math.floor(ts / APPLIANCE_SLOT_MS);
    const activity = base / (this.meanKw * (1 - APPLIANCE_SHARE));
    const chance = (APPLIANCE_SHARE * this.meanKw * activity) / APPLIANCE_KW;
    const appliance = uniform(this.seed, 23, slot) < chance ? APPLIANCE_KW * (0.6 + 0.8 * uniform(this.seed, 24, slot)) : 0;
    return base + appliance;
  }

  private commercial(profile: Extract<LoadProfile, { kind: 'commercial' }>, conditions: LoadConditions): number {
    const { local } = conditions;
    const occupancy = commercialOccupancy(profile, local.hour, local.weekday);
    const seasonal = 0.92 + 0.16 * winterness(local.dayOfYear, this.latitude);
    const lights = conditions.dark && occupancy > 0.5 ? 0.1 : 0;
    const cooling = (profile.coolingKwPerK ?? 0) * Math.max(0, conditions.airTemperature - 22) * occupancy;
    return (this.meanKw * (profile.baseShare + (1 - profile.baseShare) * occupancy + lights) * seasonal) / this.shapeMean + cooling;
  }
}

function commercialOccupancy(profile: Extract<LoadProfile, { kind: 'commercial' }>, hour: number, weekday: number): number {
  if (!profile.workdays.includes(weekday)) return 0;
  const open =
    smoothstep(profile.opens - 0.5, profile.opens + 0.5, hour) * (1 - smoothstep(profile.closes - 0.5, profile.closes + 0.5, hour));
  const middle = (profile.opens + profile.closes) / 2;
  const lunchDip = 1 - 0.15 * Math.exp(-(((hour - middle) / 0.6) ** 2));
  return open * lunchDip;
}

function householdShapeMean(): number {
  // Weekdays and weekends, seasonal factor averaging 1, lights after dark about a quarter of the day.
  const daily = (5 * mean(HOUSEHOLD_WEEKDAY) + 2 * mean(HOUSEHOLD_WEEKEND)) / 7;
  return daily + 0.25 * 0.3;
}

function commercialShapeMean(profile: Extract<LoadProfile, { kind: 'commercial' }>): number {
  let sum = 0;
  let count = 0;
  for (let weekday = 0; weekday < 7; weekday++) {
    for (let quarter = 0; quarter < 96; quarter++) {
      sum += profile.baseShare + (1 - profile.baseShare) * commercialOccupancy(profile, quarter / 4, weekday);
      count++;
    }
  }
  return sum / count;
}
