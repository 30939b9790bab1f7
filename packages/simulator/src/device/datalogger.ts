import type { Socket } from 'node:net';
import type { EmsSettings, MeterSettings, PlantSettings, SettingsKind } from '@sunstack/shared';
import {
  commandTopic,
  type InventoryPayload,
  MAX_PAYLOAD_BYTES,
  planeOfArray,
  type ReplyPayload,
  type StatusPayload,
  type UplinkKind,
  uplinkTopic,
} from '@sunstack/shared';
import mqtt, { type MqttClient } from 'mqtt';
import { type IvFaults, ivScanOf } from '../physics/ivFaults.ts';
import { type DeviceMetadata, devicesOf, type Firmware, inverterFeatures, type PlantDefinition } from '../plant/definition.ts';
import type { FaultEvent } from '../plant/faults.ts';
import { PlantModel, type PlantSnapshot, type Sample } from '../plant/plantModel.ts';
import type { InverterFeatures } from '../plant/settings.ts';
import { hash32, hashString, uniform } from '../random.ts';
import { alignDown, DAY_MS } from '../time.ts';
import { CommandProcessor, type CommandTarget, type FirmwareTarget, type LogKind } from './commands.ts';
import { OfflineSchedule } from './offline.ts';
import type { DataloggerState, StateStore } from './stateStore.ts';

/**
 * One simulated datalogger speaking protocol.md over MQTT: it connects as its SN with its secret
 * and a last will, announces itself (status, inventory), publishes samples of every device behind
 * it at wall-clock aligned times, raises and clears faults, drops off the network now and then and
 * replays what it missed, and answers commands.
 *
 * Samples are generated lazily, in time order, when there is room to send them: history (the
 * backfill), samples missed while offline and live samples all come out of one cursor, oldest
 * first. A message is only forgotten once the broker has acknowledged it; the plant state saved
 * for a restart is the one at the newest acknowledged sample.
 */

export interface SimulatorLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLog: SimulatorLog = { info() {}, warn() {}, error() {} };

export interface DataloggerOptions {
  /** Broker URL, e.g. mqtt://127.0.0.1:1884. */
  url: string;
  plant: PlantDefinition;
  /** The device secret: the MQTT password. */
  secret: string;
  /** Live sample interval, seconds (the platform can change it with `config.set`). Default 300; tests use fractions. */
  intervalSec?: number;
  /** History to publish before going live, days. Default 0. */
  backfillDays?: number;
  /** Sample interval of history older than `backfillFineDays`, seconds. Default 900. */
  backfillCoarseSec?: number;
  /** The most recent days of history are sampled at `intervalSec`. Default 7. */
  backfillFineDays?: number;
  /** Newest sample time the platform already stores: nothing at or before it is sent. */
  resumeFrom?: number;
  /** Expected faults per device per day. Default 0. */
  faultRate?: number;
  /** Faults of PV strings that I-V scans show, per inverter SN and string number (from 1). Default none. */
  ivFaults?: IvFaults;
  /** Expected offline spells per day. Default 0. */
  offlineRate?: number;
  /** Share of commands failed on purpose, and share never answered (commands.ts). Default 0. */
  commandFailureShare?: number;
  commandTimeoutShare?: number;
  seed?: number;
  /** Where the state survives a restart; without it every start is a fresh device. */
  store?: StateStore;
  log?: SimulatorLog;
  /** Wall clock (tests may shift it). */
  now?: () => number;
  /** Largest telemetry message, bytes. Default 128 KiB (the platform reads up to 256 KiB). */
  maxMessageBytes?: number;
  /** Messages awaiting acknowledgement at once. Default 4. */
  window?: number;
  /** How long a reboot keeps the datalogger offline, ms. Default 5000. */
  rebootMs?: number;
  /** How long a device is stopped while it installs firmware, ms. Default 10000. */
  installMs?: number;
  /** First reconnect delay after a lost connection, ms (doubles up to 30 s). Default 1000. */
  reconnectMs?: number;
}

export interface DataloggerStats {
  connects: number;
  messagesSent: number;
  messagesAcked: number;
  samplesAcked: number;
  eventsAcked: number;
  /** Time of the newest sample generated so far. */
  cursor: number;
}

type MessageState = 'queued' | 'sent' | 'acked';

interface OutgoingMessage {
  kind: 'telemetry' | 'event';
  payload: string;
  items: number;
  state: MessageState;
  /** Plant state after the message's newest sample (telemetry only). */
  snapshot?: PlantSnapshot;
}

/** Steps generated per pump before yielding to the event loop (history catch-up stays responsive). */
const STEPS_PER_TURN = 500;
const SAVE_EVERY_MS = 60_000;
const RECENT_SAMPLES = 24;
const LOG_LINES = 200;
const MAX_RECONNECT_MS = 30_000;

export class SimulatedDatalogger implements CommandTarget {
  readonly sn: string;
  readonly plant: PlantDefinition;
  readonly stats: DataloggerStats = { connects: 0, messagesSent: 0, messagesAcked: 0, samplesAcked: 0, eventsAcked: 0, cursor: 0 };
  readonly features: InverterFeatures;

  private readonly options: DataloggerOptions;
  private readonly log: SimulatorLog;
  private readonly seed: number;
  private readonly offlineSchedule: OfflineSchedule;
  private readonly abort = new AbortController();
  private model!: PlantModel;
  private commands!: CommandProcessor;
  private intervalSec: number;
  private dataloggerFw: string;
  private firmware: Record<string, Firmware>;
  private seq = { telemetry: 0, event: 0 };
  private durable?: PlantSnapshot;
  private dirty = false;
  private saving = Promise.resolve();

  private client?: MqttClient;
  private generation = 0;
  private connected = false;
  private stopped = false;
  private offlineUntil = 0;
  private reconnectDelay: number;
  private startedAt = 0;
  private fineFrom = 0;
  private skipUntil = Number.NEGATIVE_INFINITY;
  /** Samples are generated up to here: the latest interval boundary reached by the wall clock. */
  private target = 0;
  private readonly outbox: OutgoingMessage[] = [];
  private readonly events: FaultEvent[] = [];
  private readonly pendingReplies: ReplyPayload[] = [];
  private readonly maintenance = new Map<string, { from: number; to: number }>();
  private readonly recent = new Map<string, Sample[]>();
  private readonly logLines: string[] = [];
  private pumpScheduled = false;
  private tickTimer?: NodeJS.Timeout;
  private saveTimer?: NodeJS.Timeout;
  private reconnectTimer?: NodeJS.Timeout;
  private readonly commandWork = new Set<Promise<void>>();
  private caughtUpWaiters: (() => void)[] = [];

  constructor(options: DataloggerOptions) {
    this.options = options;
    this.plant = options.plant;
    this.sn = options.plant.datalogger.sn;
    this.log = options.log ?? silentLog;
    this.seed = hash32(hashString(this.sn), options.seed ?? 0);
    this.offlineSchedule = new OfflineSchedule(this.seed, options.offlineRate ?? 0);
    this.intervalSec = options.intervalSec ?? 300;
    this.dataloggerFw = options.plant.datalogger.fw;
    this.firmware = Object.fromEntries(devicesOf(options.plant).map((device) => [device.sn, { ...device.fw }]));
    this.features = inverterFeatures(options.plant);
    this.reconnectDelay = options.reconnectMs ?? 1000;
  }

  now(): number {
    return (this.options.now ?? Date.now)();
  }

  get online(): boolean {
    return this.connected;
  }

  get interval(): number {
    return this.intervalSec;
  }

  /** Restores the saved state (or starts fresh with history), connects, and starts the clock. */
  async start(): Promise<void> {
    const saved = await this.options.store?.load(this.sn);
    const now = this.now();
    this.startedAt = now;
    const backfillMs = (this.options.backfillDays ?? 0) * DAY_MS;
    this.fineFrom = now - (this.options.backfillFineDays ?? 7) * DAY_MS;
    if (saved) {
      this.intervalSec = saved.intervalSec;
      this.dataloggerFw = saved.dataloggerFw;
      this.firmware = { ...this.firmware, ...saved.firmware };
      this.seq = saved.seq;
    }
    const historyStart = backfillMs > 0 ? alignDown(now - backfillMs, this.coarseMs()) : alignDown(now, this.intervalMs());
    let snapshot: PlantSnapshot | undefined;
    // Away longer than the backfill: continue the counters, skip the gap.
    if (saved) snapshot = saved.plant.ts >= historyStart ? saved.plant : { ...saved.plant, ts: historyStart };
    this.model = new PlantModel(this.plant, {
      seed: this.options.seed,
      faultRate: this.options.faultRate ?? 0,
      snapshot,
      startTs: historyStart,
    });
    this.durable = this.model.snapshot();
    this.stats.cursor = this.model.ts;
    this.skipUntil = this.options.resumeFrom ?? Number.NEGATIVE_INFINITY;
    this.commands = new CommandProcessor(this, {
      remembered: saved?.commands,
      failureShare: this.options.commandFailureShare,
      timeoutShare: this.options.commandTimeoutShare,
      seed: this.seed,
      signal: this.abort.signal,
      onError: (message) => this.note(`command: ${message}`),
    });
    this.target = alignDown(now, this.intervalMs());
    this.connect();
    this.scheduleTick();
    this.saveTimer = setInterval(() => void this.save(), SAVE_EVERY_MS);
    this.saveTimer.unref?.();
  }

  /** Says goodbye (status offline), disconnects cleanly and saves the state. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort(new Error('stopped'));
    clearTimeout(this.tickTimer);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.saveTimer);
    await Promise.allSettled([...this.commandWork]);
    const client = this.client;
    if (client && this.connected) {
      // Let what is in flight be acknowledged, so the saved state is as new as possible.
      const deadline = Date.now() + 2000;
      while (this.connected && this.outbox.some((message) => message.state === 'sent') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        client.publish(uplinkTopic(this.sn, 'status'), JSON.stringify({ online: false } satisfies StatusPayload), { qos: 1 }, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.generation++;
    this.connected = false;
    this.client = undefined;
    if (client) await closeGracefully(client);
    await this.save();
    for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
  }

  /** Drops the connection without a goodbye (the broker publishes the last will) for `ms`. */
  goOffline(ms: number) {
    this.offlineUntil = Math.max(this.offlineUntil, this.now() + ms);
    this.note(`offline for ${Math.round(ms / 1000)} s`, 'info');
    this.dropConnection();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), ms);
  }

  /** Resolves once everything up to the current interval boundary has been acknowledged (or on stop). */
  whenCaughtUp(): Promise<void> {
    if (this.isCaughtUp()) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  // ---- CommandTarget ----

  devices(): DeviceMetadata[] {
    return devicesOf(this.plant).map((device) => ({ ...device, fw: { ...this.firmware[device.sn] } }));
  }

  settings(kind: SettingsKind): Record<string, unknown> | undefined {
    if (kind === 'meter') return this.model.meterSettings;
    if (kind === 'ems') return this.model.emsSettings;
    return this.model.settings;
  }

  changeSettings(kind: SettingsKind, settings: Record<string, unknown>) {
    const now = this.now();
    if (kind === 'meter') this.model.changeDeviceSettings({ meterSettings: settings as MeterSettings }, now);
    else if (kind === 'ems') this.model.changeDeviceSettings({ emsSettings: settings as EmsSettings }, now);
    else this.model.changeSettings(settings as PlantSettings, now);
    this.dirty = true;
    this.note(`${kind} settings changed: ${JSON.stringify(settings)}`);
  }

  changeInterval(intervalSec: number) {
    this.intervalSec = intervalSec;
    this.dirty = true;
    this.note(`interval set to ${intervalSec} s`);
    clearTimeout(this.tickTimer);
    this.scheduleTick();
  }

  ivScan(inverterSn: string) {
    const inverter = this.plant.inverters.find((candidate) => candidate.sn === inverterSn);
    if (!inverter) return { strings: [] };
    const { sun, irradiance, weather } = this.model.conditions(this.now());
    return ivScanOf(
      inverter.strings,
      (pv) => planeOfArray(sun, irradiance, pv),
      weather.airTemperature,
      this.options.ivFaults?.[inverterSn],
    );
  }

  async installFirmware(device: string, target: FirmwareTarget, version: string): Promise<void> {
    this.note(`installing ${target} ${version} on ${device}`, 'info');
    if (target === 'module') {
      this.dataloggerFw = version;
      this.dirty = true;
      this.reboot();
      return;
    }
    const from = this.now();
    const installMs = this.options.installMs ?? 10_000;
    this.maintenance.set(device, { from, to: from + installMs });
    await sleep(installMs, this.abort.signal);
    const fw = this.firmware[device] ?? {};
    fw[target === 'battery' ? 'master' : target] = version;
    this.firmware[device] = fw;
    this.dirty = true;
    this.publishInventory();
  }

  logText(kind: LogKind, device: string): string {
    const header = [
      `# ${kind} log of ${device} via datalogger ${this.sn}`,
      `# generated ${new Date(this.now()).toISOString()}, firmware ${JSON.stringify(this.firmware[device] ?? { module: this.dataloggerFw })}`,
    ];
    const relevant =
      kind === 'module'
        ? [...this.logLines]
        : (this.recent.get(kind === 'battery' ? (this.plant.battery?.sn ?? device) : device) ?? []).map(
            (sample) => `${new Date(sample.ts).toISOString()} ${JSON.stringify(sample.vars)}`,
          );
    if (kind === 'test') {
      const faults = this.model.activeFaults(device, this.now());
      relevant.push(`self-test: ${faults.length === 0 ? 'pass' : `raised ${faults.map((fault) => fault.code).join(', ')}`}`);
    }
    return `${[...header, ...relevant].join('\n')}\n`;
  }

  reboot() {
    this.note('rebooting', 'info');
    this.goOffline(this.options.rebootMs ?? 5000);
  }

  reply(reply: ReplyPayload): Promise<void> {
    // What a command changed and its answered id are kept at once, as a device writes its flash, not at the next periodic save.
    if (reply.status === 'done' || reply.status === 'failed') {
      this.dirty = true;
      void this.save();
    }
    if (!this.connected) {
      this.pendingReplies.push(reply);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.publish('reply', JSON.stringify(reply), () => resolve()));
  }

  // ---- connection ----

  private connect() {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    const generation = ++this.generation;
    const willPayload = JSON.stringify({ online: false } satisfies StatusPayload);
    const client = mqtt.connect(this.options.url, {
      clientId: this.sn,
      username: this.sn,
      password: this.options.secret,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 0,
      // As long as mqtt.js's default: a broker busy with a replay (the embedded one shares its thread with PGlite's
      // rollup rounds of several seconds) answers late, and giving up at 10 s only made the datalogger start again.
      connectTimeout: 30_000,
      will: { topic: uplinkTopic(this.sn, 'status'), payload: Buffer.from(willPayload), qos: 1, retain: false },
    });
    this.client = client;
    client.on('connect', () => {
      if (generation !== this.generation) return;
      // Replies and samples go out at once, not after the broker's delayed ACK of the packet before (Nagle).
      (client.stream as Partial<Socket>).setNoDelay?.(true);
      this.connected = true;
      this.stats.connects++;
      this.reconnectDelay = this.options.reconnectMs ?? 1000;
      this.note('connected', 'info');
      client.subscribe(commandTopic(this.sn), { qos: 1 });
      const status: StatusPayload = { online: true, fw: this.dataloggerFw, ip: this.ipAddress(), signal: this.signalStrength() };
      this.publish('status', JSON.stringify(status));
      this.publishInventory();
      for (const reply of this.pendingReplies.splice(0)) this.publish('reply', JSON.stringify(reply));
      this.pump();
    });
    client.on('message', (topic, payload) => {
      if (generation !== this.generation || topic !== commandTopic(this.sn)) return;
      const work = this.commands.handle(payload).finally(() => this.commandWork.delete(work));
      this.commandWork.add(work);
    });
    client.on('error', (error) => {
      if (generation === this.generation) this.note(`connection error: ${error.message}`, 'warn');
    });
    client.on('close', () => {
      if (generation !== this.generation) return;
      this.generation++;
      this.connectionLost();
      client.end(true);
      this.scheduleReconnect();
    });
  }

  private dropConnection() {
    const client = this.client;
    this.generation++;
    this.connectionLost();
    // Forced end: the socket is destroyed without DISCONNECT, so the broker sends the last will.
    client?.end(true);
  }

  private connectionLost() {
    if (this.connected) this.note('connection lost', 'info');
    this.connected = false;
    this.client = undefined;
    // Whatever was not acknowledged goes out again on the next connection.
    for (const message of this.outbox) if (message.state === 'sent') message.state = 'queued';
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    const wait = Math.max(this.reconnectDelay, this.offlineUntil - this.now());
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, MAX_RECONNECT_MS);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), wait);
  }

  private publish(kind: UplinkKind, payload: string, done?: (error?: Error) => void) {
    const client = this.client;
    if (!client || !this.connected) {
      done?.(new Error('offline'));
      return;
    }
    client.publish(uplinkTopic(this.sn, kind), payload, { qos: 1 }, (error) => done?.(error));
  }

  private publishInventory() {
    const inventory: InventoryPayload = { ts: this.now(), devices: this.devices() };
    this.publish('inventory', JSON.stringify(inventory));
  }

  // ---- the clock ----

  private intervalMs() {
    return Math.round(this.intervalSec * 1000);
  }

  private coarseMs() {
    return Math.max(this.intervalSec, this.options.backfillCoarseSec ?? 900) * 1000;
  }

  private scheduleTick() {
    if (this.stopped) return;
    const now = this.now();
    const intervalMs = this.intervalMs();
    const next = alignDown(now, intervalMs) + intervalMs;
    // Send a little after the boundary, spread per datalogger, so a fleet does not publish at one instant.
    const jitter = Math.min(intervalMs * 0.05, 3000) * uniform(this.seed, 81);
    this.tickTimer = setTimeout(() => this.tick(), next - now + jitter);
  }

  private tick() {
    const now = this.now();
    this.target = Math.max(this.target, alignDown(now, this.intervalMs()));
    const spell = this.offlineSchedule.at(now);
    if (spell && spell.from >= this.startedAt && this.connected && now < spell.to) this.goOffline(spell.to - now);
    this.pump();
    this.scheduleTick();
  }

  // ---- sending ----

  /** Fills the send window: messages to resend first, then new ones from the cursor. */
  private pump() {
    if (!this.connected || this.stopped) return;
    let sending = this.outbox.filter((message) => message.state === 'sent').length;
    const window = this.options.window ?? 4;
    for (const message of this.outbox) {
      if (sending >= window) return;
      if (message.state !== 'queued') continue;
      this.send(message);
      sending++;
    }
    let budget = STEPS_PER_TURN;
    while (sending < window) {
      const formed = this.formTelemetry(budget);
      budget -= formed.steps;
      if (formed.message) {
        this.outbox.push(formed.message);
        this.send(formed.message);
        sending++;
      }
      const events = this.formEvents();
      if (events) {
        this.outbox.push(events);
        this.send(events);
        sending++;
      }
      if (!formed.message && !events) {
        if (formed.steps > 0 && this.outbox.length === 0) this.advanceDurable();
        if (this.nextStepTs() !== undefined) this.schedulePump();
        break;
      }
      if (budget <= 0) {
        this.schedulePump();
        break;
      }
    }
    this.checkCaughtUp();
  }

  private schedulePump() {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private send(message: OutgoingMessage) {
    message.state = 'sent';
    this.stats.messagesSent++;
    const generation = this.generation;
    this.publish(message.kind, message.payload, (error) => {
      if (generation !== this.generation) return; // the connection was replaced: already queued again
      if (error) {
        message.state = 'queued';
        return;
      }
      message.state = 'acked';
      this.stats.messagesAcked++;
      if (message.kind === 'telemetry') this.stats.samplesAcked += message.items;
      else this.stats.eventsAcked += message.items;
      this.advanceDurable();
      this.pump();
    });
  }

  /** Forgets acknowledged messages from the front; the state after the newest of them is durable. */
  private advanceDurable() {
    while (this.outbox[0]?.state === 'acked') {
      const message = this.outbox.shift() as OutgoingMessage;
      if (message.snapshot) this.durable = message.snapshot;
      this.dirty = true;
    }
    if (this.outbox.length === 0 && this.model.ts <= this.skipUntil) {
      this.durable = this.model.snapshot();
      this.dirty = true;
    }
  }

  /** Old history every `coarseMs`, then every interval: the coarse grid never passes the fine region or the target. */
  private nextStepTs(): number | undefined {
    const ts = this.model.ts;
    const coarseMs = this.coarseMs();
    const coarseNext = alignDown(ts, coarseMs) + coarseMs;
    if (coarseNext <= Math.min(this.fineFrom, this.target)) return coarseNext;
    const next = alignDown(ts, this.intervalMs()) + this.intervalMs();
    return next <= this.target ? next : undefined;
  }

  private formTelemetry(budget: number): { message?: OutgoingMessage; steps: number } {
    const limit = Math.min(this.options.maxMessageBytes ?? 128 * 1024, MAX_PAYLOAD_BYTES - 16 * 1024);
    const parts: string[] = [];
    let bytes = 0;
    let steps = 0;
    while (bytes < limit && steps < budget) {
      const next = this.nextStepTs();
      if (next === undefined) break;
      const result = this.model.step(next, (sn) => this.inMaintenance(sn, next));
      steps++;
      this.stats.cursor = next;
      for (const sample of result.samples) this.remember(sample);
      if (next <= this.skipUntil) continue;
      for (const event of result.events) {
        this.events.push(event);
        this.note(`${event.state} ${event.code} on ${event.device}`);
      }
      for (const sample of result.samples) {
        const text = JSON.stringify(sample);
        parts.push(text);
        bytes += text.length + 1;
      }
    }
    if (parts.length === 0) return { steps };
    const payload = `{"seq":${++this.seq.telemetry},"samples":[${parts.join(',')}]}`;
    return { message: { kind: 'telemetry', payload, items: parts.length, state: 'queued', snapshot: this.model.snapshot() }, steps };
  }

  private formEvents(): OutgoingMessage | undefined {
    if (this.events.length === 0) return undefined;
    const events = this.events.splice(0, 1000);
    const payload = JSON.stringify({ seq: ++this.seq.event, events });
    return { kind: 'event', payload, items: events.length, state: 'queued' };
  }

  private inMaintenance(sn: string, ts: number): boolean {
    const window = this.maintenance.get(sn);
    return window !== undefined && ts >= window.from && ts < window.to;
  }

  private isCaughtUp(): boolean {
    return this.nextStepTs() === undefined && this.outbox.length === 0 && this.events.length === 0;
  }

  private checkCaughtUp() {
    if (this.caughtUpWaiters.length === 0 || !this.isCaughtUp()) return;
    for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
  }

  // ---- state and diagnostics ----

  /** Saves the state, after any save under way (two writes of one file at once could land in either order). */
  private save(): Promise<void> {
    this.saving = this.saving.then(() => this.saveNow());
    return this.saving;
  }

  private async saveNow() {
    const store = this.options.store;
    if (!store || !this.durable || (!this.dirty && !this.stopped)) return;
    this.dirty = false;
    // Settings apply from the saved point on: a restart must not lose a change made since.
    const { settings, meterSettings, emsSettings } = this.model;
    const plant: PlantSnapshot = { ...this.durable, settings, meterSettings, emsSettings, pendingSettings: [] };
    const state: DataloggerState = {
      version: 1,
      sn: this.sn,
      plant,
      intervalSec: this.intervalSec,
      dataloggerFw: this.dataloggerFw,
      firmware: this.firmware,
      commands: this.commands.remembered(),
      seq: this.seq,
    };
    try {
      await store.save(state);
    } catch (error) {
      this.note(`saving state failed: ${(error as Error).message}`, 'error');
    }
  }

  private remember(sample: Sample) {
    let list = this.recent.get(sample.device);
    if (!list) {
      list = [];
      this.recent.set(sample.device, list);
    }
    list.push(sample);
    if (list.length > RECENT_SAMPLES) list.shift();
  }

  /** Writes the device's own log (what `log.upload` sends); with a level, the simulator's log too. */
  private note(message: string, level?: keyof SimulatorLog) {
    this.logLines.push(`${new Date(this.now()).toISOString()} ${message}`);
    if (this.logLines.length > LOG_LINES) this.logLines.shift();
    if (level) this.log[level](`datalogger ${this.sn}: ${message}`);
  }

  private ipAddress(): string {
    const hash = hash32(this.seed, 91);
    return `192.168.${(hash >>> 8) & 0xff}.${2 + ((hash & 0xff) % 250)}`;
  }

  private signalStrength(): number {
    return -45 - Math.round(uniform(this.seed, 92, Math.floor(this.now() / 3_600_000)) * 35);
  }
}

/** A clean DISCONNECT (so no last will) unless the broker does not answer within 2 s. */
export async function closeGracefully(client: MqttClient) {
  await Promise.race([client.endAsync(false).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]);
  client.end(true);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
