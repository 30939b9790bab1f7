import type { DeviceType } from '../contracts/device.ts';

/**
 * The fault-code catalogue: which codes each device type reports in its events (protocol.md,
 * `dl/{sn}/up/event`) and how serious each is. Names, causes and actions in the 12 languages are in
 * `messages/` (`faultText`). A code a device sends that is not here is still shown, as the raw code.
 *
 * Codes are unique across all types, by thousands: 1xxx inverter, 2xxx battery, 3xxx meter, 4xxx EV
 * charger, 5xxx heat pump, 6xxx EMS, 7xxx gateway. Published codes keep their meaning: add, never reuse.
 */

export const FAULT_SEVERITIES = ['warning', 'fault'] as const;
export type FaultSeverity = (typeof FAULT_SEVERITIES)[number];

export interface FaultDefinition {
  code: number;
  severity: FaultSeverity;
}

export const FAULT_CATALOGUE = {
  inverter: [
    { code: 1001, severity: 'fault' }, // grid overvoltage
    { code: 1002, severity: 'fault' }, // grid undervoltage
    { code: 1003, severity: 'fault' }, // grid frequency out of range
    { code: 1010, severity: 'fault' }, // PV insulation resistance low
    { code: 1011, severity: 'fault' }, // residual current (ground fault)
    { code: 1012, severity: 'fault' }, // PV input (DC) overvoltage
    { code: 1020, severity: 'warning' }, // inverter over temperature
    { code: 1030, severity: 'fault' }, // arc fault (AFCI)
    { code: 1040, severity: 'warning' }, // fan fault
    { code: 1050, severity: 'fault' }, // grid relay check failed
  ],
  battery: [
    { code: 2001, severity: 'warning' }, // cell overvoltage
    { code: 2002, severity: 'warning' }, // cell undervoltage
    { code: 2003, severity: 'warning' }, // SoC below minimum
    { code: 2004, severity: 'warning' }, // cell imbalance
    { code: 2010, severity: 'fault' }, // battery over temperature
    { code: 2011, severity: 'warning' }, // low temperature, charging inhibited
    { code: 2020, severity: 'fault' }, // BMS communication lost
    { code: 2030, severity: 'fault' }, // contactor fault
  ],
  meter: [
    { code: 3001, severity: 'warning' }, // meter communication lost
    { code: 3002, severity: 'warning' }, // phase sequence wrong
    { code: 3003, severity: 'warning' }, // CT direction reversed
    { code: 3004, severity: 'warning' }, // phase voltage missing
    { code: 3005, severity: 'warning' }, // meter configuration mismatch
  ],
  evCharger: [
    { code: 4001, severity: 'fault' }, // residual current device tripped
    { code: 4002, severity: 'warning' }, // vehicle communication error
    { code: 4003, severity: 'warning' }, // connector over temperature
    { code: 4004, severity: 'fault' }, // protective earth fault
    { code: 4005, severity: 'fault' }, // contactor welded
    { code: 4006, severity: 'warning' }, // charging cable (proximity) error
  ],
  heatPump: [
    { code: 5001, severity: 'fault' }, // high refrigerant pressure
    { code: 5002, severity: 'fault' }, // water flow too low
    { code: 5003, severity: 'warning' }, // defrost cycle extended
    { code: 5004, severity: 'fault' }, // low refrigerant pressure
    { code: 5005, severity: 'fault' }, // compressor drive fault
    { code: 5006, severity: 'warning' }, // outdoor temperature sensor fault
  ],
  ems: [
    { code: 6001, severity: 'warning' }, // inverter communication lost
    { code: 6002, severity: 'warning' }, // control schedule rejected
    { code: 6003, severity: 'warning' }, // grid meter data missing
    { code: 6004, severity: 'warning' }, // export limit exceeded
    { code: 6005, severity: 'warning' }, // battery communication lost
  ],
  gateway: [
    { code: 7001, severity: 'warning' }, // field bus timeout
    { code: 7002, severity: 'warning' }, // gateway restarted
    { code: 7003, severity: 'warning' }, // cloud connection unstable
    { code: 7004, severity: 'warning' }, // local storage almost full
    { code: 7005, severity: 'warning' }, // clock not synchronised
    { code: 7006, severity: 'warning' }, // firmware update failed
  ],
  module: [],
} as const satisfies Record<DeviceType, readonly FaultDefinition[]>;

/** The codes of one device type, as a type (the simulator raises only these). */
export type DeviceFaultCode<T extends DeviceType> = (typeof FAULT_CATALOGUE)[T][number]['code'];
/** Every code of the catalogue, as a type. */
export type FaultCodeNumber = DeviceFaultCode<DeviceType>;

export interface CataloguedFault extends FaultDefinition {
  deviceType: DeviceType;
}

const BY_CODE: ReadonlyMap<number, CataloguedFault> = new Map(
  (Object.entries(FAULT_CATALOGUE) as [DeviceType, readonly FaultDefinition[]][]).flatMap(([deviceType, faults]) =>
    faults.map((fault) => [fault.code, { code: fault.code, severity: fault.severity, deviceType }] as const),
  ),
);

/** The catalogue's entry for a code, with its device type; undefined for a code it does not know. */
export function faultOf(code: number): CataloguedFault | undefined {
  return BY_CODE.get(code);
}
