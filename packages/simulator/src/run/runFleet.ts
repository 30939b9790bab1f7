import { SimulatedDatalogger, type SimulatorLog, silentLog } from '../device/datalogger.ts';
import { fileStateStore, type StateStore } from '../device/stateStore.ts';
import { demoIvFaults } from '../physics/ivFaults.ts';
import type { PlantDefinition } from '../plant/definition.ts';
import { DEMO_FLEET } from '../plant/fleet.ts';

/**
 * Runs a fleet of simulated dataloggers against a broker: each first publishes its history
 * (backfill), then goes live. History older than `backfillFineDays` is sampled every
 * `backfillCoarseSec` (an hour by default) instead of every interval, which keeps the demo's
 * start-up to a fraction of the messages while every chart still has data.
 */

export interface FleetOptions {
  /** Broker URL, e.g. mqtt://127.0.0.1:1884. */
  url: string;
  /** Default: the demo fleet. */
  plants?: PlantDefinition[];
  /** The device secret (MQTT password) of a datalogger. */
  secretOf: (sn: string) => string | Promise<string>;
  /** Live sample interval, seconds. Default 300. */
  intervalSec?: number;
  /** Days of history before going live. Default 60. */
  backfillDays?: number;
  /** Interval of history older than `backfillFineDays`, seconds. Default 3600. */
  backfillCoarseSec?: number;
  /** Days of history sampled at the live interval. Default 2. */
  backfillFineDays?: number;
  /** Newest sample time the platform stores for a datalogger; nothing up to it is sent again. */
  resumeFrom?: (sn: string) => Promise<number | undefined> | number | undefined;
  /** Expected faults per device per day. Default 0.05. */
  faultRate?: number;
  /** Expected offline spells per datalogger per day. Default 0.02. */
  offlineRate?: number;
  /** Share of commands a datalogger fails on purpose (default 0.02), and share it never answers (default 0.01). */
  commandFailureShare?: number;
  commandTimeoutShare?: number;
  /** Folder for the dataloggers' saved state (counters, settings, firmware) across restarts. */
  stateDir?: string;
  /** Instead of `stateDir`: any store. */
  store?: StateStore;
  seed?: number;
  signal?: AbortSignal;
  log?: SimulatorLog;
  /** Passed to every datalogger (tests use short ones). */
  rebootMs?: number;
  installMs?: number;
  reconnectMs?: number;
  maxMessageBytes?: number;
  window?: number;
  now?: () => number;
}

export interface FleetHandle {
  dataloggers: SimulatedDatalogger[];
  /** Resolves when every datalogger has published (and had acknowledged) its history up to now. */
  backfilled: Promise<void>;
  stop(): Promise<void>;
}

export const FLEET_DEFAULTS = {
  intervalSec: 300,
  backfillDays: 60,
  backfillCoarseSec: 3600,
  backfillFineDays: 2,
  faultRate: 0.05,
  offlineRate: 0.02,
  commandFailureShare: 0.02,
  commandTimeoutShare: 0.01,
} as const;

export async function runFleet(options: FleetOptions): Promise<FleetHandle> {
  const log = options.log ?? silentLog;
  const plants = options.plants ?? DEMO_FLEET;
  const store = options.store ?? (options.stateDir ? fileStateStore(options.stateDir) : undefined);
  const dataloggers: SimulatedDatalogger[] = [];
  for (const plant of plants) {
    const sn = plant.datalogger.sn;
    dataloggers.push(
      new SimulatedDatalogger({
        url: options.url,
        plant,
        secret: await options.secretOf(sn),
        intervalSec: options.intervalSec ?? FLEET_DEFAULTS.intervalSec,
        backfillDays: options.backfillDays ?? FLEET_DEFAULTS.backfillDays,
        backfillCoarseSec: options.backfillCoarseSec ?? FLEET_DEFAULTS.backfillCoarseSec,
        backfillFineDays: options.backfillFineDays ?? FLEET_DEFAULTS.backfillFineDays,
        resumeFrom: await options.resumeFrom?.(sn),
        faultRate: options.faultRate ?? FLEET_DEFAULTS.faultRate,
        ivFaults: demoIvFaults(plant.inverters),
        offlineRate: options.offlineRate ?? FLEET_DEFAULTS.offlineRate,
        commandFailureShare: options.commandFailureShare ?? FLEET_DEFAULTS.commandFailureShare,
        commandTimeoutShare: options.commandTimeoutShare ?? FLEET_DEFAULTS.commandTimeoutShare,
        seed: options.seed,
        store,
        log,
        rebootMs: options.rebootMs,
        installMs: options.installMs,
        reconnectMs: options.reconnectMs,
        maxMessageBytes: options.maxMessageBytes,
        window: options.window,
        now: options.now,
      }),
    );
  }
  await Promise.all(dataloggers.map((datalogger) => datalogger.start()));
  log.info(`simulator: ${dataloggers.length} dataloggers started against ${options.url}`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= Promise.all(dataloggers.map((datalogger) => datalogger.stop())).then(() => log.info('simulator: stopped'));
    return stopping;
  };
  options.signal?.addEventListener('abort', () => void stop(), { once: true });
  const started = Date.now();
  const backfilled = Promise.all(dataloggers.map((datalogger) => datalogger.whenCaughtUp())).then(() => {
    log.info(`simulator: history published in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  return { dataloggers, backfilled, stop };
}
