import { describe, expect, it } from 'vitest';
import { schedulePeriods } from './settings.ts';
import { AGILE_SLOTS, agilePrices, cheapestSlots, hourlyPrices, periodsFromAgile, periodsFromPrices, pricePeriods } from './tariff.ts';

const limits = { minSocOnGrid: 20, fdSoc: 30, fdPwr: 3000, maxSoc: 95 };
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('price periods and agile tariffs', () => {
  it('turn valley prices into force charge and peak prices into force discharge, flat into nothing, in time order', () => {
    const prices = [
      { start: '17:00', end: '21:00', kind: 'peak' as const, price: 0.42 },
      { start: '07:00', end: '17:00', kind: 'flat' as const, price: 0.28 },
      { start: '23:00', end: '06:00', kind: 'valley' as const, price: 0.12 },
    ];
    expect(pricePeriods.safeParse(prices).success).toBe(true);
    const proposed = periodsFromPrices(prices, limits);
    expect(proposed).toEqual([
      { start: '17:00', end: '21:00', mode: 'ForceDischarge', ...limits },
      { start: '23:00', end: '06:00', mode: 'ForceCharge', ...limits },
    ]);
    expect(schedulePeriods.safeParse(proposed).success).toBe(true);
  });

  it('refuse overlapping, short and too many price periods with their rule', () => {
    const period = (start: string, end: string) => ({ start, end, kind: 'flat', price: 0.2 });
    expect(messages(pricePeriods.safeParse([period('01:00', '04:00'), period('03:00', '05:00')]))).toContain('validation.periodsOverlap');
    expect(messages(pricePeriods.safeParse([period('01:00', '01:10')]))).toContain('validation.periodTooShort');
    const nine = Array.from({ length: 9 }, (_, i) =>
      period(`${String(i * 2).padStart(2, '0')}:00`, `${String(i * 2 + 1).padStart(2, '0')}:00`),
    );
    expect(messages(pricePeriods.safeParse(nine))).toContain('validation.periodsMax');
    expect(messages(pricePeriods.safeParse([{ ...period('01:00', '04:00'), price: 1000 }]))).toContain('validation.priceRange');
  });

  it('choose the 4 cheapest 30-minute slots of an agile day as charging periods (earlier first among equal prices)', () => {
    const prices = Array.from({ length: AGILE_SLOTS }, (_, slot) => 0.3 + (slot % 7) / 100);
    prices[5] = 0.05; // 02:30
    prices[6] = 0.05; // 03:00
    prices[27] = -0.02; // 13:30, a negative price
    prices[47] = 0.1; // 23:30
    prices[10] = 0.1; // 05:00, as cheap as 23:30 and earlier
    expect(agilePrices.safeParse(prices).success).toBe(true);
    expect(cheapestSlots(prices)).toEqual([5, 6, 10, 27]);
    const periods = periodsFromAgile(prices, limits);
    expect(periods.map(({ start, end, mode }) => [start, end, mode])).toEqual([
      ['02:30', '03:00', 'ForceCharge'],
      ['03:00', '03:30', 'ForceCharge'],
      ['05:00', '05:30', 'ForceCharge'],
      ['13:30', '14:00', 'ForceCharge'],
    ]);
    expect(schedulePeriods.safeParse(periods).success).toBe(true);
    expect(messages(agilePrices.safeParse(prices.slice(1)))).toContain('validation.agileSlots');
  });

  it('a schedule period names its own broken rule: FDSoC below the minimum SoC, power not a whole number of 0-6000 W, overlap', () => {
    const period = { start: '02:00', end: '05:00', mode: 'ForceCharge', ...limits };
    expect(messages(schedulePeriods.safeParse([{ ...period, fdSoc: 10 }]))).toEqual(['validation.fdSocBelowMin']);
    expect(messages(schedulePeriods.safeParse([{ ...period, fdPwr: 100.5 }]))).toEqual(['validation.periodPowerRange']);
    expect(messages(schedulePeriods.safeParse([{ ...period, fdPwr: 6001 }]))).toEqual(['validation.periodPowerRange']);
    const overlap = schedulePeriods.safeParse([period, { ...period, start: '04:30', end: '06:00' }]);
    expect(overlap.error?.issues.map((issue) => [issue.message, issue.path])).toEqual([['validation.periodsOverlap', [1, 'start']]]);
  });

  it('price each local hour by the minutes of its periods, the base price elsewhere, none where a minute has no price', () => {
    const periods = [
      { start: '22:30', end: '06:00', kind: 'valley' as const, price: 0.1 },
      { start: '17:00', end: '20:00', kind: 'peak' as const, price: 0.4 },
    ];
    const prices = hourlyPrices(periods, 0.3);
    expect(prices[0]).toBeCloseTo(0.1, 9);
    expect(prices[6]).toBeCloseTo(0.3, 9);
    expect(prices[17]).toBeCloseTo(0.4, 9);
    // Half of 22:00-23:00 at the base price, half in the valley.
    expect(prices[22]).toBeCloseTo(0.2, 9);
    expect(hourlyPrices(periods, null)[12]).toBeNull();
    expect(hourlyPrices(periods, null)[1]).toBeCloseTo(0.1, 9);
    expect(hourlyPrices([], null).every((price) => price === null)).toBe(true);
  });
});
