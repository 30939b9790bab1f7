/**
 * What FoxESS lists among an inverter's real-time values about its battery, from what Sunstack devices
 * report: the battery's own values (SoC, SOH, batVolt, batCurrent, batTemperature, ResidualEnergy) under
 * their names, and FoxESS's inverter-side names derived from them. foxesscloud's get_battery asks for these
 * by name and reads the answers by position, so an inverter with a battery lists every one of them.
 */

type Values = Record<string, number>;

/** FoxESS's units of the names below (the others are Sunstack's own variables). */
export const FOX_BATTERY_UNITS: Record<string, string> = {
  invBatVolt: 'V',
  invBatCurrent: 'A',
  invBatPower: 'kW',
  energyThroughput: 'kWh',
  maxChargeCurrent: 'A',
  maxDischargeCurrent: 'A',
};

/** Names FoxESS lists that no Sunstack device reports (the BMS's current limits): listed, without a value. */
export const UNREPORTED_BATTERY_VARIABLES = ['maxChargeCurrent', 'maxDischargeCurrent'] as const;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** An inverter is its battery's hybrid when it reports the battery's power. */
export const isHybrid = (inverter: Values) => 'batChargePower' in inverter || 'batDischargePower' in inverter;

/**
 * The battery's values and FoxESS's inverter-side ones: the battery's voltage, its current and power with
 * FoxESS's sign (negative while charging), and the energy it has discharged over its life (the hybrid's counter).
 */
export function foxBatteryValues(inverter: Values, battery: Values): Values {
  const values: Values = { ...battery };
  if (battery.batVolt !== undefined) values.invBatVolt = battery.batVolt;
  if (battery.batCurrent !== undefined) values.invBatCurrent = round3(-battery.batCurrent);
  values.invBatPower = round3((inverter.batDischargePower ?? 0) - (inverter.batChargePower ?? 0));
  if (inverter.dischargeEnergyTotal !== undefined) values.energyThroughput = inverter.dischargeEnergyTotal;
  return values;
}

/**
 * A battery's design capacity, Wh (FoxESS's batteryList capacity), from its own report: the energy left over
 * the charge it holds, over its health. Unknown while nearly empty (too little to divide by) or unreported.
 */
export function designCapacityWh(battery: Values): number | undefined {
  const { SoC, SOH, ResidualEnergy } = battery;
  if (SoC === undefined || ResidualEnergy === undefined || SoC < 5) return undefined;
  const health = SOH !== undefined && SOH > 0 ? SOH / 100 : 1;
  return Math.round((ResidualEnergy / (SoC / 100) / health) * 100) * 10;
}
