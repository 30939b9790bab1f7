import type { EnergyCounter } from '@sunstack/shared';
import { MINUTE_MS } from '../time.ts';
import { type PlantDefinition, systemSizeKw } from './definition.ts';
import { PlantModel } from './plantModel.ts';

/** A plant's simulated energy over one calendar year (UTC), from its counters. */

export interface YieldSummary {
  kwp: number;
  /** kWh per kWp. */
  specificYield: number;
  totals: Record<EnergyCounter, number>;
}

export function annualYield(plant: PlantDefinition, year: number, options: { stepMinutes?: number; seed?: number } = {}): YieldSummary {
  const stepMs = (options.stepMinutes ?? 15) * MINUTE_MS;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const model = new PlantModel(plant, { startTs: start, seed: options.seed });
  const before = model.snapshot().counters;
  for (let ts = start + stepMs; ts <= end; ts += stepMs) model.step(ts);
  const after = model.snapshot().counters;
  const totals = {
    PVEnergyTotal: 0,
    generationTotal: 0,
    feedinTotal: 0,
    gridConsumptionTotal: 0,
    loadsTotal: 0,
    chargeEnergyTotal: 0,
    dischargeEnergyTotal: 0,
  } satisfies Record<EnergyCounter, number>;
  for (const [sn, counters] of Object.entries(after)) {
    for (const name of Object.keys(totals) as EnergyCounter[]) totals[name] += (counters[name] ?? 0) - (before[sn]?.[name] ?? 0);
  }
  const kwp = systemSizeKw(plant);
  return { kwp, specificYield: totals.PVEnergyTotal / kwp, totals };
}
