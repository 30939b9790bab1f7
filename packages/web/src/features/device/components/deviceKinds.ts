import type { DeviceType } from '@sunstack/shared';

/**
 * The device screens and the kind each lists: all kinds on the console's and the integrator's
 * device lists, one kind on each of the others (spec section 2 and 3).
 */
export const KIND_OF_SCREEN: Record<string, DeviceType | undefined> = {
  device: undefined,
  'integrator-device-list': undefined,
  'integrator-inverter': 'inverter',
  'device-inverter': 'inverter',
  'device-battery': 'battery',
  'device-meter': 'meter',
  'device-ev-charger': 'evCharger',
  'device-heat-pump': 'heatPump',
  'device-ems': 'ems',
  'device-gateway': 'gateway',
};

/** The label of the SN column: the spec names inverter, battery, charging pile and heat pump SNs. */
export const SN_LABEL: Partial<Record<DeviceType, string>> = {
  inverter: 'device.inverterSn',
  battery: 'device.batterySn',
  evCharger: 'device.pileSn',
  heatPump: 'device.heatPumpSn',
};

/** The kinds with a view of their own (`?sn=` on their list's route); other devices open the device detail. */
export const VIEW_OF_KIND: Partial<Record<DeviceType, string>> = {
  battery: 'device-battery',
  meter: 'device-meter',
  ems: 'device-ems',
};
