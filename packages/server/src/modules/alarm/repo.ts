import { Access, type AlarmExportBody, type AlarmThresholds, MAX_COUNTED_ALARMS } from '@sunstack/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, alarm, alarmThreshold, datalogger, device, plant } from '../../db/schema.ts';
import { dataloggerVisible, deviceVisible, type Scope } from '../scope/scope.ts';

export type AlarmRow = Awaited<ReturnType<ReturnType<typeof createAlarmRepo>['list']>>['rows'][number];

/** Up to this many dataloggers in scope travel as a list of SNs (see `visible`). */
const SMALL_SCOPE_DATALOGGERS = 500;

export function createAlarmRepo(db: Db) {
  /**
   * An alarm is seen by whoever sees its datalogger (devices are seen through their datalogger), an
   * integrator's by the devices authorised to it (no datalogger alarms); administrators see all. One
   * condition on a column of the alarm itself. A scope of a few dataloggers (an end user, an installer)
   * goes to the database as the list of their SNs, so the planner reads just their alarms through
   * (datalogger_sn, raised_at); a large one stays a subquery, where walking the newest alarms is cheaper.
   */
  async function visible(scope: Scope): Promise<SQL | undefined> {
    if (scope.access === Access.admin) return undefined;
    if (scope.access === Access.integrator) {
      return inArray(alarm.deviceId, db.select({ id: device.id }).from(device).where(deviceVisible(db, scope)));
    }
    // A builder each time: drizzle's limit() changes the builder it is called on.
    const ofScope = () => db.select({ sn: datalogger.sn }).from(datalogger).where(dataloggerVisible(db, scope));
    const few = await ofScope().limit(SMALL_SCOPE_DATALOGGERS + 1);
    if (few.length > SMALL_SCOPE_DATALOGGERS) return inArray(alarm.dataloggerSn, ofScope());
    return few.length === 0
      ? sql`false`
      : inArray(
          alarm.dataloggerSn,
          few.map((row) => row.sn),
        );
  }

  const matching = async (scope: Scope, filters: AlarmExportBody) =>
    and(
      await visible(scope),
      filters.view === 'realtime' ? isNull(alarm.clearedAt) : isNotNull(alarm.clearedAt),
      filters.begin !== undefined ? gte(alarm.raisedAt, new Date(filters.begin)) : undefined,
      filters.end !== undefined ? lt(alarm.raisedAt, new Date(filters.end)) : undefined,
      filters.plantId ? eq(alarm.plantId, filters.plantId) : undefined,
      filters.sn
        ? or(
            inArray(alarm.deviceId, db.select({ id: device.id }).from(device).where(eq(device.sn, filters.sn))),
            and(isNull(alarm.deviceId), eq(alarm.dataloggerSn, filters.sn)),
          )
        : undefined,
      filters.source ? eq(alarm.source, filters.source) : undefined,
      filters.severity ? eq(alarm.severity, filters.severity) : undefined,
      filters.code !== undefined ? eq(alarm.code, filters.code) : undefined,
    );

  const columns = {
    alarm,
    deviceSn: device.sn,
    deviceType: device.type,
    plantName: plant.name,
    ackedBy: account.username,
  };
  const select = (where: SQL | undefined) =>
    db
      .select(columns)
      .from(alarm)
      .leftJoin(device, eq(device.id, alarm.deviceId))
      .leftJoin(plant, eq(plant.id, alarm.plantId))
      .leftJoin(account, eq(account.id, alarm.ackedBy))
      .where(where)
      .orderBy(desc(alarm.raisedAt), desc(alarm.id));

  return {
    /**
     * A page of the alarms in scope that match, newest raised first, with the count for the pager:
     * counted up to MAX_COUNTED_ALARMS (beyond, `totalCapped`; counting hundreds of thousands of rows
     * would cost more than the page).
     */
    async list(scope: Scope, filters: AlarmExportBody, page: { currentPage: number; pageSize: number }) {
      const where = await matching(scope, filters);
      const counted = db
        .select({ one: sql`1` })
        .from(alarm)
        .where(where)
        .limit(MAX_COUNTED_ALARMS + 1)
        .as('counted');
      const [total] = await db.select({ n: count() }).from(counted);
      const rows = await select(where)
        .limit(page.pageSize)
        .offset((page.currentPage - 1) * page.pageSize);
      const n = total?.n ?? 0;
      return { total: Math.min(n, MAX_COUNTED_ALARMS), totalCapped: n > MAX_COUNTED_ALARMS, rows };
    },

    /** Every alarm in scope that matches (an export: the range is at most 15 days). */
    all: async (scope: Scope, filters: AlarmExportBody, limit: number) => select(await matching(scope, filters)).limit(limit),

    /** Of these ids, those the caller sees. */
    async visibleIds(scope: Scope, ids: number[]) {
      const rows = await db
        .select({ id: alarm.id })
        .from(alarm)
        .where(and(inArray(alarm.id, ids), await visible(scope)));
      return rows.map((row) => row.id);
    },

    /** Acknowledges alarms not acknowledged yet (a first acknowledgement stays); answers those it changed. */
    async acknowledge(ids: number[], accountId: number, comment: string) {
      const rows = await db
        .update(alarm)
        .set({ ackedAt: new Date(), ackedBy: accountId, ackComment: comment })
        .where(and(inArray(alarm.id, ids), isNull(alarm.ackedAt)))
        .returning({ id: alarm.id });
      return rows.map((row) => row.id);
    },

    /** The thresholds a plant set itself. */
    async thresholdsOf(plantId: number): Promise<Partial<AlarmThresholds>> {
      const [row] = await db.select({ settings: alarmThreshold.settings }).from(alarmThreshold).where(eq(alarmThreshold.plantId, plantId));
      return row?.settings ?? {};
    },

    /** Replaces what a plant set (keys left out take the defaults again). */
    async saveThresholds(plantId: number, settings: Partial<AlarmThresholds>) {
      await db
        .insert(alarmThreshold)
        .values({ plantId, settings })
        .onConflictDoUpdate({ target: alarmThreshold.plantId, set: { settings, updatedAt: new Date() } });
    },
  };
}
export type AlarmRepo = ReturnType<typeof createAlarmRepo>;
