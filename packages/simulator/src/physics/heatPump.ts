import type { LocalTime } from '../time.ts';

/**
 * An air-to-water heat pump driven by the outdoor temperature: the house loses heat in proportion
 * to the difference to indoors, the heating curve sets the flow temperature, and the COP follows
 * from the lift (a fraction of the Carnot efficiency). Below its minimum modulation it cycles on
 * and off. Domestic hot water is heated twice a day at a higher flow temperature.
 */

export interface HeatPumpNow {
  hpPower: number;
  flowTemp: number;
  returnTemp: number;
  cop: number;
}

/** No space heating above this outdoor temperature. */
const HEATING_LIMIT = 16;
const MIN_MODULATION = 0.3;
const CYCLE_MS = 20 * 60_000;
/** Hot water: a heat-up of 45 minutes at these local hours. */
const HOT_WATER_HOURS = [6, 19];
const HOT_WATER_KW = 3;
const STANDBY_KW = 0.01;

export class HeatPumpModel {
  constructor(
    /** Rated heating output, kW (thermal). */
    private readonly ratedHeatKw: number,
    /** Heat loss of the building per kelvin between inside and outside, kW/K. */
    private readonly heatLossKwPerK: number,
  ) {}

  at(ts: number, local: LocalTime, airTemperature: number): HeatPumpNow {
    const hotWater = HOT_WATER_HOURS.some((start) => local.hour >= start && local.hour < start + 0.75);
    const flowTemp = hotWater ? 55 : Math.min(55, Math.max(28, 30 + 0.8 * (20 - airTemperature)));
    const cop = Math.min(5.5, Math.max(1.5, (0.45 * (flowTemp + 273.15)) / (flowTemp - airTemperature + 5)));
    const heatDemand = hotWater ? HOT_WATER_KW : this.heatLossKwPerK * Math.max(0, HEATING_LIMIT - airTemperature);
    const maxHeat = this.ratedHeatKw;
    const minHeat = maxHeat * MIN_MODULATION;

    let heat = Math.min(heatDemand, maxHeat);
    if (heat > 0 && heat < minHeat) {
      // Cycling: run at minimum modulation for the share of each cycle that meets the demand.
      const phase = (ts % CYCLE_MS) / CYCLE_MS;
      heat = phase < heat / minHeat ? minHeat : 0;
    }
    if (heat <= 0) {
      const idle = Math.max(airTemperature, 20) + 2;
      return { hpPower: STANDBY_KW, flowTemp: idle, returnTemp: idle - 0.5, cop: 0 };
    }
    const spread = 2 + 5 * (heat / maxHeat);
    return { hpPower: heat / cop, flowTemp, returnTemp: flowTemp - spread, cop };
  }
}
