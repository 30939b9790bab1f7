import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReplyPayload } from '@sunstack/shared';
import type { Firmware } from '../plant/definition.ts';
import type { PlantSnapshot } from '../plant/plantModel.ts';

/**
 * What a datalogger keeps across restarts, like a real one keeps it in flash: the plant state at
 * the last acknowledged sample (so counters continue and nothing acknowledged is regenerated
 * differently), its settings, firmware, interval and the command ids it has answered.
 */

export interface DataloggerState {
  version: 1;
  sn: string;
  /** The simulation at the newest sample the broker acknowledged. */
  plant: PlantSnapshot;
  intervalSec: number;
  dataloggerFw: string;
  firmware: Record<string, Firmware>;
  /** Recent command ids with their first reply (at most once, also across a restart). */
  commands: [string, ReplyPayload][];
  seq: { telemetry: number; event: number };
}

export interface StateStore {
  load(sn: string): Promise<DataloggerState | undefined>;
  save(state: DataloggerState): Promise<void>;
}

/** One JSON file per datalogger in `dir`, replaced atomically. */
export function fileStateStore(dir: string): StateStore {
  let ready: Promise<unknown> | undefined;
  return {
    async load(sn) {
      try {
        const state = JSON.parse(await readFile(join(dir, `${sn}.json`), 'utf8')) as DataloggerState;
        return state.version === 1 && state.sn === sn ? state : undefined;
      } catch {
        return undefined;
      }
    },
    async save(state) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const file = join(dir, `${state.sn}.json`);
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(state));
      await rename(temporary, file);
    },
  };
}

/** Keeps states in memory: restarts within one process (tests) behave like restarts with files. */
export function memoryStateStore(): StateStore & { states: Map<string, DataloggerState> } {
  const states = new Map<string, DataloggerState>();
  return {
    states,
    async load(sn) {
      const state = states.get(sn);
      return state && structuredClone(state);
    },
    async save(state) {
      states.set(state.sn, structuredClone(state));
    },
  };
}
