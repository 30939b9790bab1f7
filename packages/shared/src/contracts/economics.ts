import { z } from 'zod';
import { periodComplete, periodFields } from './telemetry.ts';

/**
 * What a plant earns and saves, and how self-sufficient it is, in a period of its own calendar
 * (issue 21): export revenue at its feed-in tariff, savings at its import price (time-of-use where
 * set) on the load it covered itself, and the ratios and CO2 figures of the same energy rows the
 * energy reports read.
 */
export const ECONOMICS_DIMENSIONS = ['day', 'month', 'year'] as const;

export const plantEconomicsQueryBody = z
  .strictObject({ id: z.number().int().positive(), ...periodFields, dimension: z.enum(ECONOMICS_DIMENSIONS) })
  .refine(periodComplete, { error: 'validation.periodIncomplete', path: ['dimension'] });
export type PlantEconomicsQueryBody = z.infer<typeof plantEconomicsQueryBody>;

const money = z.number().nullable();
/** kWh of the period, and what the exported and self-supplied kWh were worth (null without a price). */
const bucketFigures = z.object({
  pv: z.number(),
  feedin: z.number(),
  gridConsumption: z.number(),
  loads: z.number(),
  /** Load covered without the grid: from PV directly or through the battery. */
  selfSupplied: z.number(),
  exportRevenue: money,
  savings: money,
});
export type EconomicsFigures = z.infer<typeof bucketFigures>;

export const plantEconomicsResult = z.object({
  timeZone: z.string(),
  currency: z.string(),
  /** Hours of a day ('2026-03-29T02:00'), days of a month ('2026-03-29'), months of a year ('2026-03'). */
  buckets: z.array(bucketFigures.extend({ key: z.string() })),
  total: bucketFigures.extend({
    /** What the plant produced (AC output where its inverters count it, else PV), and how much of it stayed on site. */
    produced: z.number(),
    selfUsed: z.number(),
    /** Share of the production used on site (0-1); null without production. */
    selfConsumptionRatio: z.number().nullable(),
    /** Share of the load covered without the grid (0-1); null without a load counter. */
    autarkyRatio: z.number().nullable(),
    co2AvoidedKg: z.number(),
    trees: z.number(),
  }),
  /** The factors the CO2 figures use (ARCHITECTURE.md names their sources). */
  factors: z.object({ co2KgPerKwh: z.number(), co2KgPerTree: z.number() }),
});
export type PlantEconomics = z.infer<typeof plantEconomicsResult>;

/**
 * kg of CO2 one tree takes up, for "trees planted" equivalents: an urban tree seedling grown for 10
 * years, 0.060 t (US EPA, Greenhouse Gas Equivalencies Calculator, calculations and references).
 */
export const CO2_KG_PER_TREE = 60;

/** The model a plant's expectations come from: its size and how its modules lie (assumed: 30° facing the equator). */
const yieldModel = z.object({ peakKw: z.number(), tilt: z.number(), azimuth: z.number(), assumedOrientation: z.boolean() }).nullable();

/**
 * Expected against actual PV yield of a period (the plant's calendar, as the energy report): the
 * yield its place, orientation and size give under a typical and under a clear sky, and the
 * performance ratio. The model is null where the plant lacks a position or a PV size.
 */
export const plantPerformanceResult = z.object({
  timeZone: z.string(),
  model: yieldModel,
  buckets: z.array(z.object({ key: z.string(), actual: z.number(), expected: z.number().nullable(), clearSky: z.number().nullable() })),
  total: z.object({
    actual: z.number(),
    expected: z.number().nullable(),
    clearSky: z.number().nullable(),
    /** Expected until now (the period's past): what the actual yield is judged against. */
    expectedToNow: z.number().nullable(),
    /** Actual over the typical-weather expectation until now. */
    ratioToExpected: z.number().nullable(),
    /** Actual over kWp × the modelled typical insolation on the modules until now (IEC 61724's PR on modelled light). */
    performanceRatio: z.number().nullable(),
  }),
});
export type PlantPerformance = z.infer<typeof plantPerformanceResult>;

/** Today's and tomorrow's expected production (kW, 15-minute points of the plant's days), load and battery SoC. */
export const plantForecastResult = z.object({
  timeZone: z.string(),
  model: yieldModel,
  /** The plant's today and tomorrow ('2026-11-26'). */
  days: z.array(z.string()),
  points: z.array(
    z.object({
      ts: z.number(),
      typical: z.number().nullable(),
      clearSky: z.number().nullable(),
      /** The load of that local hour over the last 14 days, on average (kW). */
      load: z.number().nullable(),
      /** The battery's expected SoC (%), from its newest SoC on: null before now or without a battery. */
      soc: z.number().nullable(),
    }),
  ),
  battery: z.object({ capacityKwh: z.number(), soc: z.number() }).nullable(),
});
export type PlantForecast = z.infer<typeof plantForecastResult>;
