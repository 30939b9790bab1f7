import type { Climate, EmsSettings, MeterSettings, PLANT_TYPES, PlantSettings } from '@sunstack/shared';
import type { BatterySpec } from '../physics/battery.ts';
import type { EvChargerUsage } from '../physics/evCharger.ts';
import type { LoadProfile } from '../physics/load.ts';
import { type PvString, stringPeakKw } from '../physics/pv.ts';
import type { InverterFeatures } from './settings.ts';

/** What a simulated plant is made of: place, climate, devices and their wiring, consumers. */

export type SimulatedDeviceType = 'inverter' | 'battery' | 'meter' | 'evCharger' | 'heatPump' | 'ems' | 'gateway';

/** Firmware versions as the inventory reports them. */
export interface Firmware {
  master?: string;
  slave?: string;
  manager?: string;
  afci?: string;
}

interface DeviceDefinition {
  sn: string;
  model: string;
  fw: Firmware;
}

export interface InverterDefinition extends DeviceDefinition {
  /** AC rating, kW: output is clipped here. */
  ratedPowerKw: number;
  phases: 1 | 3;
  /** MPPT inputs pv1…pv4. */
  strings: PvString[];
}

export interface BatteryDefinition extends DeviceDefinition, BatterySpec {}

export interface MeterDefinition extends DeviceDefinition {
  phases: 1 | 3;
  /** Ratio of the current transformers installed: the meter measures true values while its `CtRatio` setting is this. */
  ctRatio: number;
}

export interface EvChargerDefinition extends DeviceDefinition {
  ratedPowerKw: number;
  usage: EvChargerUsage;
}

export interface HeatPumpDefinition extends DeviceDefinition {
  /** Rated heating output, kW (thermal); the electric input is this over the COP. */
  ratedPowerKw: number;
  /** Building heat loss per kelvin, kW/K. */
  heatLossKwPerK: number;
}

/**
 * An EMS (at most one a plant: it manages the plant's other devices and reports the site's flows as it sees
 * them) or a gateway (the plant's devices on its field bus, and its link's signal).
 */
export interface AuxiliaryDefinition extends DeviceDefinition {
  type: 'ems' | 'gateway';
}

export interface PlantDefinition {
  name: string;
  type: Extract<(typeof PLANT_TYPES)[number], 'residential' | 'commercial'>;
  /** ISO 3166-1 alpha-2. */
  country: string;
  city: string;
  latitude: number;
  longitude: number;
  /** IANA zone: loads and schedules run in local time. */
  timeZone: string;
  /** First day of operation (YYYY-MM-DD): lifetime counters start here. */
  commissioned: string;
  climate: Climate;
  grid: { volt: number; hz: number };
  datalogger: { sn: string; model: string; fw: string };
  /**
   * The first inverter measures the grid connection (through the meter, or its own current sensor
   * where there is no meter device): it reports feed-in, grid consumption and loads. With a
   * battery it is the hybrid inverter the battery hangs on.
   */
  inverters: InverterDefinition[];
  battery?: BatteryDefinition;
  meter?: MeterDefinition;
  evCharger?: EvChargerDefinition;
  heatPump?: HeatPumpDefinition;
  auxiliaries?: AuxiliaryDefinition[];
  load: LoadProfile;
  /** Settings at first start; the rest are defaults (`defaultSettings`). */
  settings?: Partial<PlantSettings>;
}

export function systemSizeKw(plant: PlantDefinition): number {
  const total = plant.inverters.reduce((sum, inverter) => sum + inverter.strings.reduce((kw, pv) => kw + stringPeakKw(pv), 0), 0);
  return Math.round(total * 1000) / 1000;
}

export function defaultSettings(plant: PlantDefinition): PlantSettings {
  const ratedAc = plant.inverters.reduce((sum, inverter) => sum + inverter.ratedPowerKw, 0);
  return {
    WorkMode: 'SelfUse',
    MinSoc: 10,
    OffGridMinSoc: 10,
    MaxSoc: 100,
    ExportLimit: ratedAc,
    ForceChargePower: plant.battery?.maxChargeKw ?? 0,
    ForceDischargePower: plant.battery?.maxDischargeKw ?? 0,
    SchedulePeriods: [],
    // Peak shaving (where offered): import held under half the inverters' rating, half the battery kept for it.
    PeakShavingImportLimit: Math.round(ratedAc * 5) / 10,
    PeakShavingSoc: 50,
    ...plant.settings,
  };
}

/** What a plant's inverter offers: a battery's settings with one, peak shaving on a three-phase hybrid. */
export function inverterFeatures(plant: PlantDefinition): InverterFeatures {
  const battery = plant.battery !== undefined;
  return { battery, peakShaving: battery && plant.inverters[0]?.phases === 3 };
}

/** The devices an EMS can manage, in the order of its bus addresses: inverters, battery, meter, EV charger, heat pump. */
export function manageableDevices(plant: PlantDefinition): DeviceMetadata[] {
  return devicesOf(plant).filter((device) => device.type !== 'ems' && device.type !== 'gateway');
}

/** A meter's settings at first start: set to the transformers installed, mounted the right way round. */
export function defaultMeterSettings(meter: MeterDefinition): MeterSettings {
  return { CtRatio: meter.ctRatio, CtDirection: 'Forward' };
}

/** An EMS's settings at first start: it manages every device of its plant. */
export function defaultEmsSettings(plant: PlantDefinition): EmsSettings {
  return { DeviceCount: manageableDevices(plant).length };
}

/** A device as the inventory message and the platform's device records describe it. */
export interface DeviceMetadata {
  sn: string;
  type: SimulatedDeviceType;
  model: string;
  /** kW: AC rating of inverters and chargers, largest power of batteries, heating output of heat pumps; none for meters, EMS, gateways. */
  ratedPower?: number;
  fw: Firmware;
}

export function devicesOf(plant: PlantDefinition): DeviceMetadata[] {
  const devices: DeviceMetadata[] = plant.inverters.map((inverter) => ({
    sn: inverter.sn,
    type: 'inverter',
    model: inverter.model,
    ratedPower: inverter.ratedPowerKw,
    fw: inverter.fw,
  }));
  const { battery, meter, evCharger, heatPump, auxiliaries = [] } = plant;
  if (battery)
    devices.push({
      sn: battery.sn,
      type: 'battery',
      model: battery.model,
      ratedPower: Math.max(battery.maxChargeKw, battery.maxDischargeKw),
      fw: battery.fw,
    });
  if (meter) devices.push({ sn: meter.sn, type: 'meter', model: meter.model, fw: meter.fw });
  if (evCharger)
    devices.push({ sn: evCharger.sn, type: 'evCharger', model: evCharger.model, ratedPower: evCharger.ratedPowerKw, fw: evCharger.fw });
  if (heatPump)
    devices.push({ sn: heatPump.sn, type: 'heatPump', model: heatPump.model, ratedPower: heatPump.ratedPowerKw, fw: heatPump.fw });
  for (const auxiliary of auxiliaries) devices.push({ sn: auxiliary.sn, type: auxiliary.type, model: auxiliary.model, fw: auxiliary.fw });
  return devices;
}

/** What the platform's demo seed needs to create the same plant. */
export interface PlantMetadata {
  name: string;
  type: PlantDefinition['type'];
  country: string;
  city: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** PV peak power, kWp (the plant field `systemSizeKw`). */
  systemSizeKw: number;
  /** How its largest PV string's modules lie (the plant fields `panelTilt`, `panelAzimuth`). */
  panelTilt: number;
  panelAzimuth: number;
  commissionedOn: string;
  batteryCapacityKwh: number | null;
  dataloggerSn: string;
  devices: DeviceMetadata[];
}

export function plantMetadata(plant: PlantDefinition): PlantMetadata {
  const strings = plant.inverters.flatMap((inverter) => inverter.strings);
  const largest = strings.reduce((a, b) => (stringPeakKw(b) > stringPeakKw(a) ? b : a));
  return {
    name: plant.name,
    type: plant.type,
    country: plant.country,
    city: plant.city,
    latitude: plant.latitude,
    longitude: plant.longitude,
    timeZone: plant.timeZone,
    systemSizeKw: systemSizeKw(plant),
    panelTilt: largest.tilt,
    panelAzimuth: largest.azimuth,
    commissionedOn: plant.commissioned,
    batteryCapacityKwh: plant.battery?.capacityKwh ?? null,
    dataloggerSn: plant.datalogger.sn,
    devices: devicesOf(plant),
  };
}
