import { z } from 'zod';
import { deviceSnSchema } from './device.ts';

/**
 * The things of a plant that age or wear (issue 21, owner feature 4): a battery's state of health and
 * cycles over months, an EV charger's sessions, and the PV strings of one inverter side by side.
 * Times are UTC milliseconds; days and months are the plant's own calendar (`timeZone`).
 */

export const batteryHealthQueryBody = z.strictObject({ sn: deviceSnSchema });

/** How cycles were counted: the battery's own discharge counter, or its plant's shared among its batteries. */
export const CYCLE_SOURCES = ['battery', 'plant'] as const;

export const batteryHealthResult = z.object({
  timeZone: z.string(),
  /** The newest state of health the battery reported (%), and when; null when it never reported one. */
  soh: z.number().nullable(),
  sohAt: z.number().nullable(),
  /** Usable capacity the battery states now (kWh): stored energy / SoC; null when it does not tell. */
  capacityKwh: z.number().nullable(),
  /** Equivalent full cycles: all energy discharged / capacity; null without a capacity or a discharge counter. */
  cycles: z.number().nullable(),
  dischargedKwh: z.number().nullable(),
  cycleSource: z.enum(CYCLE_SOURCES).nullable(),
  /** Months of the plant's calendar ('2026-11'), oldest first, the last 12 at most: mean SoH and the cycles at the month's end. */
  months: z.array(z.object({ month: z.string(), soh: z.number().nullable(), cycles: z.number().nullable() })),
});
export type BatteryHealth = z.infer<typeof batteryHealthResult>;

export const chargingSessionsQueryBody = z.strictObject({
  sn: deviceSnSchema,
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
});

export const chargingSession = z.object({
  /** The first and last sample with a car plugged in; `end` null while it still is. */
  start: z.number(),
  end: z.number().nullable(),
  energyKwh: z.number(),
  /**
   * What the session's energy costs at the plant's import price of the minutes it was charged in (its
   * time-of-use periods where set), in the plant's currency; null when a minute it charged in has no price.
   */
  cost: z.number().nullable(),
  /** Plugged in, and of that, charging (ms). */
  durationMs: z.number(),
  chargingMs: z.number(),
});
export type ChargingSession = z.infer<typeof chargingSession>;

export const chargingSessionsResult = z.object({
  timeZone: z.string(),
  /** The plant's currency (ISO 4217), which `cost` is in. */
  currency: z.string(),
  /** Sessions that began in the month, oldest first. */
  sessions: z.array(chargingSession),
  /** `cost` is null when a session's is. */
  total: z.object({ sessions: z.number(), energyKwh: z.number(), durationMs: z.number(), cost: z.number().nullable() }),
});
export type ChargingSessions = z.infer<typeof chargingSessionsResult>;

export const stringComparisonQueryBody = z.strictObject({
  sn: deviceSnSchema,
  /** A day of the plant's calendar. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' }),
});

/** A string far below its neighbours: its day's yield per kWp under this share of their median. */
export const STRING_LOW_SHARE = 0.8;

export const stringComparisonResult = z.object({
  timeZone: z.string(),
  /** `configured`: each string's kWp from the inverter's string configuration; `equal`: none, strings taken as equally sized. */
  basis: z.enum(['configured', 'equal']),
  strings: z.array(
    z.object({
      string: z.number(),
      /** Size of the string (kWp); null on the `equal` basis. */
      kwp: z.number().nullable(),
      energyKwh: z.number(),
      /** kWh per kWp of the day (configured), or kWh (equal). */
      specificYield: z.number(),
      /** Share of the median of the other strings (1 = like them); null without neighbours producing. */
      ofNeighbours: z.number().nullable(),
      low: z.boolean(),
    }),
  ),
  /** Each sample: its time and each string's power per kWp (kW/kWp, configured) or power (kW, equal), in string order. */
  points: z.array(z.object({ ts: z.number(), values: z.array(z.number().nullable()) })),
});
export type StringComparison = z.infer<typeof stringComparisonResult>;
