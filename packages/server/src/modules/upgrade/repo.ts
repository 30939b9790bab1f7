import { Access, type UpgradeCounts, type UpgradeDevicesBody, type UpgradeDeviceType, type UpgradeListBody } from '@sunstack/shared';
import { and, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { branchOrganisations, dataloggerVisible, deviceControllable, deviceVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { offsetOf } from '../../db/page.ts';
import { epochMs, jsonParam, selectRows } from '../../db/rawSql.ts';
import { account, datalogger, device, firmware, plant, storedFile, upgradeTask } from '../../db/schema.ts';
import { blacklistedSql } from '../firmware/repo.ts';

export type TaskRow = typeof upgradeTask.$inferSelect;

/** A device a task names, with what decides whether it is sent the firmware. */
export interface Candidate {
  sn: string;
  dataloggerSn: string;
  type: string;
  model: string;
  firmware: Record<string, string>;
  country: string;
  /** An upgrade of it is under way (not reset): a second is not sent beside it. */
  busy: boolean;
}

/** A device's row of a task: skipped with its reason, or the command that carries the firmware. */
export interface TaskDevice {
  deviceSn: string;
  preVersion: string | null;
  skipReason: string | null;
  wave: number;
}

/** A firmware.upgrade command for a device of a task, with the token of its download URL. */
export interface NewUpgradeCommand {
  id: string;
  deviceSn: string;
  dataloggerSn: string;
  params: unknown;
  createdBy: number;
  expiresAt: Date;
  auditLogId: number;
  downloadToken: string;
}

/** A device's state in a task (spec section 4), from its row and its command. */
const STATE_SQL = `case when u.skip_reason is not null then 'skipped'
    when u.reset_at is not null then 'failed'
    when u.command_id is null or c.state = 'queued' then 'waiting'
    when c.state = 'sent' then 'delivering'
    when c.state in ('accepted', 'progress') then 'upgrading'
    when c.state = 'done' then 'done'
    else 'failed' end`;
/** What the device said when it failed; the platform's reason when the device did not answer. */
const ERROR_SQL = `case when u.skip_reason is not null then null when u.reset_at is not null then 'reset'
    when c.state in ('expired', 'cancelled') then c.state when c.state = 'failed' then c.error else null end`;
const OPEN = `('queued', 'sent', 'accepted', 'progress')`;

/** Whether an upgrade of the device is under way (not reset). */
const busySql = (sn: SQLWrapper) => sql<boolean>`exists (select 1 from upgrade_device u join device_command c on c.id = u.command_id
  where u.device_sn = ${sn} and u.reset_at is null and c.state in ${sql.raw(OPEN)})`;

/** Upgrade tasks and their devices (0032_upgrade_tasks.sql); their commands are device_command rows. */
export function createUpgradeRepo(db: Db) {
  /** Tasks the caller sees: administrators all, branch managers their branch's, anyone else its own. */
  const visible = (scope: Scope): SQL | undefined => {
    if (scope.access === Access.admin) return undefined;
    if (scope.access === Access.distributor || scope.access === Access.agent)
      return inArray(upgradeTask.organisationId, branchOrganisations(db, scope.organisationPath));
    return eq(upgradeTask.createdBy, scope.accountId);
  };

  async function counts(taskIds: number[]): Promise<Map<number, UpgradeCounts>> {
    if (taskIds.length === 0) return new Map();
    const rows = await selectRows<{ task_id: number } & Record<keyof UpgradeCounts, number>>(
      db,
      sql`select u.task_id::float8 as task_id, count(*)::int as total,
          (count(*) filter (where s.state = 'waiting'))::int as waiting,
          (count(*) filter (where s.state = 'delivering'))::int as delivering,
          (count(*) filter (where s.state = 'upgrading'))::int as upgrading,
          (count(*) filter (where s.state = 'done'))::int as completed,
          (count(*) filter (where s.state = 'failed'))::int as failed,
          (count(*) filter (where s.state = 'skipped'))::int as skipped
        from upgrade_device u left join device_command c on c.id = u.command_id
          cross join lateral (select ${sql.raw(STATE_SQL)} as state) s
        where u.task_id in (select (jsonb_array_elements_text(${jsonParam(taskIds)}))::bigint)
        group by u.task_id`,
    );
    return new Map(rows.map(({ task_id, ...count }) => [Number(task_id), count]));
  }
  const none: UpgradeCounts = { total: 0, waiting: 0, delivering: 0, upgrading: 0, completed: 0, failed: 0, skipped: 0 };
  async function withCounts(rows: { task: TaskRow; createdBy: string }[]) {
    const byTask = await counts(rows.map((row) => row.task.id));
    return rows.map((row) => ({ ...row, counts: byTask.get(row.task.id) ?? none }));
  }

  return {
    /**
     * The devices of these SNs the caller may operate, with what decides their fate; SNs it may not are simply absent.
     * For module upgrades the dataloggers of these SNs the caller sees: a datalogger is its own device, its firmware the
     * inventory's `module`, its model none.
     */
    async candidates(scope: Scope, sns: string[], kind: UpgradeDeviceType): Promise<Candidate[]> {
      if (sns.length === 0) return [];
      if (kind === 'module')
        return db
          .select({
            sn: datalogger.sn,
            dataloggerSn: datalogger.sn,
            type: sql<string>`'module'`,
            model: sql<string>`''`,
            // A datalogger that never said its version has none.
            firmware: sql<Record<string, string>>`case when ${datalogger.firmware} = '' then '{}'::jsonb
              else jsonb_build_object('module', ${datalogger.firmware}) end`,
            country: sql<string>`coalesce(${plant.country}, '')`,
            busy: busySql(datalogger.sn),
          })
          .from(datalogger)
          .leftJoin(plant, eq(plant.id, datalogger.plantId))
          .where(and(inArray(datalogger.sn, sns), dataloggerVisible(db, scope)));
      return db
        .select({
          sn: device.sn,
          dataloggerSn: device.dataloggerSn,
          type: device.type,
          model: device.model,
          firmware: device.firmware,
          country: sql<string>`coalesce(${plant.country}, '')`,
          busy: busySql(device.sn),
        })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(and(inArray(device.sn, sns), deviceVisible(db, scope), deviceControllable(db, scope)));
    },

    async insertTask(row: Omit<typeof upgradeTask.$inferInsert, 'id' | 'createdAt'>) {
      const [created] = await db.insert(upgradeTask).values(row).returning({ id: upgradeTask.id });
      return (created as { id: number }).id;
    },

    /** A task's devices: skipped with their reason, or waiting for their command (a strategy's, for their wave). */
    async insertDevices(taskId: number, devices: TaskDevice[]) {
      if (devices.length === 0) return;
      await db.execute(sql`insert into upgrade_device (task_id, device_sn, pre_version, skip_reason, wave)
        select ${taskId}, g.device_sn, g.pre_version, g.skip_reason, g.wave
        from jsonb_to_recordset(${jsonParam(
          devices.map((row) => ({ device_sn: row.deviceSn, pre_version: row.preVersion, skip_reason: row.skipReason, wave: row.wave })),
        )}) as g(device_sn text, pre_version text, skip_reason text, wave smallint)`);
    },

    /** Commands for devices of a task, and each device's row pointed at its new command and download token (one attempt more). */
    async sendCommands(taskId: number, commands: NewUpgradeCommand[]) {
      if (commands.length === 0) return;
      const given = jsonParam(
        commands.map((command) => ({
          id: command.id,
          device_sn: command.deviceSn,
          datalogger_sn: command.dataloggerSn,
          params: command.params,
          created_by: command.createdBy,
          expires_at: command.expiresAt.toISOString(),
          audit_log_id: command.auditLogId,
          token: command.downloadToken,
        })),
      );
      const shape = sql`g(id uuid, device_sn text, datalogger_sn text, params jsonb, created_by bigint, expires_at timestamptz, audit_log_id bigint, token text)`;
      await db.execute(sql`insert into device_command (id, device_sn, datalogger_sn, type, params, created_by, expires_at, audit_log_id)
        select g.id, g.device_sn, g.datalogger_sn, 'firmware.upgrade', g.params, g.created_by, g.expires_at, g.audit_log_id
        from jsonb_to_recordset(${given}) as ${shape}`);
      await db.execute(sql`update upgrade_device u set command_id = g.id, download_token = g.token, attempts = u.attempts + 1
        from jsonb_to_recordset(${given}) as ${shape} where u.task_id = ${taskId} and u.device_sn = g.device_sn`);
    },

    /** The image a task sends (undefined once its firmware is deleted). */
    async imageOfTask(taskId: number) {
      const [row] = await db
        .select({
          sha256: firmware.sha256,
          size: firmware.size,
          version: firmware.version,
          firmwareType: firmware.firmwareType,
          limits: firmware.limits,
        })
        .from(upgradeTask)
        .innerJoin(firmware, eq(firmware.id, upgradeTask.firmwareId))
        .where(eq(upgradeTask.id, taskId));
      return row;
    },

    async find(scope: Scope, id: number) {
      const [row] = await db
        .select({ task: upgradeTask, createdBy: account.username })
        .from(upgradeTask)
        .innerJoin(account, eq(account.id, upgradeTask.createdBy))
        .where(and(eq(upgradeTask.id, id), visible(scope)));
      return row && (await withCounts([row]))[0];
    },

    async list(scope: Scope, filters: UpgradeListBody) {
      const where = and(visible(scope), filters.deviceType ? eq(upgradeTask.deviceType, filters.deviceType) : undefined);
      const total = await db.$count(upgradeTask, where);
      const rows = await db
        .select({ task: upgradeTask, createdBy: account.username })
        .from(upgradeTask)
        .innerJoin(account, eq(account.id, upgradeTask.createdBy))
        .where(where)
        .orderBy(desc(upgradeTask.createdAt), desc(upgradeTask.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows: await withCounts(rows) };
    },

    /** A task's devices with their states, by SN. */
    async devices(filters: UpgradeDevicesBody) {
      const where = sql`u.task_id = ${filters.id} ${filters.state ? sql`and s.state = ${filters.state}` : sql``}`;
      // A module upgrade's device is a datalogger: its plant is the datalogger's.
      const from = sql`from upgrade_device u left join device d on d.sn = u.device_sn left join datalogger l on l.sn = u.device_sn
          left join plant p on p.id = coalesce(d.plant_id, l.plant_id) left join device_command c on c.id = u.command_id
        cross join lateral (select ${sql.raw(STATE_SQL)} as state, ${sql.raw(ERROR_SQL)} as error) s`;
      const [count] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${where}`);
      const rows = await selectRows<{
        sn: string;
        model: string;
        pre_version: string | null;
        state: string;
        skip_reason: string | null;
        progress: number | null;
        error: string | null;
        updated_at: number;
        time_zone: string | null;
      }>(
        db,
        sql`select u.device_sn as sn, coalesce(d.model, '') as model, u.pre_version, s.state, u.skip_reason, c.progress, s.error, p.time_zone,
            ${epochMs('coalesce(u.reset_at, c.updated_at, t.created_at)')} as updated_at
          ${from} join upgrade_task t on t.id = u.task_id where ${where}
          order by u.device_sn limit ${filters.pageSize} offset ${offsetOf(filters)}`,
      );
      return { total: count?.n ?? 0, rows };
    },

    /** What a download token opens: its command's state and deadline, the file, and whether its version is blacklisted now. */
    /** What decides a download by its token, with the image's stored file (null when the firmware or its file is gone). */
    async download(token: string) {
      const [row] = await selectRows<{
        state: string;
        expires_at: number;
        reset: boolean;
        blacklisted: boolean;
        file: { sha256: string; contentType: string; name: string } | null;
      }>(
        db,
        sql`select c.state, ${epochMs('c.expires_at')} as expires_at, u.reset_at is not null as reset,
            ${blacklistedSql(sql`t.version`, sql`f.series`)} as blacklisted,
            case when s.id is not null then json_build_object('sha256', s.sha256, 'contentType', s.content_type, 'name', s.name) end as file
          from upgrade_device u join device_command c on c.id = u.command_id join upgrade_task t on t.id = u.task_id
            left join ${firmware} f on f.id = t.firmware_id left join ${storedFile} s on s.id = f.stored_file_id
          where u.download_token = ${token}`,
      );
      return row;
    },

    /** Cancels the commands not sent yet of these tasks' devices (or of every task sending a version of a series); answers them. */
    async withdraw(which: { taskIds: number[] } | { version: string; series: string }, at: Date) {
      const tasks =
        'taskIds' in which
          ? sql`(select (jsonb_array_elements_text(${jsonParam(which.taskIds)}))::bigint)`
          : sql`(select t.id from upgrade_task t join firmware f on f.id = t.firmware_id
              where t.version = ${which.version} and lower(f.series) = lower(${which.series}))`;
      return selectRows<{ id: string; state: string; result: unknown; error: string | null; audit_log_id: number | null }>(
        db,
        sql`update device_command c set state = 'cancelled', updated_at = ${at}, finished_at = ${at}
          from upgrade_device u where u.command_id = c.id and u.task_id in ${tasks} and c.state = 'queued'
          returning c.id, c.state, c.result, c.error, c.audit_log_id::float8 as audit_log_id`,
      );
    },

    /** Deletes tasks with their devices' rows (their commands stay in the devices' command history). */
    async deleteTasks(ids: number[]) {
      const deleted = await db.delete(upgradeTask).where(inArray(upgradeTask.id, ids)).returning({ id: upgradeTask.id });
      return deleted.length;
    },

    /** The zone of a device's (or datalogger's) plant. */
    async timeZoneOf(sn: string) {
      const [row] = await selectRows<{ time_zone: string }>(
        db,
        sql`select p.time_zone from plant p where p.id = coalesce((select plant_id from device where sn = ${sn}),
          (select plant_id from datalogger where sn = ${sn}))`,
      );
      return row?.time_zone ?? null;
    },

    /** A device's latest upgrades (the after-sales screen). */
    async ofDevice(sn: string) {
      return selectRows<{
        task_id: number;
        task_name: string;
        version: string;
        state: string;
        progress: number | null;
        error: string | null;
        stuck: boolean;
        updated_at: number;
      }>(
        db,
        sql`select t.id::float8 as task_id, t.name as task_name, t.version, s.state, c.progress, s.error,
            (u.reset_at is null and c.state in ${sql.raw(OPEN)}) as stuck, ${epochMs('coalesce(u.reset_at, c.updated_at, t.created_at)')} as updated_at
          from upgrade_device u join upgrade_task t on t.id = u.task_id left join device_command c on c.id = u.command_id
            cross join lateral (select ${sql.raw(STATE_SQL)} as state, ${sql.raw(ERROR_SQL)} as error) s
          where u.device_sn = ${sn} and u.skip_reason is null order by t.created_at desc limit 10`,
      );
    },

    /** Closes a device's open upgrades for the platform (reset): its commands not sent yet are cancelled; answers how many and those cancelled. */
    async reset(sn: string, by: number, reason: string, at: Date) {
      const cancelled = await selectRows<{ id: string; state: string; result: unknown; error: string | null; audit_log_id: number | null }>(
        db,
        sql`update device_command c set state = 'cancelled', updated_at = ${at}, finished_at = ${at}
          from upgrade_device u where u.command_id = c.id and u.device_sn = ${sn} and u.reset_at is null and c.state = 'queued'
          returning c.id, c.state, c.result, c.error, c.audit_log_id::float8 as audit_log_id`,
      );
      const cleared = await selectRows<{ task_id: number }>(
        db,
        sql`update upgrade_device u set reset_at = ${at}, reset_by = ${by}, reset_reason = ${reason}
          from device_command c where c.id = u.command_id and u.device_sn = ${sn} and u.reset_at is null
            and (c.state in ${sql.raw(OPEN)} or c.id in (select (jsonb_array_elements_text(${jsonParam(cancelled.map((row) => row.id))}))::uuid))
          returning u.task_id::float8 as task_id`,
      );
      return { cleared: cleared.length, cancelled };
    },
  };
}
export type UpgradeRepo = ReturnType<typeof createUpgradeRepo>;
