import { randomUUID } from 'node:crypto';
import { type Command, type CommandListBody, type CommandType, Errno, type SettingGetBody, type SettingSetBody } from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { changeable } from '../../core/scope.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { CommandRepo, CommandRow } from './repo.ts';

/**
 * How long a command waits to be taken up: an offline datalogger gets it when it connects within
 * this time; after it the command expires (and a device that gets it late refuses it).
 */
export const COMMAND_TTL_MS = 60 * 60_000;

function present({ command, createdBy }: { command: CommandRow; createdBy: string }): Command {
  return {
    id: command.id,
    sn: command.deviceSn,
    dataloggerSn: command.dataloggerSn,
    type: command.type,
    params: command.params,
    state: command.state,
    progress: command.progress,
    result: command.result,
    error: command.error,
    createdBy,
    createdAt: command.createdAt.getTime(),
    sentAt: command.sentAt?.getTime() ?? null,
    updatedAt: command.updatedAt.getTime(),
    expiresAt: command.expiresAt.getTime(),
    finishedAt: command.finishedAt?.getTime() ?? null,
  };
}

/**
 * Device commands (issue 18): the caller's request becomes a row (the dispatcher sends it) and an
 * operation log entry, in one unit of work; the command's state comes from the device's replies.
 * A device out of scope answers like a missing one; one the caller sees but may not operate 40300.
 */
export function createCommandService(deps: { commands: CommandRepo; audit: AuditService; transaction: Transaction; now: () => number }) {
  const { commands, audit, transaction, now } = deps;

  async function queue(session: Session, client: ClientInfo, sn: string, type: CommandType, params: Record<string, unknown>) {
    return transaction(async () => {
      const target = changeable(await commands.target(session, sn));
      const id = randomUUID();
      await commands.insert({
        id,
        deviceSn: target.sn,
        dataloggerSn: target.dataloggerSn,
        type,
        params,
        createdBy: session.accountId,
        expiresAt: new Date(now() + COMMAND_TTL_MS),
      });
      await audit.record(session, client, {
        action: `device.${type}`,
        objectType: 'device',
        objectId: sn,
        after: { commandId: id, ...params },
      });
      return { commandId: id };
    });
  }

  return {
    requestSettings(session: Session, client: ClientInfo, body: SettingGetBody) {
      // Without keys the device answers every setting it has (a plant without a battery has no battery keys).
      return queue(session, client, body.sn, 'setting.get', body.keys ? { keys: body.keys } : {});
    },

    changeSettings(session: Session, client: ClientInfo, body: SettingSetBody) {
      return queue(session, client, body.sn, 'setting.set', body.settings);
    },

    async detail(session: Session, id: string) {
      const row = await commands.find(session, id);
      if (!row) throw notFound();
      return present(row);
    },

    async list(session: Session, filters: CommandListBody) {
      const { total, rows } = await commands.list(session, filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, commands: rows.map(present) };
    },

    /** Only a command not sent yet can be taken back (a device is never asked to undo one). */
    async cancel(session: Session, client: ClientInfo, id: string) {
      return transaction(async () => {
        const row = await commands.find(session, id);
        if (!row) throw notFound();
        changeable(await commands.target(session, row.command.deviceSn));
        if (!(await commands.cancel(id, new Date(now())))) throw new AppError(Errno.commandNotCancellable);
        await audit.record(session, client, {
          action: 'device.commandCancel',
          objectType: 'device',
          objectId: row.command.deviceSn,
          before: { commandId: id, state: row.command.state },
        });
      });
    },
  };
}
export type CommandService = ReturnType<typeof createCommandService>;
