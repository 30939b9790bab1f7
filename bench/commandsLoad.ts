/**
 * The load generator of the command round trip benchmark, run as a child process (child.ts): the
 * simulated dataloggers (the simulator's, a battery plant each) and the console's calls. Reads its
 * job from argv[2]; prints one JSON line with every measured round trip.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
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
  /** Pause between two readings of a command's detail while it is under way. */
  pollMs: number;
}

export interface CommandLoadReport {
  /** Milliseconds from the call to the first reading that says done, of the measured commands. */
  times: number[];
  /** Detail readings per measured command. */
  polls: number[];
  /** Commands started per second, as achieved. */
  rate: number;
}

const BATTERY_PLANT = DEMO_FLEET.find((plant) => plant.battery) as (typeof DEMO_FLEET)[number];

const job = JSON.parse(process.argv[2] as string) as CommandLoadJob;
const agent = new http.Agent({ keepAlive: true });
const call = (path: string, body?: unknown) => signedCall(agent, job.port, path, body, job.token);

/** `setting/set` (MinSoc) answers the command's id; `command/detail` is read every pollMs until the device's reply has made it done. */
async function roundTrip(sn: string, minSoc: number) {
  const started = performance.now();
  const asked = await call('/c/v0/device/setting/set', { sn, settings: { MinSoc: minSoc } });
  if (asked.errno !== 0) throw new Error(`setting/set answered errno ${asked.errno}`);
  for (let polls = 1; ; polls++) {
    const { errno, result } = await call(`/c/v0/device/command/detail?id=${asked.result.commandId}`);
    if (errno !== 0) throw new Error(`command/detail answered errno ${errno}`);
    if (result.state === 'done') return { ms: performance.now() - started, polls };
    if (result.state !== 'queued' && result.state !== 'sent' && result.state !== 'accepted')
      throw new Error(`command ${asked.result.commandId} ${result.state}: ${result.error}`);
    await sleep(job.pollMs);
  }
}

const plants = job.dataloggers.map(({ sn }) => withDatalogger(BATTERY_PLANT, sn));
const dataloggers = plants.map(
  (plant, i) => new SimulatedDatalogger({ url: job.brokerUrl, plant, secret: job.dataloggers[i]?.secret as string }),
);
await Promise.all(dataloggers.map((datalogger) => datalogger.start()));
while (!dataloggers.every((datalogger) => datalogger.online)) await sleep(50);
const inverters = plants.map((plant) => plant.inverters[0]?.sn as string);

const total = job.rate * (job.warmUpSeconds + job.measuredSeconds);
const report: CommandLoadReport = { times: [], polls: [], rate: 0 };
const trips: Promise<void>[] = [];
const started = performance.now();
for (let i = 0; i < total; i++) {
  const wait = started + (i * 1000) / job.rate - performance.now();
  if (wait > 0) await sleep(wait);
  trips.push(
    roundTrip(inverters[i % inverters.length] as string, 10 + (i % 80)).then(({ ms, polls }) => {
      if (i < job.rate * job.warmUpSeconds) return;
      report.times.push(ms);
      report.polls.push(polls);
    }),
  );
}
report.rate = total / ((performance.now() - started) / 1000);
await Promise.all(trips);
await Promise.all(dataloggers.map((datalogger) => datalogger.stop()));
agent.destroy();
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
