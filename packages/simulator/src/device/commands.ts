import {
  type CommandPayload,
  commandPayload,
  type DeviceType,
  type ReplyPayload,
  type SettingsKind,
  settingsKindOf,
} from '@sunstack/shared';
import { z } from 'zod';
import type { IvScanResult } from '../physics/ivFaults.ts';
import type { DeviceMetadata } from '../plant/definition.ts';
import { checkSettingsChange, type InverterFeatures, settingKeysOf } from '../plant/settings.ts';
import { hashString, uniform } from '../random.ts';
import { downloadFirmware, TransferError, uploadLog } from './transfer.ts';

/**
 * A datalogger's answers to `dl/{sn}/down/cmd` (protocol.md): each command id runs at most once
 * and a repeated id gets the first reply again; an expired command fails with "expired" and does
 * nothing. The first reply of every command is sent before anything is awaited, so a duplicate
 * that arrives while a download is running is already answered from memory.
 */

export const FIRMWARE_TARGETS = ['master', 'slave', 'manager', 'afci', 'module', 'battery'] as const;
export type FirmwareTarget = (typeof FIRMWARE_TARGETS)[number];
export const LOG_KINDS = ['battery', 'dsp', 'module', 'test'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** What a command may read or change on the datalogger and the devices behind it. */
export interface CommandTarget {
  sn: string;
  now(): number;
  /** The devices behind the datalogger, with their current firmware. */
  devices(): DeviceMetadata[];
  features: InverterFeatures;
  /** The settings of the datalogger's device of a kind (an inverter's, its meter's, its EMS's); undefined: it has none. */
  settings(kind: SettingsKind): Record<string, unknown> | undefined;
  changeSettings(kind: SettingsKind, settings: Record<string, unknown>): void;
  changeInterval(intervalSec: number): void;
  /** I-V curves of an inverter's strings as they are now, with the irradiance and cell temperature they were drawn at. */
  ivScan(inverterSn: string): IvScanResult;
  /** Applies verified firmware: the device restarts with the new version (the datalogger itself for `module`). */
  installFirmware(device: string, target: FirmwareTarget, version: string): Promise<void>;
  logText(kind: LogKind, device: string): string;
  reboot(): void;
  /** Publishes a reply; resolves once the broker has it (or it is queued while offline). */
  reply(reply: ReplyPayload): Promise<void>;
}

const firmwareParams = z.object({
  url: z.url({ protocol: /^https?$/ }),
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits'),
  size: z.number().int().positive(),
  version: z.string().min(1).max(32),
  target: z.enum(FIRMWARE_TARGETS),
  /** The models the image is built for (absent: any); a device of another model refuses it. */
  models: z.array(z.string().min(1).max(64)).max(32).optional(),
});
/** The reason a device gives for an image built for other models (the platform translates it). */
export const WRONG_MODEL = 'wrong model';
const intervalParams = z.object({ intervalSec: z.number().int().min(1).max(3600) });
const logParams = z.object({ kind: z.enum(LOG_KINDS), url: z.url({ protocol: /^https?$/ }) });
const keysParams = z.object({ keys: z.array(z.string()).max(64).optional() });

/** Which firmware targets a device type has. */
const TARGETS_BY_TYPE: Record<string, FirmwareTarget[]> = {
  datalogger: ['module'],
  inverter: ['master', 'slave', 'manager', 'afci'],
  battery: ['battery'],
  meter: ['master'],
  evCharger: ['master'],
  heatPump: ['master'],
  ems: ['master'],
  gateway: ['master'],
};

/** The error of a command failed on purpose (`failureShare`). */
export const SIMULATED_FAILURE = 'device busy (simulated failure)';

/** Remembered command ids; older ones are forgotten first. */
const REMEMBERED_IDS = 500;
/** A progress reply every this many percent of a download. */
const PROGRESS_STEP = 10;

export interface CommandProcessorOptions {
  /** Replies already given (restored from the saved state). */
  remembered?: [string, ReplyPayload][];
  /**
   * Share of commands (0-1) failed without running them, as a busy device answers, and share never
   * answered at all (the platform's expiry ends them): the failure paths of a real fleet. Which
   * commands is fixed by their id and `seed`, so a repeated id meets the same fate. Default 0.
   */
  failureShare?: number;
  timeoutShare?: number;
  seed?: number;
  downloadRetryDelayMs?: number;
  signal?: AbortSignal;
  onError?: (message: string) => void;
}

export class CommandProcessor {
  private readonly first = new Map<string, ReplyPayload>();

  constructor(
    private readonly target: CommandTarget,
    private readonly options: CommandProcessorOptions = {},
  ) {
    for (const [id, reply] of options.remembered ?? []) this.first.set(id, reply);
  }

  /** The ids answered so far with their first replies, oldest first (for the saved state). */
  remembered(): [string, ReplyPayload][] {
    return [...this.first.entries()];
  }

  /** Handles one message from the command topic; resolves when the command has finished. */
  async handle(raw: string | Buffer): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString());
    } catch {
      this.options.onError?.('command is not JSON: ignored');
      return;
    }
    const id = typeof (json as { id?: unknown })?.id === 'string' ? ((json as { id: string }).id as string) : undefined;
    if (id !== undefined && this.first.has(id)) {
      await this.target.reply(this.first.get(id) as ReplyPayload);
      return;
    }
    const parsed = commandPayload.safeParse(json);
    if (!parsed.success) {
      if (id !== undefined && id.length > 0 && id.length <= 64)
        this.send({ id, status: 'failed', error: `invalid command: ${describe(parsed.error)}` });
      else this.options.onError?.('command without a valid id: ignored');
      return;
    }
    const command = parsed.data;
    if (command.expiresAt < this.target.now()) {
      this.send({ id: command.id, status: 'failed', error: 'expired' });
      return;
    }
    const fate = uniform(hashString(command.id), this.options.seed ?? 0);
    const failureShare = this.options.failureShare ?? 0;
    if (fate < failureShare) {
      this.send({ id: command.id, status: 'failed', error: SIMULATED_FAILURE });
      return;
    }
    if (fate < failureShare + (this.options.timeoutShare ?? 0)) {
      this.options.onError?.(`command ${command.id} left unanswered (simulated timeout)`);
      return;
    }
    const deviceType =
      command.device === this.target.sn ? 'datalogger' : this.target.devices().find((device) => device.sn === command.device)?.type;
    if (!deviceType) {
      this.send({ id: command.id, status: 'failed', error: `unknown device: ${command.device}` });
      return;
    }
    try {
      await this.execute(command, deviceType);
    } catch (error) {
      this.send({
        id: command.id,
        status: 'failed',
        error: error instanceof TransferError ? error.message : `internal error: ${(error as Error).message}`,
      });
    }
  }

  private async execute(command: CommandPayload, deviceType: string): Promise<void> {
    const { id, params } = command;
    const fail = (error: string) => this.send({ id, status: 'failed', error });
    // The datalogger answers for the inverter it hangs on, a battery with its inverter's settings.
    const kind = deviceType === 'datalogger' ? 'inverter' : settingsKindOf(deviceType as DeviceType);
    const current = kind && this.target.settings(kind);
    switch (command.type) {
      case 'setting.get': {
        if (!kind || !current) return fail(`settings are not supported by a ${deviceType}`);
        const keysCheck = keysParams.safeParse(params);
        if (!keysCheck.success) return fail(`invalid params: ${describe(keysCheck.error)}`);
        const available = settingKeysOf(kind, this.target.features);
        const keys = keysCheck.data.keys ?? available;
        const unknown = keys.filter((key) => !available.includes(key));
        if (unknown.length > 0) return fail(`unknown setting: ${unknown.join(', ')}`);
        const result = Object.fromEntries(keys.map((key) => [key, current[key]]));
        return this.send({ id, status: 'done', result });
      }
      case 'setting.set': {
        if (!kind || !current) return fail(`settings are not supported by a ${deviceType}`);
        const check = checkSettingsChange(kind, current, params, this.target.features);
        if (!check.ok) return fail(check.error);
        this.target.changeSettings(kind, check.settings);
        return this.send({ id, status: 'done', result: check.applied });
      }
      case 'config.set': {
        const check = intervalParams.safeParse(params);
        if (!check.success) return fail(`invalid params: ${describe(check.error)}`);
        this.target.changeInterval(check.data.intervalSec);
        return this.send({ id, status: 'done', result: {} });
      }
      case 'iv.scan': {
        if (deviceType !== 'inverter') return fail(`I-V scan is not supported by a ${deviceType}`);
        return this.send({ id, status: 'done', result: { ...this.target.ivScan(command.device) } });
      }
      case 'reboot': {
        // Answer first, restart once the answer is out.
        await this.send({ id, status: 'done', result: {} });
        this.target.reboot();
        return;
      }
      case 'log.upload': {
        const check = logParams.safeParse(params);
        if (!check.success) return fail(`invalid params: ${describe(check.error)}`);
        this.send({ id, status: 'accepted' });
        await uploadLog(check.data.url, this.target.logText(check.data.kind, command.device), this.options.signal);
        return this.send({ id, status: 'done', result: {} });
      }
      case 'firmware.upgrade': {
        const check = firmwareParams.safeParse(params);
        if (!check.success) return fail(`invalid params: ${describe(check.error)}`);
        const { url, sha256, size, version, target, models } = check.data;
        if (!(TARGETS_BY_TYPE[deviceType] ?? []).includes(target)) return fail(`target ${target} does not apply to a ${deviceType}`);
        const model = this.target.devices().find((device) => device.sn === command.device)?.model;
        if (models && model !== undefined && !models.some((name) => name.toLowerCase() === model.toLowerCase()))
          return fail(`${WRONG_MODEL}: the image is for ${models.join(', ')}, this device is ${model}`);
        this.send({ id, status: 'accepted' });
        let reported = 0;
        await downloadFirmware({
          url,
          sha256,
          size,
          signal: this.options.signal,
          retryDelayMs: this.options.downloadRetryDelayMs,
          onProgress: (received) => {
            // Download is 0-90 %, installing the rest.
            const progress = Math.floor(((received / size) * 90) / PROGRESS_STEP) * PROGRESS_STEP;
            if (progress > reported) {
              reported = progress;
              this.send({ id, status: 'progress', progress });
            }
          },
        });
        await this.send({ id, status: 'progress', progress: 95 });
        await this.target.installFirmware(command.device, target, version);
        return this.send({ id, status: 'done', result: { version } });
      }
    }
  }

  private send(reply: ReplyPayload): Promise<void> {
    if (!this.first.has(reply.id)) {
      this.first.set(reply.id, reply);
      if (this.first.size > REMEMBERED_IDS) this.first.delete(this.first.keys().next().value as string);
    }
    return this.target.reply(reply);
  }
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
