import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { device } from '../../db/schema.ts';

const inverter = alias(device, 'inverter');

/** What the Open API reads beyond the device and plant lists: the batteries behind inverters' dataloggers. */
export function createOpenApiRepo(db: Db) {
  return {
    /**
     * The batteries on these inverters' dataloggers, with the inverter each was asked for (FoxESS lists an inverter's
     * batteries under it; a Sunstack battery reports on the datalogger it shares with its hybrid inverter).
     */
    async batteriesOf(inverterSns: string[]) {
      if (inverterSns.length === 0) return [];
      return db
        .select({ inverterSn: inverter.sn, sn: device.sn, model: device.model, firmware: device.firmware })
        .from(device)
        .innerJoin(inverter, eq(inverter.dataloggerSn, device.dataloggerSn))
        .where(and(eq(device.type, 'battery'), inArray(inverter.sn, inverterSns)))
        .orderBy(device.sn);
    },
  };
}
export type OpenApiRepo = ReturnType<typeof createOpenApiRepo>;
