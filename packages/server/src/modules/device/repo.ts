import type { DeviceListBody } from '@sunstack/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { device, deviceGrant, plant } from '../../db/schema.ts';
import { deviceVisible, type Scope } from '../scope/scope.ts';

/** Serial numbers compare in C collation, so device_sn_c_idx serves both the prefix filter and the order. */
const snOrder = sql`${device.sn} collate "C"`;

export function createDeviceRepo(db: Db) {
  return {
    async list(scope: Scope, filters: DeviceListBody) {
      const where = and(
        deviceVisible(db, scope),
        filters.type ? eq(device.type, filters.type) : undefined,
        filters.plantId ? eq(device.plantId, filters.plantId) : undefined,
        filters.sn ? sql`${snOrder} like ${`${filters.sn.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
      );
      const [total] = await db.select({ n: count() }).from(device).where(where);
      const rows = await db
        .select({ device, plantName: plant.name })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(where)
        .orderBy(snOrder)
        .limit(filters.pageSize)
        .offset((filters.currentPage - 1) * filters.pageSize);
      return { total: total?.n ?? 0, rows };
    },

    /** A device the caller sees, with the owner of its plant (who may authorise integrators). */
    async findVisible(scope: Scope, sn: string) {
      const [row] = await db
        .select({ sn: device.sn, ownerId: plant.ownerId })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(and(eq(device.sn, sn), deviceVisible(db, scope)));
      return row;
    },

    async grant(row: typeof deviceGrant.$inferInsert) {
      await db
        .insert(deviceGrant)
        .values(row)
        .onConflictDoUpdate({
          target: [deviceGrant.deviceSn, deviceGrant.integratorId],
          set: { canControl: row.canControl, grantedBy: row.grantedBy },
        });
    },

    async revoke(sn: string, integratorId: number) {
      const rows = await db
        .delete(deviceGrant)
        .where(and(eq(deviceGrant.deviceSn, sn), eq(deviceGrant.integratorId, integratorId)))
        .returning({ sn: deviceGrant.deviceSn });
      return rows.length === 1;
    },
  };
}
export type DeviceRepo = ReturnType<typeof createDeviceRepo>;
