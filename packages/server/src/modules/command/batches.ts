import { randomUUID } from 'node:crypto';
import {
  type Batch,
  type BatchCreateBody,
  type BatchListBody,
  type BatchTarget,
  needsBattery,
  type SettingsChange,
  settingsOfStrategy,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf } from '../../core/permissions.ts';
import type { Scope } from '../../core/scope.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { GroupRepo } from '../group/repo.ts';
import type { TemplateService } from '../template/service.ts';
import type { BatchDevice, BatchRepo, BatchRow } from './batchRepo.ts';
import type { CommandRepo } from './repo.ts';
import { answersOf, COMMAND_TTL_MS, settingsBefore } from './service.ts';

const present = (row: { batch: BatchRow; createdBy: string; counts: Batch['counts'] }): Batch => ({
  id: row.batch.id,
  target: { kind: row.batch.targetKind, label: row.batch.targetLabel },
  templateName: row.batch.templateName,
  settings: row.batch.settings,
  refused: row.batch.refused,
  withoutBattery: row.batch.withoutBattery,
  counts: row.counts,
  createdBy: row.createdBy,
  createdAt: row.batch.createdAt.getTime(),
});

/**
 * Group remote (issue 18): a template's strategy, or settings, sent to one device, a group of group
 * management or a selection of plants as one batch: the batch row, a setting.set command per device
 * the caller may operate and their operation log entries are made in one unit of work; what the
 * target names that the caller may not operate (out of scope, seen read-only, an integrator's device
 * without control) is counted as refused and never commanded. A template, group or device out of
 * scope answers like a missing one.
 */
export function createBatchService(deps: {
  batches: BatchRepo;
  commands: CommandRepo;
  templates: Pick<TemplateService, 'strategyOf'>;
  groups: Pick<GroupRepo, 'find' | 'allMembers'>;
  audit: AuditService;
  transaction: Transaction;
  now: () => number;
}) {
  const { batches, commands, templates, groups, audit, transaction, now } = deps;

  /** The devices a target names, how many more it names that the caller may not operate, and how it reads. */
  async function resolve(scope: Scope, target: BatchTarget) {
    if (target.kind === 'device') {
      if (!(await commands.target(scope, target.sn))) throw notFound();
      const { devices, unknownSns } = await batches.devicesOf(scope, { sns: [target.sn] });
      return { devices, refused: unknownSns, label: target.sn };
    }
    if (target.kind === 'group') {
      const group = await groups.find(scope, target.groupId);
      if (!group) throw notFound();
      const { devices, refusedPlants, unknownSns } = await batches.devicesOf(scope, await groups.allMembers(group.id));
      return { devices, refused: refusedPlants + unknownSns, label: group.name };
    }
    const plantIds = [...new Set(target.plantIds)];
    const { devices, refusedPlants } = await batches.devicesOf(scope, { plantIds });
    return { devices, refused: refusedPlants, label: String(plantIds.length) };
  }

  /** A setting.set per device, each with its operation log entry (before as the device last reported it), in the caller's unit of work. */
  async function queue(session: Session, client: ClientInfo, batchId: string, devices: BatchDevice[], settings: SettingsChange) {
    const reported = await commands.reportedSettings(devices.map((target) => target.sn));
    const ids = devices.map(() => randomUUID());
    const entries = await audit.recordMany(
      session,
      client,
      devices.map((target, index) => ({
        action: 'device.setting.set',
        objectType: 'device',
        objectId: target.sn,
        before: settingsBefore(settings, reported.get(target.sn) ?? {}),
        after: { commandId: ids[index], batchId, ...settings },
      })),
    );
    const expiresAt = new Date(now() + COMMAND_TTL_MS);
    await batches.insertCommands(
      devices.map((target, index) => ({
        id: ids[index] as string,
        deviceSn: target.sn,
        dataloggerSn: target.dataloggerSn,
        type: 'setting.set',
        params: settings,
        createdBy: session.accountId,
        expiresAt,
        auditLogId: entries[index] as number,
        batchId,
      })),
    );
    return devices.length;
  }

  /** Who of the devices the caller may operate gets the settings: battery settings only inverters with a battery. */
  const recipients = (devices: BatchDevice[], settings: SettingsChange) =>
    devices.filter((target) => target.commandable && (target.hasBattery || !needsBattery(settings)));

  async function visible(scope: Scope, id: string) {
    const row = await batches.find(scope, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async create(session: Session, client: ClientInfo, body: BatchCreateBody) {
      return transaction(async () => {
        const template = 'templateId' in body ? await templates.strategyOf(session, body.templateId) : undefined;
        const settings = template ? settingsOfStrategy(template.strategy) : (body as { settings: SettingsChange }).settings;
        const { devices, refused: named, label } = await resolve(session, body.target);
        const commandable = devices.filter((target) => target.commandable);
        const refused = named + devices.length - commandable.length;
        const sendTo = recipients(devices, settings);
        const withoutBattery = commandable.length - sendTo.length;
        const batchId = randomUUID();
        await batches.insert({
          id: batchId,
          organisationId: organisationIdOf(session),
          targetKind: body.target.kind,
          targetLabel: label,
          templateName: template?.name ?? null,
          settings,
          refused,
          withoutBattery,
          createdBy: session.accountId,
        });
        await audit.record(session, client, {
          action: 'batch.create',
          objectType: 'batch',
          objectId: batchId,
          after: { target: body.target, template: template?.name, settings, commands: sendTo.length, refused, withoutBattery },
        });
        await queue(session, client, batchId, sendTo, settings);
        return { batchId, commands: sendTo.length, refused, withoutBattery };
      });
    },

    async list(session: Session, page: BatchListBody) {
      const { total, rows } = await batches.list(session, page);
      return { total, currentPage: page.currentPage, pageSize: page.pageSize, batches: rows.map(present) };
    },

    async detail(session: Session, id: string) {
      return present(await visible(session, id));
    },

    /** The devices whose latest command failed or expired get a new one, if the caller may still operate them. */
    async retry(session: Session, client: ClientInfo, id: string) {
      return transaction(async () => {
        const { batch } = await visible(session, id);
        const failed = (await batches.failedDevices(id)).map((row) => row.device_sn);
        const { devices } = await batches.devicesOf(session, { sns: failed });
        const sent = await queue(
          session,
          client,
          id,
          recipients(devices, batch.settings as SettingsChange),
          batch.settings as SettingsChange,
        );
        await audit.record(session, client, { action: 'batch.retry', objectType: 'batch', objectId: id, after: { commands: sent } });
        return { commands: sent };
      });
    },

    /** Cancels the commands not sent yet (each answer into its operation log entry). */
    async cancel(session: Session, client: ClientInfo, id: string) {
      return transaction(async () => {
        await visible(session, id);
        const cancelled = await batches.cancelWaiting(id, new Date(now()));
        await audit.addAnswers(answersOf(cancelled));
        await audit.record(session, client, {
          action: 'batch.cancel',
          objectType: 'batch',
          objectId: id,
          after: { commands: cancelled.length },
        });
        return { commands: cancelled.length };
      });
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
