import { randomUUID } from 'node:crypto';
import {
  type Command,
  type CommandListBody,
  type CommandType,
  type ConfigSetBody,
  type DeviceSettingsReported,
  type DeviceType,
  Errno,
  FINAL_COMMAND_STATES,
  type RebootBody,
  type ReplyPayload,
  type ReportedSettings,
  SETTINGS_KINDS,
  type SettingGetBody,
  type SettingSetBody,
  settingsKindOf,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import { changeable, type Scope } from '../../core/scope.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, invalidInput, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { CommandRepo, CommandRow, FinishedCommand } from './repo.ts';

/**
 * How long a command waits to be taken up: an offline datalogger gets it when it connects within
 * this time; after it the command expires (and a device that gets it late refuses it).
 */
export const COMMAND_TTL_MS = 60 * 60_000;
/**
 * A device that took a command up and then says nothing for this long after its deadline has lost
 * it (restarted, or its reply was lost): the command expires rather than stay open for ever. Long
 * enough for the slowest work a device reports progress on (a firmware download and flash).
 */
export const SILENT_DEVICE_MS = 30 * 60_000;
/** Replies written in one transaction at most. */
const REPLY_BATCH = 1_000;

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

/** What a device answered, as its command's operation log entry keeps it. */
const answerOf = ({ state, result, error }: FinishedCommand) => ({ state, ...(result ? { result } : {}), ...(error ? { error } : {}) });

/** The finished commands' answers, for their operation log entries. */
export const answersOf = (finished: FinishedCommand[]) =>
  finished.flatMap((command) =>
    command.auditLogId !== null && FINAL_COMMAND_STATES.includes(command.state)
      ? [{ entryId: command.auditLogId, answer: answerOf(command) }]
      : [],
  );

/** The values a settings change replaces, as the device last reported them ("unknown" when it never did). */
export const settingsBefore = (change: Record<string, unknown>, reported: ReportedSettings) =>
  Object.fromEntries(Object.keys(change).map((key) => [key, reported[key as keyof ReportedSettings]?.value ?? 'unknown']));

/** What the device last reported of the values a command changes ("unknown" when it never did); none for a command that changes nothing. */
type Before = (reported: Awaited<ReturnType<CommandRepo['lastReported']>>) => Record<string, unknown> | undefined;

/** The settings a device of this type has: its kind's (an inverter's, a battery's inverter's, a meter's, an EMS's); none for others. */
function settingsOf(type: DeviceType) {
  const kind = settingsKindOf(type);
  if (!kind) throw invalidInput('body.sn', [{ path: [], message: 'validation.settingsUnsupported' }]);
  return SETTINGS_KINDS[kind];
}

/** Keys the device's kind lacks, as issues under `path` (each by its position or name). */
function unknownKeys(type: DeviceType, keys: string[], path: string, name: (key: string, index: number) => string) {
  const { keys: known } = settingsOf(type);
  const issues = keys.flatMap((key, index) =>
    known.includes(key) ? [] : [{ path: [name(key, index)], message: 'validation.settingUnknown' }],
  );
  if (issues.length > 0) throw invalidInput(path, issues);
}

/**
 * Device commands (issue 18): the caller's request becomes a row (the dispatcher sends it) and an
 * operation log entry, in one unit of work; the command's state comes from the device's replies.
 * The entry holds who, what, the values before as the device last reported them, and after; the
 * device's answer is added to it in the transaction that finishes the command.
 * A device out of scope answers like a missing one; one the caller sees but may not operate 40300.
 */
export function createCommandService(deps: { commands: CommandRepo; audit: AuditService; transaction: Transaction; now: () => number }) {
  const { commands, audit, transaction, now } = deps;

  /**
   * Makes a command and its operation log entry, for a device the caller may command. `params` may depend on the
   * device (checked against its kind, which throws before anything is written).
   */
  async function queue(
    session: Session,
    client: ClientInfo,
    sn: string,
    command: {
      type: CommandType;
      params: Record<string, unknown> | ((device: { type: DeviceType }) => Record<string, unknown>);
      before?: Before;
    },
  ) {
    return transaction(async () => {
      const target = changeable(await commands.target(session, sn));
      const id = randomUUID();
      const { type } = command;
      const params = typeof command.params === 'function' ? command.params(target) : command.params;
      const before = command.before?.(await commands.lastReported(target.sn));
      const auditLogId = await audit.record(session, client, {
        action: `device.${type}`,
        objectType: 'device',
        objectId: sn,
        before,
        after: { commandId: id, ...params },
      });
      await commands.insert({
        id,
        deviceSn: target.sn,
        dataloggerSn: target.dataloggerSn,
        type,
        params,
        createdBy: session.accountId,
        expiresAt: new Date(now() + COMMAND_TTL_MS),
        auditLogId,
      });
      return { commandId: id };
    });
  }

  /** The finished commands' answers, into their operation log entries (inside the transaction that finished them). */
  const recordAnswers = (finished: FinishedCommand[]) => audit.addAnswers(answersOf(finished));

  const waitingReplies: { dataloggerSn: string; reply: ReplyPayload; resolve(moved: boolean): void; reject(error: unknown): void }[] = [];
  let writingReplies = false;
  /** Writes the waiting replies, up to REPLY_BATCH a transaction, until none wait. */
  async function writeReplies() {
    writingReplies = true;
    while (waitingReplies.length > 0) {
      const batch = waitingReplies.splice(0, REPLY_BATCH);
      // A command's latest reply of the batch is the one written (a datalogger's replies arrive in order).
      const key = (dataloggerSn: string, id: string) => `${dataloggerSn}\u0000${id.toLowerCase()}`;
      const latest = new Map(batch.map((item) => [key(item.dataloggerSn, item.reply.id), item]));
      try {
        const moved = await transaction(async () => {
          const finished = await commands.reply([...latest.values()], new Date(now()));
          await recordAnswers(finished);
          return new Set(finished.map((command) => key(command.dataloggerSn, command.id)));
        });
        for (const item of batch) item.resolve(moved.has(key(item.dataloggerSn, item.reply.id)));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    writingReplies = false;
  }

  /** The device the caller sees (out of scope answers like a missing one). */
  async function visibleTarget(scope: Scope, sn: string) {
    const target = await commands.target(scope, sn);
    if (!target) throw notFound();
    return target;
  }

  return {
    requestSettings(session: Session, client: ClientInfo, body: SettingGetBody) {
      return queue(session, client, body.sn, {
        type: 'setting.get',
        params: (device) => {
          const { keys } = body;
          unknownKeys(device.type, keys ?? [], 'body.keys', (_, index) => String(index));
          // Without keys the device answers every setting it has (a plant without a battery has no battery keys).
          return keys ? { keys } : {};
        },
      });
    },

    changeSettings(session: Session, client: ClientInfo, body: SettingSetBody) {
      return queue(session, client, body.sn, {
        type: 'setting.set',
        // Checked by the schema of the device's kind: an unknown key or a bad value is refused before anything is sent.
        params: (device) => {
          unknownKeys(device.type, Object.keys(body.settings), 'body.settings', (key) => key);
          const checked = settingsOf(device.type).change.safeParse(body.settings);
          if (!checked.success) throw invalidInput('body.settings', checked.error.issues);
          return checked.data;
        },
        before: ({ settings }) => settingsBefore(body.settings, settings),
      });
    },

    // The sampling interval and a restart configure the datalogger, the communication module (spec section 6).
    configure(session: Session, client: ClientInfo, { sn, intervalSec }: ConfigSetBody) {
      requirePermission(session, 'modules.configure');
      return queue(session, client, sn, {
        type: 'config.set',
        params: { intervalSec },
        before: (reported) => ({ intervalSec: reported.intervalSec?.value ?? 'unknown' }),
      });
    },

    reboot(session: Session, client: ClientInfo, { sn }: RebootBody) {
      requirePermission(session, 'modules.configure');
      return queue(session, client, sn, { type: 'reboot', params: {} });
    },

    /** A command another module makes (diagnostics: iv.scan, log.upload), with its operation log entry, in the caller's unit of work. */
    send(session: Session, client: ClientInfo, sn: string, type: 'iv.scan' | 'log.upload', params: Record<string, unknown>) {
      return queue(session, client, sn, { type, params });
    },

    async reported(session: Session, sn: string): Promise<DeviceSettingsReported> {
      const target = await visibleTarget(session, sn);
      const { settings, intervalSec } = await commands.lastReported(target.sn);
      // Keys the console knows of the device's kind; a device may report more.
      const keys = settingsKindOf(target.type) ? settingsOf(target.type).keys : [];
      const known = Object.fromEntries(keys.flatMap((key) => (settings[key] ? [[key, settings[key]]] : [])));
      return {
        sn: target.sn,
        connected: target.online,
        controllable: target.writable,
        timeZone: target.timeZone ?? 'UTC',
        settings: known,
        intervalSec,
      };
    },

    /**
     * A device's reply, from the ingest: moves its command on (false: no open command of that datalogger
     * has the id). Replies that arrive while others are written wait and go together, in one transaction
     * (10,000 devices answering a batch at once are 10,000 replies a few seconds apart); each resolves
     * once its transaction has committed, so the broker's acknowledgement still follows the write.
     */
    reply: (dataloggerSn: string, reply: ReplyPayload) =>
      new Promise<boolean>((resolve, reject) => {
        waitingReplies.push({ dataloggerSn, reply, resolve, reject });
        if (!writingReplies) void writeReplies();
      }),

    /** Commands not taken up by their deadline, or taken up by a device gone silent, expire (the dispatcher, each pass). */
    async expire() {
      await transaction(async () => recordAnswers(await commands.expire(new Date(now()), SILENT_DEVICE_MS)));
    },

    /**
     * A device's command stream for the caller: its open commands first, then those that changed
     * (told by `follow`); read with the caller's scope each time, so a device that leaves it ends
     * the stream. Out of scope answers like a missing device before anything streams.
     */
    async stream(session: Session, sn: string) {
      const target = await visibleTarget(session, sn);
      const read = async (ids?: string[]) => ({ commands: (await commands.ofDevice(session, target.sn, ids)).map(present) });
      return {
        sn: target.sn,
        first: await read(),
        async read(ids: string[]) {
          await visibleTarget(session, sn);
          return read(ids);
        },
      };
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
        const cancelled = await commands.cancel(id, new Date(now()));
        if (!cancelled) throw new AppError(Errno.commandNotCancellable);
        await recordAnswers([cancelled]);
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
