/**
 * The simulated fleet (issue 4): plants whose devices speak the datalogger protocol over MQTT,
 * with the physics behind their numbers. See packages/simulator/README.md. Entry points: runFleet
 * (the demo), runLoad (benchmarks), DEMO_FLEET_METADATA (the demo seed), the pure models.
 */

export { CommandProcessor, type CommandTarget, FIRMWARE_TARGETS, LOG_KINDS } from './device/commands.ts';
export {
  closeGracefully,
  type DataloggerOptions,
  type DataloggerStats,
  SimulatedDatalogger,
  type SimulatorLog,
} from './device/datalogger.ts';
export { type DataloggerState, fileStateStore, memoryStateStore, type StateStore } from './device/stateStore.ts';
export { applyBatteryPower, type BatterySpec } from './physics/battery.ts';
export { type BurnInFault, type BurnInOptions, type BurnInReport, burnInRack } from './physics/burnIn.ts';
export { CONNECTOR_STATE, EvChargerModel } from './physics/evCharger.ts';
export { HeatPumpModel } from './physics/heatPump.ts';
export { datasheetOf, IV_FAULTS, type IvFault, type IvFaults, type IvScanResult, ivScanOf, layoutOf } from './physics/ivFaults.ts';
export { LoadModel, type LoadProfile } from './physics/load.ts';
export { type PvString, stringOutput } from './physics/pv.ts';
export { Weather } from './physics/weather.ts';
export {
  type AuxiliaryDefinition,
  type DeviceMetadata,
  defaultSettings,
  devicesOf,
  type Firmware,
  type PlantDefinition,
  type PlantMetadata,
  plantMetadata,
  type SimulatedDeviceType,
  systemSizeKw,
} from './plant/definition.ts';
export { dispatch, INVERTER_EFFICIENCY } from './plant/dispatch.ts';
export { FAULT_CODES, type FaultCode, type FaultEvent, FaultSchedule } from './plant/faults.ts';
export { DEMO_FLEET, DEMO_FLEET_METADATA, dataloggerSnOf, definePlant, deviceSn, withDatalogger } from './plant/fleet.ts';
export { type PlantFlows, PlantModel, type PlantSnapshot, RUNNING_STATE, type Sample, type StepResult } from './plant/plantModel.ts';
export { annualYield, type YieldSummary } from './plant/yield.ts';
export { FLEET_DEFAULTS, type FleetHandle, type FleetOptions, runFleet } from './run/runFleet.ts';
export { type LoadHandle, type LoadOptions, type LoadReport, runLoad } from './run/runLoad.ts';
export { localTime } from './time.ts';
