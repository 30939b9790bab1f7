import { EventEmitter } from 'node:events';
import type { Database } from '../../db/client.ts';

/** Where migration 0024's trigger tells which commands changed: a JSON array of [device sn, command id] pairs. */
const STATE_CHANNEL = 'device_command_state';
/** The event of any change (a symbol: no SN can be it). */
const ANY = Symbol('any device');

/**
 * Which commands changed, per device, across processes: every change of a command's row (made,
 * sent, answered, expired, cancelled) is NOTIFYed by the database at commit, whichever process made
 * it, and every API process tells the live streams of that device.
 */
export async function createCommandStates(database: Database) {
  const devices = new EventEmitter();
  devices.setMaxListeners(0);
  const stopListening = await database.listen(STATE_CHANNEL, (payload) => {
    const changed = new Map<string, string[]>();
    for (const [sn, id] of JSON.parse(payload) as [string, string][]) changed.set(sn, [...(changed.get(sn) ?? []), id]);
    for (const [sn, ids] of changed) devices.emit(sn, ids);
    devices.emit(ANY, changed.size);
  });
  return {
    /** Calls `listener` with the ids of the device's commands whenever some change; answers the unsubscribe. */
    subscribe(sn: string, listener: (ids: string[]) => void) {
      devices.on(sn, listener);
      return () => devices.off(sn, listener);
    },
    /** Calls `listener` whenever commands of any device change (a batch's stream recounts then); answers the unsubscribe. */
    subscribeAll(listener: () => void) {
      devices.on(ANY, listener);
      return () => devices.off(ANY, listener);
    },
    close: stopListening,
  };
}
export type CommandStates = Awaited<ReturnType<typeof createCommandStates>>;
