/**
 * The load generator of the ingest benchmark, run as a child process so the server's CPU figures
 * are its own. Reads its job as JSON from argv[2]; prints one JSON line with what it measured.
 * Each datalogger is one MQTT client publishing QoS 1 telemetry as protocol.md says; a message is
 * done when the broker acknowledges it, which the platform does only after storing it.
 */
import { commandTopic } from '@sunstack/shared';
import mqtt, { type MqttClient } from 'mqtt';
import type { LoadJob as Job } from './loadGenerator.ts';
import { vars } from './telemetryVars.ts';

/** protocol.md's default: a sample every 5 minutes (a replay of 288 samples is one day). */
const SAMPLE_INTERVAL_MS = 300_000;

const CONNECT_CONCURRENCY = 100;

const job = JSON.parse(process.argv[2] as string) as Job;

async function connect(d: Job['dataloggers'][number]): Promise<MqttClient> {
  const client = mqtt.connect(job.url, { clientId: d.sn, username: d.sn, password: d.secret, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  if (job.subscribeCommands) await client.subscribeAsync(commandTopic(d.sn), { qos: 1 });
  return client;
}

/** Every payload of one datalogger, built before the clock starts so the generator spends its time on MQTT. */
function payloadsOf(d: Job['dataloggers'][number]): string[] {
  return Array.from({ length: job.messages }, (_, m) => {
    const samples = Array.from({ length: job.samplesPerMessage }, (_, s) => {
      const i = m * job.samplesPerMessage + s;
      return { ts: job.startTs + i * SAMPLE_INTERVAL_MS, device: d.device, vars: vars(i) };
    });
    return JSON.stringify({ seq: m, samples });
  });
}

async function main() {
  // A hundred at a time: thousands of connections at once overflow the broker's listen backlog (connections reset).
  const clients: MqttClient[] = [];
  for (let i = 0; i < job.dataloggers.length; i += CONNECT_CONCURRENCY)
    clients.push(...(await Promise.all(job.dataloggers.slice(i, i + CONNECT_CONCURRENCY).map(connect))));
  const payloads = job.dataloggers.map(payloadsOf);
  const started = performance.now();
  const perClientInterval = job.rate > 0 ? (1000 * job.dataloggers.length) / job.rate : 0;
  let acked = 0;
  await Promise.all(
    clients.map(async (client, c) => {
      const d = job.dataloggers[c] as Job['dataloggers'][number];
      const pending: Promise<unknown>[] = [];
      for (const [m, payload] of (payloads[c] as string[]).entries()) {
        const sent = client.publishAsync(`dl/${d.sn}/up/telemetry`, payload, { qos: 1 }).then(() => {
          acked += 1;
        });
        pending.push(sent);
        if (perClientInterval > 0) {
          const due = started + (m + 1) * perClientInterval + (c * perClientInterval) / clients.length;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        } else if (pending.length >= 20) {
          // At most 20 unacknowledged messages per datalogger, like a device's in-flight window.
          await pending.shift();
        }
      }
      await Promise.all(pending);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.endAsync()));
  process.stdout.write(`${JSON.stringify({ acked, seconds })}\n`);
}

main().catch((error) => {
  process.stderr.write(String(error));
  process.exit(1);
});
