import { hash32, uniform } from '../random.ts';
import { HOUR_MS, MINUTE_MS } from '../time.ts';
import type { SimulatedDeviceType } from './definition.ts';

/**
 * Fault and warning codes per device type, and a seeded schedule of when each device raises and
 * clears them. The schedule is a function of time (one draw per device and hour), so history and
 * live data agree and a restart replays the same faults.
 */

export interface FaultCode {
  code: number;
  name: string;
  severity: 'warning' | 'fault';
  /** The device stops working while it is raised. */
  stops: boolean;
  /** Mean time until it clears, minutes. */
  meanMinutes: number;
}

export const FAULT_CODES: Record<SimulatedDeviceType, FaultCode[]> = {
  inverter: [
    { code: 1001, name: 'Grid overvoltage', severity: 'fault', stops: true, meanMinutes: 12 },
    { code: 1002, name: 'Grid undervoltage', severity: 'fault', stops: true, meanMinutes: 8 },
    { code: 1003, name: 'Grid frequency out of range', severity: 'fault', stops: true, meanMinutes: 5 },
    { code: 1010, name: 'PV insulation resistance low', severity: 'fault', stops: true, meanMinutes: 90 },
    { code: 1020, name: 'Inverter over temperature', severity: 'warning', stops: false, meanMinutes: 40 },
    { code: 1030, name: 'Arc fault detected (AFCI)', severity: 'fault', stops: true, meanMinutes: 30 },
    { code: 1040, name: 'Fan fault', severity: 'warning', stops: false, meanMinutes: 120 },
  ],
  battery: [
    { code: 2001, name: 'Cell overvoltage', severity: 'warning', stops: false, meanMinutes: 15 },
    { code: 2002, name: 'Cell undervoltage', severity: 'warning', stops: false, meanMinutes: 20 },
    { code: 2010, name: 'Battery over temperature', severity: 'fault', stops: true, meanMinutes: 45 },
    { code: 2020, name: 'BMS communication lost', severity: 'fault', stops: true, meanMinutes: 10 },
  ],
  meter: [
    { code: 3001, name: 'Meter communication lost', severity: 'warning', stops: false, meanMinutes: 15 },
    { code: 3002, name: 'Meter phase sequence wrong', severity: 'warning', stops: false, meanMinutes: 60 },
  ],
  evCharger: [
    { code: 4001, name: 'Residual current device tripped', severity: 'fault', stops: true, meanMinutes: 30 },
    { code: 4002, name: 'Vehicle communication error', severity: 'warning', stops: true, meanMinutes: 10 },
    { code: 4003, name: 'Connector over temperature', severity: 'warning', stops: false, meanMinutes: 20 },
  ],
  heatPump: [
    { code: 5001, name: 'High refrigerant pressure', severity: 'fault', stops: true, meanMinutes: 30 },
    { code: 5002, name: 'Water flow too low', severity: 'fault', stops: true, meanMinutes: 20 },
    { code: 5003, name: 'Defrost cycle extended', severity: 'warning', stops: false, meanMinutes: 15 },
  ],
  ems: [
    { code: 6001, name: 'Inverter communication lost', severity: 'warning', stops: false, meanMinutes: 15 },
    { code: 6002, name: 'Control schedule rejected', severity: 'warning', stops: false, meanMinutes: 30 },
  ],
  gateway: [
    { code: 7001, name: 'Field bus timeout', severity: 'warning', stops: false, meanMinutes: 10 },
    { code: 7002, name: 'Gateway restarted', severity: 'warning', stops: false, meanMinutes: 3 },
  ],
};

export interface FaultEvent {
  ts: number;
  device: string;
  code: number;
  state: 'raised' | 'cleared';
}

interface Occurrence {
  fault: FaultCode;
  raisedAt: number;
  clearedAt: number;
}

/** Faults last at most this long, so an hour's draw only affects the next few hours. */
const LONGEST_MS = 6 * HOUR_MS;
const LOOKBACK_SLOTS = LONGEST_MS / HOUR_MS;

export class FaultSchedule {
  private readonly seed: number;
  private readonly codes: FaultCode[];
  private readonly chancePerHour: number;

  /** `ratePerDay`: expected faults per device per day (at most one starts in any hour). */
  constructor(
    seed: number,
    readonly device: string,
    type: SimulatedDeviceType,
    ratePerDay: number,
  ) {
    this.seed = hash32(seed, 41);
    this.codes = FAULT_CODES[type];
    this.chancePerHour = Math.min(1, Math.max(0, ratePerDay) / 24);
  }

  /** Faults raised at or before `ts` and not yet cleared. */
  active(ts: number): FaultCode[] {
    if (this.chancePerHour === 0) return [];
    const active: FaultCode[] = [];
    const last = Math.floor(ts / HOUR_MS);
    for (let slot = last - LOOKBACK_SLOTS; slot <= last; slot++) {
      const occurrence = this.occurrence(slot);
      if (occurrence && occurrence.raisedAt <= ts && ts < occurrence.clearedAt) active.push(occurrence.fault);
    }
    return active;
  }

  /** Raise and clear events with `from < ts ≤ to`, in time order. */
  eventsBetween(from: number, to: number): FaultEvent[] {
    if (this.chancePerHour === 0 || to <= from) return [];
    const events: FaultEvent[] = [];
    for (let slot = Math.floor(from / HOUR_MS) - LOOKBACK_SLOTS; slot <= Math.floor(to / HOUR_MS); slot++) {
      const occurrence = this.occurrence(slot);
      if (!occurrence) continue;
      const { code } = occurrence.fault;
      if (occurrence.raisedAt > from && occurrence.raisedAt <= to)
        events.push({ ts: occurrence.raisedAt, device: this.device, code, state: 'raised' });
      if (occurrence.clearedAt > from && occurrence.clearedAt <= to)
        events.push({ ts: occurrence.clearedAt, device: this.device, code, state: 'cleared' });
    }
    return events.sort((a, b) => a.ts - b.ts);
  }

  /** The fault that starts in this hour, if any; none if the same code is still raised from earlier. */
  private occurrence(slot: number, depth = 0): Occurrence | undefined {
    if (uniform(this.seed, slot) >= this.chancePerHour) return undefined;
    const fault = this.codes[Math.floor(uniform(this.seed, slot, 1) * this.codes.length)] as FaultCode;
    // Whole seconds, so replayed events carry identical timestamps.
    const raisedAt = slot * HOUR_MS + Math.floor(uniform(this.seed, slot, 2) * 3600) * 1000;
    const duration = Math.min(
      LONGEST_MS,
      Math.max(2 * MINUTE_MS, -Math.log(1 - uniform(this.seed, slot, 3)) * fault.meanMinutes * MINUTE_MS),
    );
    const clearedAt = raisedAt + Math.round(duration / 1000) * 1000;
    if (depth === 0) {
      for (let earlier = slot - LOOKBACK_SLOTS; earlier < slot; earlier++) {
        const previous = this.occurrence(earlier, 1);
        if (previous && previous.fault.code === fault.code && previous.clearedAt > raisedAt) return undefined;
      }
    }
    return { fault, raisedAt, clearedAt };
  }
}
