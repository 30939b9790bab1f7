/**
 * Dataloggers of the sustained ingest benchmark (sustainedIngest.ts), a process of their own that
 * stays connected from step to step: each connects once (SN, secret, its command topic subscribed as
 * real ones do), then every step the parent writes on stdin (one JSON line) publishes QoS 1 telemetry
 * of one sample of 20 variables for the datalogger's one device, each datalogger at its share of the
 * step's rate. Prints one JSON line once all are connected, then one per step with what it measured,
 * its own CPU included (so a rate it cannot produce is not taken for the server's limit). Ends when
 * stdin closes.
 */
import { createInterface } from 'node:readline';
import { commandTopic } from '@sunstack/shared';
import mqtt, { type MqttClient } from 'mqtt';
import { vars } from './telemetryVars.ts';

export interface SustainLoadJob {
  url: string;
  /** Datalogger SNs from `firstSn` on, `count` of them, all with one secret; each one's device is `INV<sn>`. */
  firstSn: number;
  count: number;
  secret: string;
}

export interface SustainStep {
  /** Messages each datalogger publishes in the step. */
  messages: number;
  /** How long the step lasts: each datalogger spreads its messages evenly over it. */
  seconds: number;
  /** The first sample's time; a datalogger's samples are 5 minutes apart (protocol.md's default). */
  startTs: number;
  /** Publishing stops this long after the start (ms), what is still due left unsent: a step that falls behind ends. */
  deadlineMs: number;
}

export interface SustainStepReport {
  /** Messages published (fewer than asked when the deadline came first) and acknowledged. */
  sent: number;
  acked: number;
  /** From the step's start to its last acknowledgement. */
  seconds: number;
  /** Wall clock (epoch ms) of the last acknowledgement. */
  lastAckAt: number;
  /** This process's CPU over the step (µs, user + system), payloads built before the clock started excluded. */
  cpuMicros: number;
  /** How late the latest publish left against its schedule (ms): a generator short of CPU falls behind here first. */
  maxLateMs: number;
}

const SAMPLE_INTERVAL_MS = 300_000;
const CONNECT_CONCURRENCY = 100;

const job = JSON.parse(process.argv[2] as string) as SustainLoadJob;
const sns = Array.from({ length: job.count }, (_, i) => String(job.firstSn + i));

async function connect(sn: string): Promise<MqttClient> {
  const client = mqtt.connect(job.url, { clientId: sn, username: sn, password: job.secret, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(commandTopic(sn), { qos: 1 });
  return client;
}

async function runStep(clients: MqttClient[], step: SustainStep): Promise<SustainStepReport> {
  // Every payload before the clock starts: the generator spends the step on MQTT.
  const payloads = sns.map((sn) =>
    Array.from({ length: step.messages }, (_, m) =>
      JSON.stringify({ seq: m, samples: [{ ts: step.startTs + m * SAMPLE_INTERVAL_MS, device: `INV${sn}`, vars: vars(m) }] }),
    ),
  );
  const interval = (step.seconds * 1000) / step.messages;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + step.deadlineMs;
  let sent = 0;
  let acked = 0;
  let lastAckAt = 0;
  let maxLateMs = 0;
  await Promise.all(
    clients.map(async (client, c) => {
      const topic = `dl/${sns[c]}/up/telemetry`;
      // Dataloggers spread over the interval, so the process publishes evenly rather than in bursts.
      const offset = (c * interval) / clients.length;
      const pending: Promise<unknown>[] = [];
      for (const [m, payload] of (payloads[c] as string[]).entries()) {
        const due = started + offset + m * interval;
        if (performance.now() > deadline) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else maxLateMs = Math.max(maxLateMs, -wait);
        sent += 1;
        pending.push(
          client.publishAsync(topic, payload, { qos: 1 }).then(() => {
            acked += 1;
            lastAckAt = Date.now();
          }),
        );
      }
      await Promise.all(pending);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { sent, acked, seconds, lastAckAt, cpuMicros: cpu.user + cpu.system, maxLateMs };
}

async function main() {
  const clients: MqttClient[] = [];
  for (let i = 0; i < sns.length; i += CONNECT_CONCURRENCY)
    clients.push(...(await Promise.all(sns.slice(i, i + CONNECT_CONCURRENCY).map(connect))));
  process.stdout.write(`${JSON.stringify({ connected: clients.length })}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    const report = await runStep(clients, JSON.parse(line) as SustainStep);
    process.stdout.write(`${JSON.stringify(report)}\n`);
  }
  await Promise.all(clients.map((client) => client.endAsync()));
}

main().catch((error) => {
  process.stderr.write(String(error));
  process.exit(1);
});
