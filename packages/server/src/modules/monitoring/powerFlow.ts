import type { Vars } from '../telemetry/energy.ts';

export interface DeviceValues {
  type: string;
  vars: Vars;
}

export interface PlantPowers {
  pv: number;
  load: number;
  /** Positive when importing from the grid. */
  grid: number;
  /** Positive when charging; null without a battery. */
  battery: number | null;
  soc: number | null;
  evCharger: number | null;
  heatPump: number | null;
}

const sum = (values: (number | undefined)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

/**
 * A plant's power flow from its devices' values (kW). Inverters measure PV, load, grid (their
 * CT) and battery power; a meter, where there is one, is the grid connection point and wins.
 */
export function plantPowers(devices: DeviceValues[]): PlantPowers {
  const of = (type: string) => devices.filter((d) => d.type === type).map((d) => d.vars);
  const inverters = of('inverter');
  const meters = of('meter');
  const batteries = of('battery');
  const chargers = of('evCharger');
  const heatPumps = of('heatPump');
  const hasBattery = batteries.length > 0 || inverters.some((v) => v.batChargePower !== undefined || v.batDischargePower !== undefined);
  const socs = batteries.map((v) => v.SoC).filter((v): v is number => v !== undefined);
  const meterGrid = meters.map((v) => v.meterPower).filter((v): v is number => v !== undefined);
  return {
    pv: sum(inverters.map((v) => v.pvPower)),
    load: sum(inverters.map((v) => v.loadsPower)),
    grid: meterGrid.length > 0 ? sum(meterGrid) : sum(inverters.map((v) => (v.gridConsumptionPower ?? 0) - (v.feedinPower ?? 0))),
    battery: hasBattery ? sum(inverters.map((v) => (v.batChargePower ?? 0) - (v.batDischargePower ?? 0))) : null,
    soc: socs.length > 0 ? sum(socs) / socs.length : null,
    evCharger: chargers.length > 0 ? sum(chargers.map((v) => v.chargePower)) : null,
    heatPump: heatPumps.length > 0 ? sum(heatPumps.map((v) => v.hpPower)) : null,
  };
}
