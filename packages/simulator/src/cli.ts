#!/usr/bin/env -S npx tsx
/**
 * Command line for the simulator: run the demo fleet or a load test against a broker, print the
 * demo plants, or print simulated annual yields. `npx tsx packages/simulator/src/cli.ts --help`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SimulatorLog } from './device/datalogger.ts';
import { DEMO_FLEET, DEMO_FLEET_METADATA } from './plant/fleet.ts';
import { annualYield } from './plant/yield.ts';
import { FLEET_DEFAULTS, runFleet } from './run/runFleet.ts';
import { type LoadReport, runLoad } from './run/runLoad.ts';

const HELP = `Sunstack device simulator

Usage: npx tsx packages/simulator/src/cli.ts <command> [options]

Commands:
  fleet    Run the demo fleet (history first, then live) against a broker.
  load     Benchmark load: N dataloggers publishing at a fixed rate; prints sent/acknowledged.
  plants   Print the demo plants (metadata for the platform's seed) as JSON.
  yields   Print each demo plant's simulated annual yield.

Common:
  --url URL               Broker (default mqtt://127.0.0.1:1884)
  --secret TEXT           One password for every datalogger (development brokers)
  --secrets FILE          JSON object {"<sn>": "<secret>"}; overrides --secret per SN

fleet:
  --plants N              The first N demo plants (default all ${DEMO_FLEET.length})
  --interval SEC          Live sample interval (default ${FLEET_DEFAULTS.intervalSec})
  --backfill-days D       History before going live (default ${FLEET_DEFAULTS.backfillDays})
  --coarse-sec SEC        Interval of history older than --fine-days (default ${FLEET_DEFAULTS.backfillCoarseSec})
  --fine-days D           Recent history sampled at the live interval (default ${FLEET_DEFAULTS.backfillFineDays})
  --resume-from TIME      Send nothing at or before this time (ISO date or ms)
  --fault-rate R          Faults per device per day (default ${FLEET_DEFAULTS.faultRate})
  --offline-rate R        Offline spells per datalogger per day (default ${FLEET_DEFAULTS.offlineRate})
  --command-failures S    Share of commands failed on purpose (default ${FLEET_DEFAULTS.commandFailureShare})
  --command-timeouts S    Share of commands never answered (default ${FLEET_DEFAULTS.commandTimeoutShare})
  --state-dir DIR         Keep counters, settings and firmware across restarts
  --seed N                Another seed, another weather

load:
  --count N               Dataloggers (default 100)
  --sn-prefix DIGITS      SNs are the prefix padded with the index to 15 digits (default 87)
  --rate R                Messages per second per datalogger (default 1)
  --duration SEC          Seconds of sending (default 10)
  --mode live|replay      One sample per message, or many (default live)
  --samples-per-message N Replay samples per message (default 288)
  --concurrency N         Connections opened at once (default 100)

yields:
  --year YYYY             Calendar year (default last year)
`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    help: { type: 'boolean', short: 'h' },
    url: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
    secret: { type: 'string', default: '' },
    secrets: { type: 'string' },
    plants: { type: 'string' },
    interval: { type: 'string' },
    'backfill-days': { type: 'string' },
    'coarse-sec': { type: 'string' },
    'fine-days': { type: 'string' },
    'resume-from': { type: 'string' },
    'fault-rate': { type: 'string' },
    'offline-rate': { type: 'string' },
    'command-failures': { type: 'string' },
    'command-timeouts': { type: 'string' },
    'state-dir': { type: 'string' },
    seed: { type: 'string' },
    count: { type: 'string', default: '100' },
    'sn-prefix': { type: 'string', default: '87' },
    rate: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    mode: { type: 'string', default: 'live' },
    'samples-per-message': { type: 'string' },
    concurrency: { type: 'string' },
    year: { type: 'string' },
  },
});

const command = positionals[0];
if (values.help || !command) {
  process.stdout.write(HELP);
  process.exit(command || values.help ? 0 : 1);
}

/** A number option, or undefined when absent; exits with a message when it is not a number. */
function numberOption(name: keyof typeof values): number | undefined {
  const raw = values[name];
  if (raw === undefined || typeof raw !== 'string') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) fail(`--${name} must be a number, got "${raw}"`);
  return value;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function secrets(): (sn: string) => string {
  const file = values.secrets;
  const bySn: Record<string, string> = file ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return (sn) => bySn[sn] ?? values.secret ?? '';
}

const log: SimulatorLog = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

function onInterrupt(stop: () => Promise<unknown>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().then(() => process.exit(0));
    });
  }
}

switch (command) {
  case 'plants': {
    process.stdout.write(`${JSON.stringify(DEMO_FLEET_METADATA, null, 2)}\n`);
    break;
  }
  case 'yields': {
    const year = numberOption('year') ?? new Date().getUTCFullYear() - 1;
    for (const plant of DEMO_FLEET) {
      const summary = annualYield(plant, year);
      const { PVEnergyTotal, loadsTotal, feedinTotal, gridConsumptionTotal } = summary.totals;
      console.log(
        `${plant.name.padEnd(28)} ${plant.city.padEnd(12)} ${summary.kwp.toFixed(1).padStart(6)} kWp ${summary.specificYield.toFixed(0).padStart(5)} kWh/kWp  ` +
          `PV ${PVEnergyTotal.toFixed(0)} kWh, load ${loadsTotal.toFixed(0)}, export ${feedinTotal.toFixed(0)}, import ${gridConsumptionTotal.toFixed(0)}`,
      );
    }
    break;
  }
  case 'fleet': {
    const count = numberOption('plants') ?? DEMO_FLEET.length;
    const resumeRaw = values['resume-from'];
    const resumeAt = resumeRaw === undefined ? undefined : /^\d+$/.test(resumeRaw) ? Number(resumeRaw) : Date.parse(resumeRaw);
    if (resumeAt !== undefined && !Number.isFinite(resumeAt)) fail(`--resume-from must be an ISO time or ms, got "${resumeRaw}"`);
    const handle = await runFleet({
      url: values.url,
      plants: DEMO_FLEET.slice(0, count),
      secretOf: secrets(),
      intervalSec: numberOption('interval'),
      backfillDays: numberOption('backfill-days'),
      backfillCoarseSec: numberOption('coarse-sec'),
      backfillFineDays: numberOption('fine-days'),
      resumeFrom: resumeAt === undefined ? undefined : () => resumeAt,
      faultRate: numberOption('fault-rate'),
      offlineRate: numberOption('offline-rate'),
      commandFailureShare: numberOption('command-failures'),
      commandTimeoutShare: numberOption('command-timeouts'),
      stateDir: values['state-dir'],
      seed: numberOption('seed'),
      log,
    });
    onInterrupt(handle.stop);
    break;
  }
  case 'load': {
    const count = numberOption('count') ?? 100;
    const prefix = values['sn-prefix'];
    if (!/^\d{1,14}$/.test(prefix)) fail('--sn-prefix must be 1 to 14 digits');
    const secretOf = secrets();
    const dataloggers = Array.from({ length: count }, (_, i) => {
      const sn = `${prefix}${String(i + 1).padStart(15 - prefix.length, '0')}`;
      return { sn, secret: secretOf(sn) };
    });
    const mode = values.mode === 'replay' ? 'replay' : values.mode === 'live' ? 'live' : fail('--mode must be live or replay');
    const handle = runLoad({
      url: values.url,
      dataloggers,
      rate: numberOption('rate') ?? 1,
      durationSec: numberOption('duration') ?? 10,
      mode,
      samplesPerMessage: numberOption('samples-per-message'),
      connectConcurrency: numberOption('concurrency'),
      log,
    });
    onInterrupt(handle.stop);
    const show = (report: LoadReport) => {
      const seconds = report.elapsedMs / 1000 || 1;
      console.log(
        `connected ${report.connected}/${report.dataloggers}  sent ${report.messagesSent} (${(report.messagesSent / seconds).toFixed(0)}/s)  ` +
          `acked ${report.messagesAcked} (${(report.messagesAcked / seconds).toFixed(0)}/s)  samples acked ${report.samplesAcked}  failed ${report.messagesFailed}`,
      );
    };
    const progress = setInterval(() => show(handle.report()), 1000);
    const final = await handle.done;
    clearInterval(progress);
    show(final);
    console.log(JSON.stringify(final));
    process.exit(0);
    break;
  }
  default:
    fail(`unknown command "${command}"; see --help`);
}
