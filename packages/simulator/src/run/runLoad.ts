import { commandTopic, type InventoryPayload, type PlantSettings, type StatusPayload, uplinkTopic } from '@sunstack/shared';
import mqtt, { type MqttClient } from 'mqtt';
import { CommandProcessor, type CommandTarget } from '../device/commands.ts';
import { closeGracefully, type SimulatorLog, silentLog } from '../device/datalogger.ts';
import { deviceSn } from '../plant/fleet.ts';
import { createRng, hashString } from '../random.ts';
import { DAY_MS, HOUR_MS } from '../time.ts';

/**
 * Load generator for benchmarks: N dataloggers (SNs and secrets from the caller) connect and each
 * publishes telemetry of one inverter at a fixed rate, either live (one sample of 20 variables per
 * message, timestamped now) or replay (many samples per message, one second apart, walking
 * forward from 30 days ago), QoS 1. Counts what was sent and what the broker acknowledged.
 */

export interface LoadOptions {
  url: string;
  dataloggers: { sn: string; secret: string }[];
  /** Messages per second per datalogger. */
  rate: number;
  /** Stop after this many seconds of sending; without it, run until `stop()`. */
  durationSec?: number;
  mode?: 'live' | 'replay';
  /** Samples per message in replay mode. Default 288. */
  samplesPerMessage?: number;
  /** Connections opened at once while ramping up. Default 100. */
  connectConcurrency?: number;
  /** Messages awaiting acknowledgement per datalogger before it skips its turn. Default 1000. */
  maxInFlight?: number;
  /**
   * Each datalogger answers its commands with the simulator's own command processor, its inverter
   * holding a battery's settings in memory (a setting.set is checked and applied as a simulated
   * plant's would be; no physics runs). Default false: a telemetry-only load.
   */
  answerCommands?: boolean;
  signal?: AbortSignal;
  log?: SimulatorLog;
}

export interface LoadReport {
  dataloggers: number;
  /** Dataloggers whose connection the broker accepted. */
  connected: number;
  connectFailures: number;
  messagesSent: number;
  messagesAcked: number;
  messagesFailed: number;
  /** Commands answered (replies published) when `answerCommands`. */
  commandsAnswered: number;
  /** Turns skipped because too many messages awaited acknowledgement. */
  throttled: number;
  samplesSent: number;
  samplesAcked: number;
  /** From the first message to now (or to the end). */
  elapsedMs: number;
}

export interface LoadHandle {
  report(): LoadReport;
  /** Resolves with the final report when the duration is over (or after stop). */
  done: Promise<LoadReport>;
  stop(): Promise<LoadReport>;
}

/** The variables of one live inverter sample (20). */
const VARIABLES = [
  'pvPower',
  'pv1Volt',
  'pv1Current',
  'pv1Power',
  'pv2Volt',
  'pv2Current',
  'pv2Power',
  'generationPower',
  'feedinPower',
  'gridConsumptionPower',
  'loadsPower',
  'meterPower',
  'RVolt',
  'RCurrent',
  'RFreq',
  'invTemperation',
  'runningState',
  'PVEnergyTotal',
  'generationTotal',
  'feedinTotal',
] as const;

const TICK_MS = 20;

class LoadDatalogger {
  client?: MqttClient;
  connected = false;
  accepted = false;
  inFlight = 0;
  sent = 0;
  seq = 0;
  lastTs = 0;
  readonly device: string;
  private readonly peakKw: number;
  private readonly random: () => number;
  private readonly counters = { pv: 0, generation: 0, feedin: 0 };

  constructor(
    readonly sn: string,
    readonly secret: string,
  ) {
    this.device = deviceSn('C3020', `D${sn}`, 1);
    this.random = createRng(hashString(sn));
    this.peakKw = 5 + this.random() * 15;
  }

  /** One sample at `ts` with plausible values (a sine-shaped day) and counters that only grow. */
  sample(ts: number, stepHours: number): string {
    const hour = (ts % DAY_MS) / HOUR_MS;
    const pv = Math.max(0, Math.sin((Math.PI * (hour - 6)) / 12)) * this.peakKw * (0.9 + 0.1 * this.random());
    const load = 0.4 + this.random() * 1.5;
    const generation = pv * 0.97;
    const feedin = Math.max(0, generation - load);
    this.counters.pv += pv * stepHours;
    this.counters.generation += generation * stepHours;
    this.counters.feedin += feedin * stepHours;
    const volt = 380 + this.random() * 20;
    const values: Record<(typeof VARIABLES)[number], number> = {
      pvPower: pv,
      pv1Volt: volt,
      pv1Current: (pv * 500) / volt,
      pv1Power: pv / 2,
      pv2Volt: volt - 3,
      pv2Current: (pv * 500) / (volt - 3),
      pv2Power: pv / 2,
      generationPower: generation,
      feedinPower: feedin,
      gridConsumptionPower: Math.max(0, load - generation),
      loadsPower: load,
      meterPower: load - generation,
      RVolt: 228 + this.random() * 6,
      RCurrent: (generation * 1000) / 690,
      RFreq: 49.98 + this.random() * 0.04,
      invTemperation: 30 + pv,
      runningState: pv > 0 ? 163 : 161,
      PVEnergyTotal: this.counters.pv,
      generationTotal: this.counters.generation,
      feedinTotal: this.counters.feedin,
    };
    let vars = '';
    for (const name of VARIABLES) vars += `${vars ? ',' : ''}"${name}":${Math.round(values[name] * 1000) / 1000}`;
    return `{"ts":${ts},"device":"${this.device}","vars":{${vars}}}`;
  }
}

export function runLoad(options: LoadOptions): LoadHandle {
  const log = options.log ?? silentLog;
  const mode = options.mode ?? 'live';
  const samplesPerMessage = mode === 'replay' ? (options.samplesPerMessage ?? 288) : 1;
  const maxInFlight = options.maxInFlight ?? 1000;
  const devices = options.dataloggers.map(({ sn, secret }) => new LoadDatalogger(sn, secret));
  const counts = {
    connectFailures: 0,
    messagesSent: 0,
    messagesAcked: 0,
    messagesFailed: 0,
    commandsAnswered: 0,
    throttled: 0,
    samplesSent: 0,
    samplesAcked: 0,
  };
  let firstSendAt = 0;
  let endedAt = 0;
  let stopped = false;
  let ticker: NodeJS.Timeout | undefined;
  let resolveDone: (report: LoadReport) => void = () => {};
  const done = new Promise<LoadReport>((resolve) => {
    resolveDone = resolve;
  });
  // Replay history walks forward from 30 days ago, one second per sample.
  const replayStart = Date.now() - 30 * DAY_MS;

  const report = (): LoadReport => ({
    dataloggers: devices.length,
    connected: devices.filter((device) => device.accepted).length,
    ...counts,
    elapsedMs: firstSendAt === 0 ? 0 : (endedAt || Date.now()) - firstSendAt,
  });

  function connect(device: LoadDatalogger): Promise<void> {
    return new Promise((resolve) => {
      const client = mqtt.connect(options.url, {
        clientId: device.sn,
        username: device.sn,
        password: device.secret,
        clean: true,
        keepalive: 300,
        reconnectPeriod: 0,
        connectTimeout: 30_000,
        will: { topic: uplinkTopic(device.sn, 'status'), payload: Buffer.from('{"online":false}'), qos: 1, retain: false },
      });
      device.client = client;
      client.once('connect', async () => {
        device.connected = true;
        device.accepted = true;
        if (options.answerCommands) {
          const commands = new CommandProcessor(commandTarget(device, client, () => counts.commandsAnswered++));
          client.on('message', (_topic, payload) => void commands.handle(payload));
          await client.subscribeAsync(commandTopic(device.sn), { qos: 1 });
        }
        const status: StatusPayload = { online: true, fw: 'load' };
        client.publish(uplinkTopic(device.sn, 'status'), JSON.stringify(status), { qos: 1 });
        const inventory: InventoryPayload = {
          ts: Date.now(),
          devices: [{ sn: device.device, type: 'inverter', model: 'T-20', ratedPower: 20, fw: { master: '1.42' } }],
        };
        client.publish(uplinkTopic(device.sn, 'inventory'), JSON.stringify(inventory), { qos: 1 });
        resolve();
      });
      client.on('close', () => {
        if (!device.accepted) {
          counts.connectFailures++;
          resolve();
        }
        device.connected = false;
      });
      client.on('error', (error) => log.warn(`load: ${device.sn}: ${error.message}`));
    });
  }

  function publish(device: LoadDatalogger) {
    const client = device.client;
    if (!client) return;
    const parts: string[] = [];
    for (let i = 0; i < samplesPerMessage; i++) {
      const ts = mode === 'live' ? Math.max(Date.now(), device.lastTs + 1) : Math.max(replayStart, device.lastTs + 1000);
      const stepHours = device.lastTs === 0 ? 0 : (ts - device.lastTs) / HOUR_MS;
      device.lastTs = ts;
      parts.push(device.sample(ts, stepHours));
    }
    const payload = `{"seq":${++device.seq},"samples":[${parts.join(',')}]}`;
    device.inFlight++;
    device.sent++;
    counts.messagesSent++;
    counts.samplesSent += samplesPerMessage;
    client.publish(uplinkTopic(device.sn, 'telemetry'), payload, { qos: 1 }, (error) => {
      device.inFlight--;
      if (error) counts.messagesFailed++;
      else {
        counts.messagesAcked++;
        counts.samplesAcked += samplesPerMessage;
      }
    });
  }

  function tick() {
    const elapsed = (Date.now() - firstSendAt) / 1000;
    const durationSec = options.durationSec;
    const until = durationSec === undefined ? elapsed : Math.min(elapsed, durationSec);
    const owed = Math.floor(options.rate * until);
    for (const device of devices) {
      if (!device.connected) continue;
      while (device.sent < owed) {
        if (device.inFlight >= maxInFlight) {
          counts.throttled++;
          break;
        }
        publish(device);
      }
    }
    if (durationSec !== undefined && elapsed >= durationSec) void finish();
  }

  async function finish(): Promise<LoadReport> {
    if (!stopped) {
      stopped = true;
      clearInterval(ticker);
      // Let the last acknowledgements arrive (bounded), then close everything.
      const deadline = Date.now() + 10_000;
      while (devices.some((device) => device.connected && device.inFlight > 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      endedAt = Date.now();
      await Promise.all(devices.map((device) => (device.client ? closeGracefully(device.client) : undefined)));
      resolveDone(report());
    }
    return done;
  }

  options.signal?.addEventListener('abort', () => void finish(), { once: true });

  void (async () => {
    const concurrency = options.connectConcurrency ?? 100;
    for (let i = 0; i < devices.length && !stopped; i += concurrency) {
      await Promise.all(devices.slice(i, i + concurrency).map(connect));
    }
    log.info(`load: ${devices.filter((device) => device.connected).length} of ${devices.length} dataloggers connected`);
    if (stopped) return;
    firstSendAt = Date.now();
    ticker = setInterval(tick, TICK_MS);
  })();

  return { report, done, stop: finish };
}

/** A load datalogger's battery inverter as the command processor sees it: settings in memory, nothing else to do. */
function commandTarget(device: LoadDatalogger, client: MqttClient, onReply: () => void): CommandTarget {
  let settings: PlantSettings = {
    WorkMode: 'SelfUse',
    MinSoc: 10,
    OffGridMinSoc: 10,
    MaxSoc: 100,
    ExportLimit: 20,
    ForceChargePower: 5,
    ForceDischargePower: 5,
    SchedulePeriods: [],
    PeakShavingImportLimit: 10,
    PeakShavingSoc: 50,
  };
  return {
    sn: device.sn,
    now: Date.now,
    devices: () => [{ sn: device.device, type: 'inverter', model: 'T-20', ratedPower: 20, fw: { master: '1.42' } }],
    features: { battery: true, peakShaving: false },
    // Only the inverter's settings: a load datalogger has no meter or EMS.
    settings: (kind) => (kind === 'inverter' ? settings : undefined),
    changeSettings: (kind, next) => {
      if (kind === 'inverter') settings = next as PlantSettings;
    },
    changeInterval: () => {},
    ivScan: () => ({ strings: [] }),
    installFirmware: async () => {},
    logText: () => '',
    reboot: () => {},
    reply: async (reply) => {
      await client.publishAsync(uplinkTopic(device.sn, 'reply'), JSON.stringify(reply), { qos: 1 });
      onReply();
    },
  };
}
