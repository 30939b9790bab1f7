import {
  Access,
  type AlarmExportBody,
  type AlarmSubject,
  type AlarmThresholds,
  type FaultRecordBody,
  type FaultSeverity,
  MAX_COUNTED_ALARMS,
} from '@sunstack/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { dataloggerVisible, deviceVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { offsetOf } from '../../db/page.ts';
import { selectRows } from '../../db/rawSql.ts';
import { account, alarm, alarmThreshold, datalogger, device, plant } from '../../db/schema.ts';

export type AlarmRow = Awaited<ReturnType<ReturnType<typeof createAlarmRepo>['list']>>['rows'][number];

/** One group of the fault record: a code, a model or a firmware version (the others null), or the total. */
export type FaultGroupRow = {
  dimension: 'code' | 'model' | 'firmware' | 'total';
  code: number | null;
  severity: FaultSeverity | null;
  subject: AlarmSubject | null;
  model: string | null;
  version: string | null;
  alarms: number;
  occurrences: number;
  devices: number;
  /** How many groups the dimension has (the rows stop at `top`). */
  groups: number;
};

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
    plantTimeZone: plant.timeZone,
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
      const rows = await select(where).limit(page.pageSize).offset(offsetOf(page));
      const n = total?.n ?? 0;
      return { total: Math.min(n, MAX_COUNTED_ALARMS), totalCapped: n > MAX_COUNTED_ALARMS, rows };
    },

    /** Every alarm in scope that matches (an export: the range is at most 15 days). */
    all: async (scope: Scope, filters: AlarmExportBody, limit: number) => select(await matching(scope, filters)).limit(limit),

    /**
     * The fault record: alarms raised in the range (active and cleared) in scope that match, counted per
     * code, per model and per firmware version (a device's `master`, a datalogger's own), each
     * dimension's `top` groups with the most alarms, and the total. The range is read through the
     * (raised_at) or (code, raised_at) index and folded to one row per code and subject (a device, or
     * a datalogger for its own alarms), then to one per subject: every count of devices is a count of
     * rows, no count(distinct) and no sort. On PostgreSQL about 0.4 s for 15 days of 10 million alarms
     * over a year (400,000 in the range), under 0.1 s for one code.
     */
    async faultGroups(scope: Scope, filters: FaultRecordBody, top: number) {
      const devicesWhere = (condition: SQL) => inArray(alarm.deviceId, db.select({ id: device.id }).from(device).where(condition));
      // A kind of subject: the dataloggers' own alarms, or those of the devices of a type.
      const ofSubject =
        filters.subject && (filters.subject === 'datalogger' ? isNull(alarm.deviceId) : devicesWhere(eq(device.type, filters.subject)));
      const where = and(
        await visible(scope),
        gte(alarm.raisedAt, new Date(filters.begin)),
        lt(alarm.raisedAt, new Date(filters.end)),
        filters.source ? eq(alarm.source, filters.source) : undefined,
        filters.severity ? eq(alarm.severity, filters.severity) : undefined,
        filters.code !== undefined ? eq(alarm.code, filters.code) : undefined,
        ofSubject,
        filters.model ? devicesWhere(eq(device.model, filters.model)) : undefined,
      );
      const counts = sql`sum(alarms)::int as alarms, sum(occurrences)::int as occurrences, count(*)::int as devices`;
      return db.transaction(async (tx) => {
        // The first fold holds a row per code and subject: in memory it is hashed, not sorted on disk.
        await tx.execute(sql`set local work_mem = '64MB'`);
        return selectRows<FaultGroupRow>(
          tx,
          sql`with hit as (
              select ${alarm.code} as code, bool_or(${alarm.severity} = 'fault') as fault, ${alarm.deviceId} as device_id,
                case when ${alarm.deviceId} is null then ${alarm.dataloggerSn} end as datalogger_sn,
                count(*) as alarms, sum(${alarm.occurrences}) as occurrences
              from ${alarm} where ${where}
              group by 1, 3, 4
            ), subject as (
              select device_id, datalogger_sn, sum(alarms) as alarms, sum(occurrences) as occurrences
              from hit group by device_id, datalogger_sn
            ), described as (
              select s.alarms, s.occurrences, coalesce(d.type, 'datalogger') as subject, coalesce(d.model, '') as model,
                coalesce(case when s.device_id is null then l.firmware else d.firmware ->> 'master' end, '') as version
              from subject s
              left join device d on d.id = s.device_id
              left join datalogger l on l.sn = s.datalogger_sn
            ), grouped as (
              select 'code' as dimension, code, case when bool_or(fault) then 'fault' else 'warning' end as severity,
                null as subject, null as model, null as version, ${counts}
              from hit group by code
              union all
              select 'model', null, null, subject, model, null, ${counts} from described group by subject, model
              union all
              select 'firmware', null, null, subject, null, version, ${counts} from described group by subject, version
              union all
              select 'total', null, null, null, null, null, coalesce(sum(alarms), 0)::int, coalesce(sum(occurrences), 0)::int, count(*)::int
              from subject
            )
            select * from (
              select *, count(*) over (partition by dimension)::int as groups,
                row_number() over (partition by dimension order by alarms desc, devices desc, code, subject, model, version) as rank
              from grouped
            ) ranked
            where rank <= ${top}`,
        );
      });
    },

    /**
     * How many devices in scope have these models and these firmware versions (`master`), per
     * subject; with `dataloggers`, also the dataloggers in scope (model '') by their own firmware.
     * The base of the fault record's rates; a scan of the device table, filtered by the values.
     */
    async fleetDevices(scope: Scope, wanted: { models: string[]; versions: string[]; dataloggers: boolean }) {
      const master = sql<string>`coalesce(${device.firmware} ->> 'master', '')`;
      const [models, versions, dataloggers] = await Promise.all([
        wanted.models.length === 0
          ? []
          : db
              .select({ subject: device.type, value: device.model, n: count() })
              .from(device)
              .where(and(deviceVisible(db, scope), inArray(device.model, wanted.models)))
              .groupBy(device.type, device.model),
        wanted.versions.length === 0
          ? []
          : db
              .select({ subject: device.type, value: master, n: count() })
              .from(device)
              .where(and(deviceVisible(db, scope), inArray(master, wanted.versions)))
              .groupBy(device.type, master),
        wanted.dataloggers
          ? db
              .select({ value: datalogger.firmware, n: count() })
              .from(datalogger)
              .where(dataloggerVisible(db, scope))
              .groupBy(datalogger.firmware)
          : [],
      ]);
      const ofDataloggers = dataloggers.map((row) => ({ subject: 'datalogger' as AlarmSubject, ...row }));
      const allDataloggers = dataloggers.reduce((sum, row) => sum + row.n, 0);
      return {
        models: [...models, { subject: 'datalogger' as AlarmSubject, value: '', n: allDataloggers }],
        versions: [...versions, ...ofDataloggers],
      };
    },

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
