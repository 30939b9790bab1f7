import { Access, type DeviceGrantListBody, type DeviceListBody, DeviceStatus, Errno } from '@sunstack/shared';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { deviceVisible, plantWritable, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { startsWith, startsWithExactly } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { account, alarm, datalogger, device, deviceGrant, plant, telemetryLatest } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { ONLINE_WINDOW } from '../plant/repo.ts';

/** Serial numbers compare in C collation, so device_sn_c_idx serves both the prefix filter and the order. */
const snOrder = sql`${device.sn} collate "C"`;

/** Spec section 4: 0 offline (no report in the last 15 minutes), else 2 abnormal while an alarm of the device is active, else 1 normal. */
const online = sql`${device.lastSeenAt} > now() - ${ONLINE_WINDOW}`;
const alarmed = sql`exists (select 1 from ${alarm} where ${alarm.deviceId} = ${device.id} and ${alarm.clearedAt} is null)`;
const status = sql<number>`case when not (${online}) or ${device.lastSeenAt} is null then ${sql.raw(String(DeviceStatus.offline))}
  when ${alarmed} then ${sql.raw(String(DeviceStatus.abnormal))} else ${sql.raw(String(DeviceStatus.normal))} end`;
const STATUS_FILTERS: Record<NonNullable<DeviceListBody['status']>, SQL> = {
  normal: sql`${online} and not ${alarmed}`,
  abnormal: sql`${online} and ${alarmed}`,
  offline: sql`(${device.lastSeenAt} is null or not (${online}))`,
};

const integrator = alias(account, 'integrator');
const granter = alias(account, 'granter');

export function createDeviceRepo(db: Db) {
  /** The device's plant is one the caller may change. */
  const plantWritableBy = (scope: Scope) =>
    sql<boolean>`coalesce(${device.plantId} in (select ${plant.id} from ${plant} where ${plantWritable(db, scope)}), false)`;

  /** Devices whose integrators the caller decides: an administrator all, an end user those of the plants it owns. */
  const authorisableBy = (scope: Scope): SQL => {
    if (scope.access === Access.admin) return sql`true`;
    if (scope.access !== Access.endUser) return sql`false`;
    return sql`${device.plantId} in (select ${plant.id} from ${plant} where ${plant.ownerId} = ${scope.accountId} and ${plant.deletedAt} is null)`;
  };

  return {
    async list(scope: Scope, filters: DeviceListBody) {
      const where = and(
        deviceVisible(db, scope),
        filters.uncreated ? isNull(device.plantId) : isNotNull(device.plantId),
        filters.type ? eq(device.type, filters.type) : undefined,
        filters.plantId ? eq(device.plantId, filters.plantId) : undefined,
        filters.sn ? startsWithExactly(snOrder, filters.sn) : undefined,
        filters.dataloggerSn ? startsWithExactly(device.dataloggerSn, filters.dataloggerSn) : undefined,
        filters.status ? STATUS_FILTERS[filters.status] : undefined,
        filters.authorisable ? authorisableBy(scope) : undefined,
      );
      const total = await db.$count(device, where);
      const rows = await db
        .select({ device, plantName: plant.name, status })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(where)
        .orderBy(snOrder)
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    /** A device the caller sees, with its plant's owner and what the caller may do with it. */
    async findVisible(scope: Scope, sn: string) {
      const [row] = await db
        .select({
          device,
          plantName: plant.name,
          status,
          writable: plantWritableBy(scope),
          authorisable: sql<boolean>`(${authorisableBy(scope)})`,
        })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(and(eq(device.sn, sn), deviceVisible(db, scope)));
      return row;
    },

    /**
     * The inverter a battery hangs on, of those the caller sees behind the battery's datalogger: the one that reports
     * the battery's power (a hybrid inverter measures it), else the first by SN.
     */
    async batteryInverter(scope: Scope, dataloggerSn: string) {
      const [row] = await db
        .select({ sn: device.sn })
        .from(device)
        .leftJoin(telemetryLatest, eq(telemetryLatest.deviceId, device.id))
        .where(and(eq(device.dataloggerSn, dataloggerSn), eq(device.type, 'inverter'), deviceVisible(db, scope)))
        .orderBy(sql`coalesce(${telemetryLatest.vars} ? 'batChargePower', false) desc`, snOrder)
        .limit(1);
      return row?.sn ?? null;
    },

    /** Of these SNs, the devices the caller sees, and whether it may authorise integrators for each. */
    async authorisation(scope: Scope, sns: string[]) {
      return db
        .select({ sn: device.sn, authorisable: sql<boolean>`(${authorisableBy(scope)})` })
        .from(device)
        .where(and(inArray(device.sn, sns), deviceVisible(db, scope)));
    },

    /** Authorises one integrator for every device at once (a second grant changes the control flag). */
    async grant(rows: (typeof deviceGrant.$inferInsert)[]) {
      await db.transaction(async (tx) => {
        for (const row of rows) {
          await tx
            .insert(deviceGrant)
            .values(row)
            .onConflictDoUpdate({
              target: [deviceGrant.deviceSn, deviceGrant.integratorId],
              set: { canControl: row.canControl, grantedBy: row.grantedBy },
            });
        }
      });
    },

    async revoke(sn: string, integratorId: number) {
      const rows = await db
        .delete(deviceGrant)
        .where(and(eq(deviceGrant.deviceSn, sn), eq(deviceGrant.integratorId, integratorId)))
        .returning({ sn: deviceGrant.deviceSn });
      return rows.length === 1;
    },

    /** The authorisations on devices the caller decides for, newest first. */
    async grants(scope: Scope, filters: DeviceGrantListBody) {
      const where = and(
        deviceVisible(db, scope),
        authorisableBy(scope),
        filters.sn ? startsWithExactly(snOrder, filters.sn) : undefined,
        filters.integrator ? startsWith(integrator.username, filters.integrator) : undefined,
      );
      const from = () =>
        db
          .select({
            grant: deviceGrant,
            type: device.type,
            plantName: plant.name,
            integrator: integrator.username,
            grantedBy: granter.username,
          })
          .from(deviceGrant)
          .innerJoin(device, eq(device.sn, deviceGrant.deviceSn))
          .innerJoin(integrator, eq(integrator.id, deviceGrant.integratorId))
          .innerJoin(granter, eq(granter.id, deviceGrant.grantedBy))
          .leftJoin(plant, eq(plant.id, device.plantId));
      const [total] = await db
        .select({ n: count() })
        .from(deviceGrant)
        .innerJoin(device, eq(device.sn, deviceGrant.deviceSn))
        .innerJoin(integrator, eq(integrator.id, deviceGrant.integratorId))
        .where(where);
      const rows = await from()
        .where(where)
        .orderBy(desc(deviceGrant.createdAt), deviceGrant.deviceSn)
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total: total?.n ?? 0, rows };
    },

    /** Names an EV charger and hangs it on a datalogger of its own plant; false when that datalogger is not bound there. */
    async updatePile(scope: Scope, sn: string, changes: { name: string; dataloggerSn: string }) {
      const rows = await db
        .update(device)
        .set(changes)
        .where(
          and(
            eq(device.sn, sn),
            eq(device.type, 'evCharger'),
            sql`(${plantWritableBy(scope)})`,
            sql`${device.plantId} = (select ${datalogger.plantId} from ${datalogger} where ${datalogger.sn} = ${changes.dataloggerSn})`,
          ),
        )
        .returning({ sn: device.sn });
      return rows.length === 1;
    },

    /** A plant's inverters with their place in its parallel system. */
    async inverters(plantId: number) {
      return db
        .select({ device, status })
        .from(device)
        .where(and(eq(device.plantId, plantId), eq(device.type, 'inverter')))
        .orderBy(snOrder);
    },

    /**
     * Replaces the plant's parallel system with this master and these slaves, or dissolves it
     * (master null). Each must be an inverter of the plant; otherwise nothing changes.
     */
    async setParallel(plantId: number, master: string | null, slaves: string[]) {
      await db.transaction(async (tx) => {
        const ofPlant = and(eq(device.plantId, plantId), eq(device.type, 'inverter'));
        await tx
          .update(device)
          .set({ parallelRole: null })
          .where(and(ofPlant, isNotNull(device.parallelRole)));
        if (master === null) return;
        const assign = async (role: 'master' | 'slave', sns: string[]) => {
          const rows = await tx
            .update(device)
            .set({ parallelRole: role })
            .where(and(ofPlant, inArray(device.sn, sns)))
            .returning({ sn: device.sn });
          if (rows.length !== sns.length) throw new AppError(Errno.parallelNotInverters);
        };
        await assign('master', [master]);
        await assign('slave', slaves);
      });
    },
  };
}
export type DeviceRepo = ReturnType<typeof createDeviceRepo>;
