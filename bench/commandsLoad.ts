/**
 * The load generator of the command round trip benchmark, run as a child process (child.ts): the
 * simulated dataloggers (the simulator's, a battery plant each) and the console's calls. Reads its
 * job from argv[2]; prints one JSON line with every measured round trip.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { signedHeaders } from '@sunstack/server/src/test/harness.ts';
import type { CommandStreamEvent } from '@sunstack/shared';
import { DEMO_FLEET, SimulatedDatalogger, withDatalogger } from '@sunstack/simulator';
import { signedCall } from './appServer.ts';

export interface CommandLoadJob {
  port: number;
  token: string;
  brokerUrl: string;
  dataloggers: { sn: string; secret: string }[];
  /** Commands started per second, each on its own whatever the others take. */
  rate: number;
  warmUpSeconds: number;
  measuredSeconds: number;
}

export interface CommandLoadReport {
  /** Milliseconds from the call to the device stream's event that says done, of the measured commands. */
  times: number[];
  /** Commands started per second, as achieved. */
  rate: number;
}

const BATTERY_PLANT = DEMO_FLEET.find((plant) => plant.battery) as (typeof DEMO_FLEET)[number];

const job = JSON.parse(process.argv[2] as string) as CommandLoadJob;
const agent = new http.Agent({ keepAlive: true });
const call = (path: string, body?: unknown) => signedCall(agent, job.port, path, body, job.token);

/** Who waits for which command to end: told by the device's command stream. */
const waiting = new Map<string, { done: () => void; failed: (error: Error) => void }>();
/** Ended before its caller began to wait (the stream may be quicker than the call's answer). */
const ended = new Map<string, string>();

function ending(id: string, state: string, error?: string) {
  const waiter = waiting.get(id);
  if (!waiter) return ended.set(id, state);
  waiting.delete(id);
  if (state === 'done') waiter.done();
  else waiter.failed(new Error(`command ${id} ${state}: ${error}`));
}

/** The device's command stream, as the console follows it: each event the commands that changed. */
async function follow(sn: string, stop: AbortSignal) {
  const path = '/c/v0/device/command/stream';
  const response = await fetch(`http://127.0.0.1:${job.port}${path}?sn=${encodeURIComponent(sn)}`, {
    headers: signedHeaders(path, job.token, 'en'),
    signal: stop,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const opened = { resolve: () => {} };
  const open = new Promise<void>((resolve) => (opened.resolve = resolve));
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      opened.resolve();
      buffer += decoder.decode(value, { stream: true });
      const events = buffer.split('\n\n');
      buffer = events.pop() ?? '';
      for (const event of events) {
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (!data) continue;
        for (const command of (JSON.parse(data) as CommandStreamEvent).commands)
          if (['done', 'failed', 'expired', 'cancelled'].includes(command.state))
            ending(command.id, command.state, command.error ?? undefined);
      }
    }
  })();
  await open;
}

/** `setting/set` (MinSoc) answers the command's id; the device's command stream says when its reply made it done. */
async function roundTrip(sn: string, minSoc: number) {
  const started = performance.now();
  const asked = await call('/c/v0/device/setting/set', { sn, settings: { MinSoc: minSoc } });
  if (asked.errno !== 0) throw new Error(`setting/set answered errno ${asked.errno}`);
  const id = String(asked.result.commandId);
  await new Promise<void>((resolve, reject) => {
    const state = ended.get(id);
    if (state === undefined) return waiting.set(id, { done: resolve, failed: reject });
    ended.delete(id);
    if (state === 'done') resolve();
    else reject(new Error(`command ${id} ${state}`));
  });
  return performance.now() - started;
}

const plants = job.dataloggers.map(({ sn }) => withDatalogger(BATTERY_PLANT, sn));
const dataloggers = plants.map(
  (plant, i) => new SimulatedDatalogger({ url: job.brokerUrl, plant, secret: job.dataloggers[i]?.secret as string }),
);
await Promise.all(dataloggers.map((datalogger) => datalogger.start()));
while (!dataloggers.every((datalogger) => datalogger.online)) await sleep(50);
const inverters = plants.map((plant) => plant.inverters[0]?.sn as string);
const stopStreams = new AbortController();
await Promise.all(inverters.map((sn) => follow(sn, stopStreams.signal)));

const total = job.rate * (job.warmUpSeconds + job.measuredSeconds);
const report: CommandLoadReport = { times: [], rate: 0 };
const trips: Promise<void>[] = [];
const started = performance.now();
for (let i = 0; i < total; i++) {
  const wait = started + (i * 1000) / job.rate - performance.now();
  if (wait > 0) await sleep(wait);
  trips.push(
    roundTrip(inverters[i % inverters.length] as string, 10 + (i % 80)).then((ms) => {
      if (i >= job.rate * job.warmUpSeconds) report.times.push(ms);
    }),
  );
}
report.rate = total / ((performance.now() - started) / 1000);
await Promise.all(trips);
stopStreams.abort();
await Promise.all(dataloggers.map((datalogger) => datalogger.stop()));
agent.destroy();
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
