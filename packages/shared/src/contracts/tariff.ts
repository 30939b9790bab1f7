import { z } from 'zod';
import { AGILE_CHARGING_PERIODS, AGILE_PRICE_SLOT_MINUTES } from '../constants.ts';
import { LIMITS } from '../limits.ts';
import { minutesOfClock, type PeriodMode, rangesOf, type SchedulePeriod, windowList } from './settings.ts';

/**
 * Electricity prices a battery schedule is planned on (spec sections 3 and 9): price periods of a
 * fixed tariff (peak, valley, flat), and agile tariffs of 30-minute slots, whose cheapest slots
 * become the charging periods. Prices are the plant's currency per kWh; the device never sees them.
 */
export const PRICE_KINDS = ['peak', 'valley', 'flat'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'validation.clockTime' });
/** A price per kWh; agile tariffs go below zero at times. */
export const priceSchema = z
  .number({ error: 'validation.priceRange' })
  .min(-100, { error: 'validation.priceRange' })
  .max(100, { error: 'validation.priceRange' });

export const pricePeriod = z
  .strictObject({ start: clock, end: clock, kind: z.enum(PRICE_KINDS, { error: 'validation.invalid' }), price: priceSchema })
  .refine((period) => minutesBetween(period.start, period.end) >= LIMITS.minTimeLimitMinutes, {
    error: 'validation.periodTooShort',
    path: ['end'],
  });
export type PricePeriod = z.infer<typeof pricePeriod>;

/** Up to eight price periods that never overlap, like the schedule they are turned into. */
export const pricePeriods = windowList(pricePeriod);

/** Minutes from one clock time to the next (wrapping midnight; equal times are a whole day). */
function minutesBetween(start: string, end: string): number {
  const length = (minutesOfClock(end) - minutesOfClock(start) + 24 * 60) % (24 * 60);
  return length === 0 ? 24 * 60 : length;
}

/** What a proposed period holds besides its window and mode: the screen's values for new periods. */
export type PeriodLimits = Pick<SchedulePeriod, 'minSocOnGrid' | 'fdSoc' | 'fdPwr' | 'maxSoc'>;

/** What each price kind runs: charge in the valley, discharge at the peak, self use (no period) when flat. */
const MODE_OF_PRICE: Record<PriceKind, PeriodMode | undefined> = { valley: 'ForceCharge', peak: 'ForceDischarge', flat: undefined };

/** Schedule periods proposed from price periods, in time order. */
export function periodsFromPrices(prices: readonly PricePeriod[], limits: PeriodLimits): SchedulePeriod[] {
  return prices
    .flatMap(({ start, end, kind }) => {
      const mode = MODE_OF_PRICE[kind];
      return mode ? [{ start, end, mode, ...limits }] : [];
    })
    .sort((a, b) => minutesOfClock(a.start) - minutesOfClock(b.start));
}

/** An agile tariff's day: 48 slots of 30 minutes from local midnight (spec section 9). */
export const AGILE_SLOTS = (24 * 60) / AGILE_PRICE_SLOT_MINUTES;
export const agilePrices = z.array(priceSchema).length(AGILE_SLOTS, { error: 'validation.agileSlots' });

/** The clock time a slot starts at. */
export const slotClock = (slot: number) => {
  const minutes = (slot * AGILE_PRICE_SLOT_MINUTES) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** The cheapest slots (an earlier one first among equal prices), in time order. */
export function cheapestSlots(prices: readonly number[], count = AGILE_CHARGING_PERIODS): number[] {
  return prices
    .map((price, slot) => ({ price, slot }))
    .sort((a, b) => a.price - b.price || a.slot - b.slot)
    .slice(0, count)
    .map(({ slot }) => slot)
    .sort((a, b) => a - b);
}

/** The charging periods of an agile tariff: one force-charge period per cheapest slot. */
export function periodsFromAgile(prices: readonly number[], limits: PeriodLimits): SchedulePeriod[] {
  return cheapestSlots(prices).map((slot) => ({
    start: slotClock(slot),
    end: slotClock(slot + 1),
    mode: 'ForceCharge',
    ...limits,
  }));
}

/**
 * The import price of each local minute of the day (0-1439): the time-of-use period's price, or
 * `basePrice` outside every period; null where neither prices it.
 */
export function minutePrices(periods: readonly PricePeriod[], basePrice: number | null): (number | null)[] {
  const perMinute: (number | null)[] = Array.from({ length: 24 * 60 }, () => basePrice);
  for (const period of periods) {
    for (const [from, to] of rangesOf(period)) perMinute.fill(period.price, from, to);
  }
  return perMinute;
}

/**
 * The import price of each local hour (0-23): the mean over its minutes of the time-of-use period's
 * price, or `basePrice` outside every period, so a period from 07:30 prices half of 07:00-08:00.
 * Null for an hour with a minute that has no price (no period and no base price).
 */
export function hourlyPrices(periods: readonly PricePeriod[], basePrice: number | null): (number | null)[] {
  const perMinute = minutePrices(periods, basePrice);
  return Array.from({ length: 24 }, (_, hour) => {
    const minutes = perMinute.slice(hour * 60, hour * 60 + 60);
    if (minutes.some((price) => price === null)) return null;
    return (minutes as number[]).reduce((total, price) => total + price, 0) / 60;
  });
}
