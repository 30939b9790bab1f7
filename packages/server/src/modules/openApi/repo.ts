import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { device } from '../../db/schema.ts';

/** What the Open API reads beyond the device and plant lists: the batteries behind inverters' dataloggers. */
export function createOpenApiRepo(db: Db) {
  return {
    /** Batteries reported by these dataloggers (a device's battery list: the batteries on its datalogger). */
    async batteriesOf(dataloggerSns: string[]) {
      if (dataloggerSns.length === 0) return [];
      return db
        .select({ sn: device.sn, dataloggerSn: device.dataloggerSn, model: device.model, firmware: device.firmware })
        .from(device)
        .where(and(eq(device.type, 'battery'), inArray(device.dataloggerSn, dataloggerSns)))
        .orderBy(device.sn);
    },
  };
}
export type OpenApiRepo = ReturnType<typeof createOpenApiRepo>;
