import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export const TELEMETRY_CHANNEL = 'telemetry_stored';
/** NOTIFY payloads stay well under PostgreSQL's 8,000 bytes. */
const IDS_PER_NOTIFICATION = 500;

/**
 * Which plants have new data, across processes: the ingest that stored samples notifies over
 * PostgreSQL (LISTEN/NOTIFY works on PGlite too), and every API process tells its open live
 * streams. One path whether the ingest runs in this process or another.
 */
export async function createLiveUpdates(database: Database) {
  const plants = new EventEmitter();
  plants.setMaxListeners(0);
  const stopListening = await database.listen(TELEMETRY_CHANNEL, (payload) => {
    for (const id of payload.split(',')) if (id) plants.emit(id);
  });
  return {
    async notify(plantIds: number[]) {
      for (let i = 0; i < plantIds.length; i += IDS_PER_NOTIFICATION) {
        const payload = plantIds.slice(i, i + IDS_PER_NOTIFICATION).join(',');
        await database.db.execute(sql`select pg_notify(${TELEMETRY_CHANNEL}, ${payload})`);
      }
    },
    /** Calls `listener` whenever the plant gets new data; answers the unsubscribe. */
    subscribe(plantId: number, listener: () => void) {
      plants.on(String(plantId), listener);
      return () => plants.off(String(plantId), listener);
    },
    close: stopListening,
  };
}
export type LiveUpdates = Awaited<ReturnType<typeof createLiveUpdates>>;
