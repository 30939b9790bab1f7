import { offsetAt } from '@sunstack/shared';
import { uniform } from '../random.ts';
import { DAY_MS, HOUR_MS, type LocalTime } from '../time.ts';

/**
 * EV charger sessions: on some days a car arrives (evenings at home, mornings at work), charges
 * at the charger's power until it has what it needs, and stays plugged in until it leaves.
 * Each session is fixed by the seed and the local date, so the model has no state.
 */

export type EvChargerUsage = 'home' | 'workplace';

/** `connectorState`: no car, car plugged in and not charging, charging. */
export const CONNECTOR_STATE = { available: 0, connected: 1, charging: 2 } as const;

export interface EvChargerNow {
  chargePower: number;
  sessionEnergy: number;
  connectorState: number;
}

interface Session {
  start: number;
  departure: number;
  energyKwh: number;
}

const USAGE = {
  home: { chance: [0.35, 0.45, 0.45, 0.45, 0.45, 0.45, 0.3], arrival: [17, 20.5], departure: [24 + 7, 24 + 8.5], energy: [6, 28] },
  workplace: { chance: [0, 0.8, 0.8, 0.8, 0.8, 0.75, 0], arrival: [7.5, 9.5], departure: [16, 18], energy: [8, 25] },
} as const;

/** UTC ms of a local wall-clock time (hours after local midnight of `dayNumber`, may exceed 24). */
export function localToUtc(dayNumber: number, hour: number, timeZone: string): number {
  const wall = dayNumber * DAY_MS + hour * HOUR_MS;
  const guess = wall - offsetAt(timeZone, wall);
  return wall - offsetAt(timeZone, guess);
}

export class EvChargerModel {
  constructor(
    private readonly ratedPowerKw: number,
    private readonly usage: EvChargerUsage,
    private readonly seed: number,
    private readonly timeZone: string,
  ) {}

  at(ts: number, local: LocalTime): EvChargerNow {
    // A home session that began yesterday evening may still be plugged in this morning.
    for (const dayNumber of [local.dayNumber, local.dayNumber - 1]) {
      const session = this.session(dayNumber);
      if (!session || ts < session.start || ts >= session.departure) continue;
      const power = this.ratedPowerKw * 0.97;
      const delivered = Math.min(session.energyKwh, (power * (ts - session.start)) / HOUR_MS);
      const charging = delivered < session.energyKwh;
      return {
        chargePower: charging ? power : 0,
        sessionEnergy: delivered,
        connectorState: charging ? CONNECTOR_STATE.charging : CONNECTOR_STATE.connected,
      };
    }
    return { chargePower: 0, sessionEnergy: 0, connectorState: CONNECTOR_STATE.available };
  }

  private session(dayNumber: number): Session | undefined {
    const usage = USAGE[this.usage];
    const weekday = (((dayNumber + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
    if (uniform(this.seed, 31, dayNumber) >= (usage.chance[weekday] ?? 0)) return undefined;
    const between = (range: readonly [number, number], key: number) =>
      range[0] + (range[1] - range[0]) * uniform(this.seed, key, dayNumber);
    return {
      start: localToUtc(dayNumber, between(usage.arrival, 32), this.timeZone),
      departure: localToUtc(dayNumber, between(usage.departure, 33), this.timeZone),
      energyKwh: between(usage.energy, 34),
    };
  }
}
