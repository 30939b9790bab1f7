import { randomBytes, randomUUID } from 'node:crypto';
import {
  type BlacklistListBody,
  type BlacklistSetBody,
  Errno,
  FIRMWARE_TYPES_OF,
  inventoryKeyOf,
  limitHolds,
  type SkipReason,
  targetOf,
  UPGRADE_SWITCH_OF,
  type UpgradeCreateBody,
  type UpgradeDevicesBody,
  type UpgradeListBody,
  type UpgradeResetBody,
  type UpgradeState,
  type UpgradeTask,
} from '@sunstack/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import { uniqueViolation } from '../../db/client.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { answersOf, COMMAND_TTL_MS, SILENT_DEVICE_MS } from '../command/service.ts';
import type { FileService } from '../file/service.ts';
import type { FirmwareRepo, FirmwareRow } from '../firmware/repo.ts';
import type { FirmwareService } from '../firmware/service.ts';
import type { Candidate, TaskDevice, TaskRow, UpgradeRepo } from './repo.ts';

/** The command states in which its download opens. */
const OPEN_STATES = ['queued', 'sent', 'accepted', 'progress'];

const present = (row: { task: TaskRow; createdBy: string; counts: UpgradeTask['counts'] }): UpgradeTask => ({
  id: row.task.id,
  name: row.task.name,
  deviceType: row.task.deviceType,
  firmwareId: row.task.firmwareId ?? 0,
  firmwareName: row.task.firmwareName,
  expectedVersion: row.task.version,
  firmwareType: row.task.firmwareType,
  counts: row.counts,
  running: row.counts.waiting + row.counts.delivering + row.counts.upgrading > 0,
  createdBy: row.createdBy,
  createdAt: row.task.createdAt.getTime(),
});

/** What a device's value of a limit's field is: its model, its vendor (the SN's first two characters), its plant's country. */
const deviceValue = (candidate: Candidate, field: 'model' | 'vendor' | 'country') =>
  field === 'model' ? candidate.model : field === 'vendor' ? candidate.sn.slice(0, 2) : candidate.country;

/** Why a device is not sent this firmware, or undefined when it is. */
export function skipReasonOf(
  candidate: Candidate,
  firmware: Pick<FirmwareRow, 'deviceType' | 'firmwareType' | 'version' | 'limits'>,
): SkipReason | undefined {
  if (candidate.type !== firmware.deviceType || !FIRMWARE_TYPES_OF[firmware.deviceType].includes(firmware.firmwareType)) return 'wrongKind';
  if (!firmware.limits.every((limit) => limitHolds(limit, deviceValue(candidate, limit.field)))) return 'limits';
  if (candidate.firmware[inventoryKeyOf(firmware.firmwareType)] === firmware.version) return 'sameVersion';
  if (candidate.busy) return 'busy';
  return undefined;
}

/**
 * The models an image is built for: its limits "model equals". The command names them, so a device whose real model is
 * another (the inventory the platform holds is stale, a board was swapped) refuses the image and says "wrong model".
 */
export const modelsOf = (limits: FirmwareRow['limits']) =>
  limits.filter((limit) => limit.field === 'model' && limit.operator === 'eq').map((limit) => limit.value);

/**
 * Upgrade tasks (issue 20) on the command path: each device the caller may operate is either skipped with the reason
 * (never sent) or gets a firmware.upgrade command with its operation log entry, all in one unit of work; the command
 * carries a download URL bound to that device and task (a random token, open while the command is), with the image's
 * sha256 and size. SNs the caller may not operate are refused exactly like missing ones.
 */
export function createUpgradeService(deps: {
  upgrades: UpgradeRepo;
  firmware: FirmwareService;
  firmwareRepo: FirmwareRepo;
  files: FileService;
  audit: AuditService;
  transaction: Transaction;
  now: () => number;
  publicUrl: string;
}) {
  const { upgrades, firmware, firmwareRepo, files, audit, transaction, now, publicUrl } = deps;

  async function visible(session: Session, id: number) {
    const row = await upgrades.find(session, id);
    if (!row) throw notFound();
    return row;
  }

  /** What a firmware would do to these SNs: the devices the caller may operate, each with its skip reason or none; the SNs it may not (or that are missing). */
  async function plan(session: Session, firmwareId: number, sns: string[]) {
    const image = await firmware.sendable(session, firmwareId);
    requirePermission(session, UPGRADE_SWITCH_OF[image.deviceType]);
    const candidates = await upgrades.candidates(session, sns, image.deviceType);
    const found = new Set(candidates.map((candidate) => candidate.sn));
    const refused = sns.filter((sn) => !found.has(sn));
    const key = inventoryKeyOf(image.firmwareType);
    const devices: TaskDevice[] = candidates.map((candidate) => ({
      deviceSn: candidate.sn,
      preVersion: candidate.firmware[key] ?? null,
      skipReason: skipReasonOf(candidate, image) ?? null,
      wave: 0,
    }));
    return { image, candidates, refused, devices };
  }

  async function insertTask(session: Session, name: string, image: FirmwareRow) {
    return upgrades.insertTask({
      name,
      firmwareId: image.id,
      firmwareName: image.name,
      version: image.version,
      firmwareType: image.firmwareType,
      deviceType: image.deviceType,
      organisationId: organisationIdOf(session),
      createdBy: session.accountId,
    });
  }

  /**
   * A firmware.upgrade command for each device, with its operation log entry (before: the version the device reported),
   * its download token and the image's sha256 and size, in the caller's unit of work.
   */
  async function send(
    actor: Session,
    client: ClientInfo,
    taskId: number,
    image: Pick<FirmwareRow, 'sha256' | 'size' | 'version' | 'firmwareType' | 'limits'>,
    devices: { sn: string; dataloggerSn: string; firmware: Record<string, string> }[],
  ) {
    if (devices.length === 0) return;
    const target = targetOf(image.firmwareType);
    const key = inventoryKeyOf(image.firmwareType);
    const models = modelsOf(image.limits);
    const ids = devices.map(() => randomUUID());
    const entries = await audit.recordMany(
      actor,
      client,
      devices.map((device, index) => ({
        action: 'device.firmware.upgrade',
        objectType: 'device',
        objectId: device.sn,
        before: { version: device.firmware[key] ?? 'unknown' },
        after: { commandId: ids[index], taskId, version: image.version, target },
      })),
    );
    const expiresAt = new Date(now() + COMMAND_TTL_MS);
    await upgrades.sendCommands(
      taskId,
      devices.map((device, index) => {
        const downloadToken = randomBytes(32).toString('base64url');
        return {
          id: ids[index] as string,
          deviceSn: device.sn,
          dataloggerSn: device.dataloggerSn,
          params: {
            url: `${publicUrl}/c/v0/upgrade/fetch?token=${downloadToken}`,
            sha256: image.sha256,
            size: image.size,
            version: image.version,
            target,
            ...(models.length > 0 ? { models } : {}),
          },
          createdBy: actor.accountId,
          expiresAt,
          auditLogId: entries[index] as number,
          downloadToken,
        };
      }),
    );
  }

  return {
    /** One device or a batch, sent at once (each device the caller may operate, unless skipped). */
    async create(session: Session, client: ClientInfo, body: UpgradeCreateBody) {
      const sns = [...new Set(body.sns)];
      if (sns.length > 1) requirePermission(session, 'upgrade.batch');
      return transaction(async () => {
        const { image, candidates, refused, devices } = await plan(session, body.firmwareId, sns);
        const taskId = await insertTask(session, body.name, image);
        await upgrades.insertDevices(taskId, devices);
        const sendable = new Set(devices.filter((row) => !row.skipReason).map((row) => row.deviceSn));
        const sent = candidates.filter((candidate) => sendable.has(candidate.sn));
        const skipped = devices.length - sent.length;
        await audit.record(session, client, {
          action: 'upgrade.create',
          objectType: 'upgrade',
          objectId: taskId,
          after: { name: body.name, firmwareId: image.id, version: image.version, sent: sent.length, skipped, refused: refused.length },
        });
        await send(session, client, taskId, image, sent);
        return { id: taskId, sent: sent.length, skipped, refused };
      });
    },

    plan,
    insertTask,
    send,

    async list(session: Session, filters: UpgradeListBody) {
      const { total, rows } = await upgrades.list(session, filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, tasks: rows.map(present) };
    },

    async task(session: Session, id: number) {
      return present(await visible(session, id));
    },

    async devices(session: Session, filters: UpgradeDevicesBody) {
      const task = present(await visible(session, filters.id));
      const { total, rows } = await upgrades.devices(filters);
      return {
        total,
        currentPage: filters.currentPage,
        pageSize: filters.pageSize,
        task,
        devices: rows.map((row) => ({
          sn: row.sn,
          model: row.model,
          preVersion: row.pre_version,
          state: row.state as UpgradeState,
          skipReason: row.skip_reason as SkipReason | null,
          progress: row.progress,
          error: row.error,
          updatedAt: Number(row.updated_at),
          timeZone: row.time_zone,
        })),
      };
    },

    /** Task batch delete: the devices not sent yet are withdrawn (their answers into their entries), then the tasks go. */
    async delete(session: Session, client: ClientInfo, ids: number[]) {
      requirePermission(session, 'upgrade.taskBatchDelete');
      return transaction(async () => {
        for (const id of ids) await visible(session, id);
        const withdrawn = await upgrades.withdraw({ taskIds: ids }, new Date(now()));
        await audit.addAnswers(answersOf(withdrawn.map(finishedOf)));
        const deleted = await upgrades.deleteTasks(ids);
        await audit.record(session, client, {
          action: 'upgrade.delete',
          objectType: 'upgrade',
          objectId: ids.join(','),
          after: { withdrawn: withdrawn.length },
        });
        return { deleted, withdrawn: withdrawn.length };
      });
    },

    async ofDevice(sn: string) {
      const rows = await upgrades.ofDevice(sn);
      return {
        sn,
        timeZone: await upgrades.timeZoneOf(sn),
        upgrades: rows.map((row) => ({
          taskId: Number(row.task_id),
          taskName: row.task_name,
          expectedVersion: row.version,
          state: row.state as UpgradeState,
          progress: row.progress,
          error: row.error,
          stuck: row.stuck,
          updatedAt: Number(row.updated_at),
        })),
      };
    },

    /** Upgrade reset (after-sales): the device's open upgrades are closed for the platform, with who and why. */
    async reset(session: Session, client: ClientInfo, { sn, reason }: UpgradeResetBody) {
      return transaction(async () => {
        const { cleared, cancelled } = await upgrades.reset(sn, session.accountId, reason, new Date(now()));
        if (cleared === 0) throw new AppError(Errno.upgradeNotStuck);
        await audit.addAnswers(answersOf(cancelled.map(finishedOf)));
        await audit.record(session, client, { action: 'upgrade.reset', objectType: 'device', objectId: sn, after: { reason, cleared } });
        return { cleared };
      });
    },

    /**
     * The device's download: open while its command is (queued, sent, taken up, in progress; not reset) and for
     * SILENT_DEVICE_MS past the command's deadline at most; a blacklisted version is never served (410). Queued counts:
     * the dispatcher marks a pass's commands sent when the pass commits, after the broker took them all, and a device
     * downloads as soon as its command arrives (the token leaves the server only in that message).
     */
    async fetch(request: FastifyRequest, reply: FastifyReply, token: string) {
      const row = await upgrades.download(token);
      const refuse = (status: number) => reply.code(status).send({ errno: Errno.notFound, result: {} });
      if (!row?.file || row.reset || !OPEN_STATES.includes(row.state)) return refuse(404);
      if (now() > Number(row.expires_at) + SILENT_DEVICE_MS) return refuse(403);
      if (row.blacklisted) return refuse(410);
      if (!(await files.send(request, reply, row.file))) return refuse(404);
      return reply;
    },

    blacklist: {
      async list(session: Session, filters: BlacklistListBody) {
        requirePermission(session, 'blacklist.set');
        const { total, rows } = await firmwareRepo.blacklist(filters);
        return {
          total,
          currentPage: filters.currentPage,
          pageSize: filters.pageSize,
          entries: rows.map(({ entry, operatedBy }) => ({
            id: entry.id,
            version: entry.version,
            series: entry.series,
            reason: entry.reason,
            operatedBy,
            operatedAt: entry.createdAt.getTime(),
          })),
        };
      },

      /** Blacklists a version; the waiting commands sending it are withdrawn in the same unit of work, so none goes out after. */
      async set(session: Session, client: ClientInfo, body: BlacklistSetBody) {
        requirePermission(session, 'blacklist.set');
        try {
          return await transaction(async () => {
            const id = await firmwareRepo.insertBlacklist({ ...body, createdBy: session.accountId });
            const stopped = await upgrades.withdraw({ version: body.version, series: body.series }, new Date(now()));
            await audit.addAnswers(answersOf(stopped.map(finishedOf)));
            await audit.record(session, client, {
              action: 'blacklist.set',
              objectType: 'blacklist',
              objectId: id,
              after: { ...body, stopped: stopped.length },
            });
            return { id, stopped: stopped.length };
          });
        } catch (error) {
          if (uniqueViolation(error) === 'firmware_blacklist_key') throw new AppError(Errno.blacklistExists);
          throw error;
        }
      },

      async delete(session: Session, client: ClientInfo, id: number) {
        requirePermission(session, 'blacklist.delete');
        return transaction(async () => {
          const entry = await firmwareRepo.deleteBlacklist(id);
          if (!entry) throw notFound();
          await audit.record(session, client, {
            action: 'blacklist.delete',
            objectType: 'blacklist',
            objectId: id,
            before: { version: entry.version, series: entry.series, reason: entry.reason },
          });
          return {};
        });
      },
    },
  };
}
export type UpgradeService = ReturnType<typeof createUpgradeService>;

/** A withdrawn command as the operation log's answers take it. */
export const finishedOf = (row: { id: string; state: string; result: unknown; error: string | null; audit_log_id: number | null }) => ({
  id: row.id,
  state: row.state as 'cancelled',
  result: row.result as Record<string, unknown> | null,
  error: row.error,
  auditLogId: row.audit_log_id === null ? null : Number(row.audit_log_id),
});
