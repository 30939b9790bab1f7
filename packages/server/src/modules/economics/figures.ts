import {
  CO2_KG_PER_KWH,
  CO2_KG_PER_TREE,
  type EconomicsFigures,
  hourlyPrices,
  offsetAt,
  type PlantEconomics,
  type PricePeriod,
} from '@sunstack/shared';
import type { Energy } from '../telemetry/energy.ts';

/** A plant's hour of energy, as the plant's 1-hour rollup rows hold it. */
export interface HourRow {
  start: number;
  energy: Energy;
}

export interface Prices {
  feedInTariff: number | null;
  importPrice: number | null;
  pricePeriods: readonly PricePeriod[];
}

/** The local wall clock of an instant in `timeZone`, as a UTC date (its UTC fields are the local ones). */
export const wallClockOf = (ts: number, timeZone: string) => new Date(ts + offsetAt(timeZone, ts));
/** A local hour's label, as the energy report labels it: '2026-03-29T02:00'. */
export const hourKeyOf = (ts: number, timeZone: string) => `${wallClockOf(ts, timeZone).toISOString().slice(0, 13)}:00`;

// Rounding hides float noise: energy to watt-hours (as the energy reports), money to a hundredth of a cent.
const kwh = (value: number) => Math.round(value * 1000) / 1000;
const cash = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);

type Sums = Omit<EconomicsFigures, 'exportRevenue' | 'savings'> & { generation: number; exportRevenue: number; savings: number };
const zero = (): Sums => ({ pv: 0, generation: 0, feedin: 0, gridConsumption: 0, loads: 0, selfSupplied: 0, exportRevenue: 0, savings: 0 });

/**
 * Money and self-sufficiency from a plant's hour rows, per bucket (`keys` in order, `keyOf` a row's
 * bucket) and in all. Each hour's export earns the feed-in tariff; each hour's load covered without
 * the grid (load minus import) saves that local hour's import price. A figure without its price is
 * null: no feed-in tariff, or an hour of the day that neither the import price nor a period prices.
 */
export function economicsOf(
  rows: readonly HourRow[],
  prices: Prices,
  timeZone: string,
  keys: readonly string[],
  keyOf: (start: number) => string,
): Pick<PlantEconomics, 'buckets' | 'total' | 'factors'> {
  const hourPrice = hourlyPrices(prices.pricePeriods, prices.importPrice);
  const tariff = prices.feedInTariff;
  const priced = hourPrice.every((price) => price !== null);
  const buckets = new Map(keys.map((key) => [key, zero()]));
  const total = zero();
  for (const { start, energy } of rows) {
    const bucket = buckets.get(keyOf(start));
    if (!bucket) continue;
    const loads = energy.loadsTotal ?? 0;
    const gridConsumption = energy.gridConsumptionTotal ?? 0;
    const feedin = energy.feedinTotal ?? 0;
    const selfSupplied = Math.max(0, loads - gridConsumption);
    const hour: Sums = {
      pv: energy.PVEnergyTotal ?? 0,
      generation: energy.generationTotal ?? 0,
      feedin,
      gridConsumption,
      loads,
      selfSupplied,
      exportRevenue: feedin * (tariff ?? 0),
      savings: selfSupplied * (hourPrice[wallClockOf(start, timeZone).getUTCHours()] ?? 0),
    };
    for (const sums of [bucket, total]) for (const name of Object.keys(hour) as (keyof Sums)[]) sums[name] += hour[name];
  }
  const present = (sums: Sums): EconomicsFigures => ({
    pv: kwh(sums.pv),
    feedin: kwh(sums.feedin),
    gridConsumption: kwh(sums.gridConsumption),
    loads: kwh(sums.loads),
    selfSupplied: kwh(sums.selfSupplied),
    exportRevenue: tariff === null ? null : cash(sums.exportRevenue),
    savings: priced ? cash(sums.savings) : null,
  });
  // Production is the inverters' AC output where they count it, else their PV yield.
  const produced = total.generation > 0 ? total.generation : total.pv;
  const selfUsed = Math.max(0, produced - total.feedin);
  const co2AvoidedKg = total.pv * CO2_KG_PER_KWH;
  return {
    buckets: [...buckets].map(([key, sums]) => ({ key, ...present(sums) })),
    total: {
      ...present(total),
      produced: kwh(produced),
      selfUsed: kwh(selfUsed),
      selfConsumptionRatio: produced > 0 ? Math.min(1, selfUsed / produced) : null,
      autarkyRatio: total.loads > 0 ? Math.min(1, total.selfSupplied / total.loads) : null,
      co2AvoidedKg: Math.round(co2AvoidedKg * 100) / 100,
      trees: Math.round((co2AvoidedKg / CO2_KG_PER_TREE) * 100) / 100,
    },
    factors: { co2KgPerKwh: CO2_KG_PER_KWH, co2KgPerTree: CO2_KG_PER_TREE },
  };
}
