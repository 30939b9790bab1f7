import { z } from 'zod';
import { ENERGY_COUNTERS } from '../protocol.ts';
import { epochMsSchema } from './common.ts';
import { statusCounts } from './plantMap.ts';

/** Live and historical data of devices and plants (issue 4). Times are UTC milliseconds. */

const deviceSnSchema = z.string().trim().min(1).max(64);
const variableSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { error: 'validation.variableInvalid' });

/** A chart asks for at most this many points (about two per pixel of a wide chart). */
export const MAX_CHART_POINTS = 4_000;
/** The longest range one history query covers. */
export const MAX_HISTORY_DAYS = 366;

export const deviceRealQueryBody = z.strictObject({
  sns: z.array(deviceSnSchema).min(1).max(100),
  variables: z.array(variableSchema).max(100).optional(),
});
export const deviceRealQueryResult = z.object({
  devices: z.array(
    z.object({
      sn: z.string(),
      /** When the newest values were measured; null when the device never reported. */
      ts: z.number().nullable(),
      vars: z.record(z.string(), z.number()),
    }),
  ),
});

export const deviceHistoryQueryBody = z
  .strictObject({
    sn: deviceSnSchema,
    begin: epochMsSchema,
    end: epochMsSchema,
    variables: z.array(variableSchema).min(1).max(10),
    /** The chart's width in points; the answer never holds more. */
    points: z.number().int().min(10).max(MAX_CHART_POINTS).default(1_000),
  })
  .refine((body) => body.end > body.begin, { error: 'validation.rangeInvalid', path: ['end'] })
  .refine((body) => body.end - body.begin <= MAX_HISTORY_DAYS * 86_400_000, { error: 'validation.rangeTooLong', path: ['end'] });

const seriesSchema = z.object({ variable: z.string(), data: z.array(z.tuple([z.number(), z.number()])) });
export const deviceHistoryQueryResult = z.object({
  /** Raw samples, or averages over this many milliseconds. */
  resolutionMs: z.number(),
  series: z.array(seriesSchema),
});

export const REPORT_DIMENSIONS = ['day', 'month', 'year', 'lifetime'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** A period of the plant's own calendar: a day (year, month, day), a month, a year, or all years. */
export const periodFields = {
  dimension: z.enum(REPORT_DIMENSIONS),
  year: z.number().int().min(2000).max(2100).optional(),
  month: z.number().int().min(1).max(12).optional(),
  day: z.number().int().min(1).max(31).optional(),
};
export const periodComplete = (body: { dimension: ReportDimension; year?: number; month?: number; day?: number }) =>
  body.dimension === 'lifetime' ||
  (body.year !== undefined &&
    (body.dimension === 'year' || (body.month !== undefined && (body.dimension === 'month' || body.day !== undefined))));

export const deviceReportQueryBody = z
  .strictObject({ sn: deviceSnSchema, ...periodFields, variables: z.array(z.enum(ENERGY_COUNTERS)).min(1).max(ENERGY_COUNTERS.length) })
  .refine(periodComplete, { error: 'validation.periodIncomplete', path: ['dimension'] });

export const plantReportQueryBody = z
  .strictObject({ id: z.number().int().positive(), ...periodFields })
  .refine(periodComplete, { error: 'validation.periodIncomplete', path: ['dimension'] });

/** Energy per bucket of the period: hours of a day, days of a month, months of a year, years. */
export const energyReportResult = z.object({
  timeZone: z.string(),
  /** Bucket labels in local time: '2026-03-29T02:00' (hours), '2026-03-29' (days), '2026-03' (months), '2026' (years). */
  buckets: z.array(z.string()),
  series: z.array(z.object({ variable: z.string(), data: z.array(z.number()) })),
});

/** A plant's day: 5-minute power curves (kW) in its local day. */
export const plantDayCurvesResult = z.object({
  timeZone: z.string(),
  series: z.array(seriesSchema),
});

export const plantFlowQuery = z.object({ id: z.coerce.number().int().positive() });
export const plantFlowResult = z.object({
  /** When the newest value was measured; null when the plant never reported. */
  ts: z.number().nullable(),
  /** kW; battery positive when charging, grid positive when importing. */
  pv: z.number(),
  load: z.number(),
  grid: z.number(),
  battery: z.number().nullable(),
  soc: z.number().nullable(),
  evCharger: z.number().nullable(),
  heatPump: z.number().nullable(),
  /** Today's energy in the plant's local day, kWh per counter. */
  today: z.record(z.string(), z.number()),
});

export const fleetSummaryResult = z.object({
  /** Plants in scope, and how many of each status (spec section 4). */
  plants: z.object({ total: z.number(), ...statusCounts.shape }),
  /** kW of PV now, over the plants in scope. */
  currentPower: z.number(),
  /** kWh, each plant's own local day. */
  todayYield: z.number(),
  lifetimeYield: z.number(),
  /** kg, at the grid emission factor below. */
  co2Avoided: z.number(),
});

/** kg CO2 per kWh of grid electricity displaced (EU average, EEA 2023). */
export const CO2_KG_PER_KWH = 0.25;

export type DeviceRealQueryBody = z.infer<typeof deviceRealQueryBody>;
export type DeviceHistoryQueryBody = z.infer<typeof deviceHistoryQueryBody>;
export type DeviceReportQueryBody = z.infer<typeof deviceReportQueryBody>;
export type PlantReportQueryBody = z.infer<typeof plantReportQueryBody>;
export type PlantFlow = z.infer<typeof plantFlowResult>;
export type EnergyReport = z.infer<typeof energyReportResult>;
export type FleetSummary = z.infer<typeof fleetSummaryResult>;

export const plantCurveQueryBody = z.strictObject({
  id: z.number().int().positive(),
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
});
export type PlantCurveQueryBody = z.infer<typeof plantCurveQueryBody>;

/** Plant view (/bus/plant/view): the plants in scope with what they produce now, today and in all. */
export const plantOverviewResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  plants: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      city: z.string(),
      country: z.string(),
      status: z.string(),
      systemSizeKw: z.number().nullable(),
      /** kW of PV now (devices reporting in the last 15 minutes). */
      power: z.number(),
      /** kWh in the plant's local day. */
      todayYield: z.number(),
      lifetimeYield: z.number(),
    }),
  ),
});
export type PlantOverview = z.infer<typeof plantOverviewResult>;
