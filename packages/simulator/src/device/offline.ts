import { hash32, uniform } from '../random.ts';
import { HOUR_MS, MINUTE_MS } from '../time.ts';

/**
 * When a datalogger loses its connection (Wi-Fi drops, router restarts): a seeded schedule, one
 * draw per hour, spells of 5 minutes to 2 hours (log-uniform, so most are short).
 */

const SHORTEST_MS = 5 * MINUTE_MS;
const LONGEST_MS = 2 * HOUR_MS;

export interface OfflineSpell {
  from: number;
  to: number;
}

export class OfflineSchedule {
  private readonly seed: number;
  private readonly chancePerHour: number;

  /** `ratePerDay`: expected spells per day (at most one starts in any hour). */
  constructor(seed: number, ratePerDay: number) {
    this.seed = hash32(seed, 71);
    this.chancePerHour = Math.min(1, Math.max(0, ratePerDay) / 24);
  }

  /** The spell covering `ts`, if any. */
  at(ts: number): OfflineSpell | undefined {
    if (this.chancePerHour === 0) return undefined;
    const slot = Math.floor(ts / HOUR_MS);
    for (let earlier = slot - LONGEST_MS / HOUR_MS; earlier <= slot; earlier++) {
      if (uniform(this.seed, earlier) >= this.chancePerHour) continue;
      const from = earlier * HOUR_MS + Math.floor(uniform(this.seed, earlier, 1) * HOUR_MS);
      const duration = SHORTEST_MS * (LONGEST_MS / SHORTEST_MS) ** uniform(this.seed, earlier, 2);
      const spell = { from, to: from + Math.round(duration) };
      if (spell.from <= ts && ts < spell.to) return spell;
    }
    return undefined;
  }
}
