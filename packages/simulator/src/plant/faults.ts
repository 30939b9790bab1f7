import { type DeviceFaultCode, type FaultSeverity, faultOf } from '@sunstack/shared';
import { hash32, uniform } from '../random.ts';
import { HOUR_MS, MINUTE_MS } from '../time.ts';
import type { SimulatedDeviceType } from './definition.ts';

/**
 * Which fault codes each device type raises, how they behave in the simulation, and a seeded
 * schedule of when each device raises and clears them. The schedule is a function of time (one draw
 * per device and hour), so history and live data agree and a restart replays the same faults.
 *
 * Codes and severities come from the shared fault catalogue (`FAULT_CATALOGUE`; names, causes and
 * actions through `faultText`); only the simulation's part is kept here.
 */

/** A catalogue fault as the simulator raises it. */
export interface FaultCode {
  code: number;
  /** From the shared catalogue. */
  severity: FaultSeverity;
  /** The device stops working while it is raised. */
  stops: boolean;
  /** Mean time until it clears, minutes. */
  meanMinutes: number;
}

interface SimulatedFault<T extends SimulatedDeviceType> {
  code: DeviceFaultCode<T>;
  stops: boolean;
  meanMinutes: number;
}

/** What each type raises; the order matters (the schedule draws an index), so append only. */
const SIMULATED_FAULTS: { [T in SimulatedDeviceType]: SimulatedFault<T>[] } = {
  inverter: [
    { code: 1001, stops: true, meanMinutes: 12 },
    { code: 1002, stops: true, meanMinutes: 8 },
    { code: 1003, stops: true, meanMinutes: 5 },
    { code: 1010, stops: true, meanMinutes: 90 },
    { code: 1020, stops: false, meanMinutes: 40 },
    { code: 1030, stops: true, meanMinutes: 30 },
    { code: 1040, stops: false, meanMinutes: 120 },
  ],
  battery: [
    { code: 2001, stops: false, meanMinutes: 15 },
    { code: 2002, stops: false, meanMinutes: 20 },
    { code: 2010, stops: true, meanMinutes: 45 },
    { code: 2020, stops: true, meanMinutes: 10 },
  ],
  meter: [
    { code: 3001, stops: false, meanMinutes: 15 },
    { code: 3002, stops: false, meanMinutes: 60 },
  ],
  evCharger: [
    { code: 4001, stops: true, meanMinutes: 30 },
    { code: 4002, stops: true, meanMinutes: 10 },
    { code: 4003, stops: false, meanMinutes: 20 },
  ],
  heatPump: [
    { code: 5001, stops: true, meanMinutes: 30 },
    { code: 5002, stops: true, meanMinutes: 20 },
    { code: 5003, stops: false, meanMinutes: 15 },
  ],
  ems: [
    { code: 6001, stops: false, meanMinutes: 15 },
    { code: 6002, stops: false, meanMinutes: 30 },
  ],
  gateway: [
    { code: 7001, stops: false, meanMinutes: 10 },
    { code: 7002, stops: false, meanMinutes: 3 },
  ],
};

function withSeverity(fault: SimulatedFault<SimulatedDeviceType>): FaultCode {
  const catalogued = faultOf(fault.code);
  if (!catalogued) throw new Error(`fault code ${fault.code} is not in the shared catalogue`);
  return { code: fault.code, severity: catalogued.severity, stops: fault.stops, meanMinutes: fault.meanMinutes };
}

export const FAULT_CODES: Record<SimulatedDeviceType, FaultCode[]> = Object.fromEntries(
  Object.entries(SIMULATED_FAULTS).map(([type, faults]) => [type, faults.map(withSeverity)]),
) as Record<SimulatedDeviceType, FaultCode[]>;

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
