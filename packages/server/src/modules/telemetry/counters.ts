import type { EnergyCounter } from '@sunstack/shared';

/** The rollup column of each energy counter: plain numbers add up far faster than JSON. */
export const COUNTER_COLUMNS: Record<EnergyCounter, string> = {
  PVEnergyTotal: 'pv',
  generationTotal: 'generation',
  feedinTotal: 'feedin',
  gridConsumptionTotal: 'grid_consumption',
  loadsTotal: 'loads',
  chargeEnergyTotal: 'charge',
  dischargeEnergyTotal: 'discharge',
};
