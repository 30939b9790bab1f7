import { readFileSync } from 'node:fs';
import { ADMIN, type Mosquitto, startMosquitto } from '@sunstack/server/src/modules/broker/testMosquitto.ts';
import mqtt, { type MqttClient } from 'mqtt';
import { TICKS_PER_SECOND, ticksOf } from './databaseCpu.ts';
import { type BenchResult, markdownTable } from './figures.ts';
import { generate } from './loadGenerator.ts';
import { vars } from './telemetryVars.ts';

/**
 * Issue 16 item 8 and issue 18: what Mosquitto's persistence costs and what a crash of the broker loses, for a save
 * after every 100, 500 and 1,000 changes (deploy/mosquitto/mosquitto.conf ships one of them) against a save after
 * every change. Mosquitto 2.0 saves by rewriting its whole file and walking every subscription of every client, so
 * a save costs in proportion to the fleet connected: per message while the ingest takes everything, with 1,000,
 * 3,000 and 10,000 dataloggers connected (each subscribed to its commands), and per queued message while it is away.
 */

const SETTINGS: { label: string; settings: Record<string, string>; fleets: boolean }[] = [
  { label: 'a save every 100 changes', settings: { autosave_interval: '100' }, fleets: true },
  { label: 'a save every 500 changes', settings: { autosave_interval: '500' }, fleets: true },
  { label: 'a save every 1,000 changes', settings: { autosave_interval: '1000' }, fleets: true },
  // At 1,000 messages/s a save per message cannot keep up with a fleet of thousands: measured with 1,000 dataloggers only.
  { label: 'a save after every change', settings: { autosave_interval: '1' }, fleets: false },
];
/** No save until the broker stops: fills a backlog without the quadratic cost of saving it as it grows. */
const NO_SAVES = { autosave_on_changes: 'false', autosave_interval: '0' };

const STEADY_DATALOGGERS = 1_000;
const STEADY_RATE = 1_000;
const STEADY_SECONDS = 10;
/** Connected fleets (beside the 1,000 above) whose subscriptions every save walks. */
const FLEETS = [3_000, 10_000];
const BACKLOGS = [10_000];
/** Arrivals while the ingest is away: 3,000 dataloggers at a message every 5 minutes. */
const BACKLOG_RATE = 10;
const BACKLOG_SECONDS = 10;
const CRASH_MESSAGES = 3_000;
const CRASH_RUNS = 3;
const INGEST_CLIENT = 'sunstack-ingest-bench';
/** The shipped setting's bound: what a crash may lose is at most its save interval. */
const SHIPPED_INTERVAL = Number(
  /^autosave_interval (\d+)$/m.exec(readFileSync(new URL('../deploy/mosquitto/mosquitto.conf', import.meta.url), 'utf8'))?.[1],
);

const dataloggerOf = (i: number) => ({ sn: `8690${String(i).padStart(11, '0')}`, secret: 'bench-secret', device: `dev${i}` });
const DATALOGGERS = Array.from({ length: STEADY_DATALOGGERS }, (_, i) => dataloggerOf(i));
type Datalogger = (typeof DATALOGGERS)[number];
/** Dataloggers that fill a backlog side by side. */
const FILLERS = DATALOGGERS.slice(0, 100);

function connect(url: string, options: mqtt.IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, ...options });
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

/**
 * The ingest's persistent session, as dataLoop.ts opens it: QoS 1 on every datalogger's uplink.
 * `onMessage` gets each payload; `away` leaves the session for the broker to keep.
 */
async function ingestSession(url: string, onMessage: (payload: Buffer) => void = () => {}) {
  const client = await connect(url, { clientId: INGEST_CLIENT, clean: false, username: ADMIN.username, password: ADMIN.password });
  client.on('message', (_topic, payload) => onMessage(payload));
  await client.subscribeAsync('dl/+/up/#', { qos: 1 });
  return { away: () => client.endAsync() };
}

/** A telemetry message of one sample of 20 variables, as the fleet sends every 5 minutes (about 550 bytes queued). */
const telemetry = (datalogger: Datalogger, seq: number) =>
  JSON.stringify({ seq, samples: [{ ts: seq * 300_000, device: datalogger.device, vars: vars(seq) }] });

/**
 * Publishes messages `from`..`from + count` from one datalogger, ten in flight, or one every
 * `intervalMs`; answers how many the broker acknowledged.
 */
async function publish(url: string, datalogger: Datalogger, from: number, count: number, intervalMs = 0) {
  const client = await connect(url, { clientId: datalogger.sn, username: datalogger.sn, password: datalogger.secret });
  const topic = `dl/${datalogger.sn}/up/telemetry`;
  let acknowledged = 0;
  const inFlight = intervalMs > 0 ? 1 : 10;
  for (let i = from; i < from + count; i += inFlight) {
    await Promise.all(
      Array.from({ length: Math.min(inFlight, from + count - i) }, (_, j) =>
        client.publishAsync(topic, telemetry(datalogger, i + j), { qos: 1 }).then(() => {
          acknowledged += 1;
        }),
      ),
    );
    if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  client.end(true);
  return acknowledged;
}

/** Bytes the process has had written to disk (or would have, had the page cache not absorbed them). */
function writtenBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/io`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('write_bytes:'));
  return Number(line?.split(':')[1] ?? 0);
}

/** CPU µs per message with 1,000 dataloggers at 1,000 messages/s and the ingest's session taking everything. */
async function steadyCost(settings: Record<string, string>) {
  const broker = await startMosquitto({ dataloggers: DATALOGGERS, settings });
  try {
    const ingest = await ingestSession(broker.url);
    const job = { url: broker.url, dataloggers: DATALOGGERS, samplesPerMessage: 1, rate: STEADY_RATE, startTs: 0 };
    await generate({ ...job, messages: 2 });
    const ticks = ticksOf(broker.pid()) ?? 0;
    const { acked } = await generate({ ...job, messages: (STEADY_RATE * STEADY_SECONDS) / STEADY_DATALOGGERS });
    const micros = (((ticksOf(broker.pid()) ?? 0) - ticks) * 1_000_000) / TICKS_PER_SECOND;
    await ingest.away();
    return micros / acked;
  } finally {
    await broker.stop();
  }
}

/**
 * CPU µs per message at 1,000 messages/s with `count` dataloggers connected, each subscribed to its command topic:
 * two runs on one broker, one message per datalogger and then two; the difference is the messages' (connecting,
 * subscribing and leaving cancel out). The dataloggers are spread over load processes of 1,000 (a job travels in argv).
 */
async function fleetCost(settings: Record<string, string>, count: number) {
  const dataloggers = Array.from({ length: count }, (_, i) => dataloggerOf(i));
  const broker = await startMosquitto({ dataloggers, settings });
  try {
    const ingest = await ingestSession(broker.url);
    const shares = Array.from({ length: Math.ceil(count / STEADY_DATALOGGERS) }, (_, i) =>
      dataloggers.slice(i * STEADY_DATALOGGERS, (i + 1) * STEADY_DATALOGGERS),
    );
    const measure = async (messages: number) => {
      const ticks = ticksOf(broker.pid()) ?? 0;
      const runs = await Promise.all(
        shares.map((share) =>
          generate({
            url: broker.url,
            dataloggers: share,
            messages,
            samplesPerMessage: 1,
            rate: (STEADY_RATE * share.length) / count,
            startTs: 0,
            subscribeCommands: true,
          }),
        ),
      );
      return { ticks: (ticksOf(broker.pid()) ?? 0) - ticks, acked: runs.reduce((sum, run) => sum + run.acked, 0) };
    };
    const [one, two] = [await measure(1), await measure(2)];
    await ingest.away();
    return ((two.ticks - one.ticks) * 1_000_000) / TICKS_PER_SECOND / (two.acked - one.acked);
  } finally {
    await broker.stop();
  }
}

/** With `queued` messages waiting for the ingest, messages arriving at 10/s: the broker's share of a core and its disk writes. */
async function backlogCost(settings: Record<string, string>, queued: number) {
  const broker = await startMosquitto({ dataloggers: FILLERS, settings: NO_SAVES });
  try {
    await (await ingestSession(broker.url)).away();
    await Promise.all(FILLERS.map((d) => publish(broker.url, d, 0, queued / FILLERS.length)));
    // A clean stop saves the backlog once; the broker starts again with the setting measured.
    await broker.restart(settings);
    const [ticks, bytes, started] = [ticksOf(broker.pid()) ?? 0, writtenBytes(broker.pid()), performance.now()];
    await publish(broker.url, FILLERS[0] as Datalogger, queued, BACKLOG_RATE * BACKLOG_SECONDS, 1000 / BACKLOG_RATE);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = ((ticksOf(broker.pid()) ?? 0) - ticks) / TICKS_PER_SECOND;
    return { core: cpuSeconds / seconds, mbPerSecond: (writtenBytes(broker.pid()) - bytes) / 1e6 / seconds };
  } finally {
    await broker.stop();
  }
}

/** Messages acknowledged to a datalogger while the ingest was away, then the broker killed: how many it no longer has. */
async function lostInCrash(broker: Mosquitto) {
  await (await ingestSession(broker.url)).away();
  const acknowledged = await publish(broker.url, DATALOGGERS[0] as Datalogger, 0, CRASH_MESSAGES);
  await broker.crash();
  const kept = new Set<number>();
  const ingest = await ingestSession(broker.url, (payload) => kept.add((JSON.parse(payload.toString()) as { seq: number }).seq));
  // Queued messages come at once after the subscription; a second without any means the rest is gone.
  let seen = -1;
  while (seen !== kept.size) {
    seen = kept.size;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await ingest.away();
  return acknowledged - kept.size;
}

export async function run(): Promise<BenchResult> {
  const rows: {
    label: string;
    interval: number;
    steady: number;
    fleets: (number | undefined)[];
    backlog: { core: number; mbPerSecond: number }[];
    lost: number[];
  }[] = [];
  for (const { label, settings, fleets } of SETTINGS) {
    const steady = await steadyCost(settings);
    const fleetCosts = [];
    for (const count of FLEETS) fleetCosts.push(fleets ? await fleetCost(settings, count) : undefined);
    const backlog = [];
    for (const queued of BACKLOGS) backlog.push(await backlogCost(settings, queued));
    const lost = [];
    for (let i = 0; i < CRASH_RUNS; i += 1) {
      const broker = await startMosquitto({ dataloggers: DATALOGGERS.slice(0, 1), settings });
      try {
        lost.push(await lostInCrash(broker));
      } finally {
        await broker.stop();
      }
    }
    rows.push({ label, interval: Number(settings.autosave_interval), steady, fleets: fleetCosts, backlog, lost });
  }
  const shipped = rows.find((row) => row.interval === SHIPPED_INTERVAL);
  if (!shipped) throw new Error(`the shipped autosave_interval ${SHIPPED_INTERVAL} is not among the settings measured`);
  const worstLost = Math.max(...shipped.lost);
  const largest = FLEETS.at(-1) as number;
  const micros = (value: number | undefined) => (value === undefined ? 'not measured' : value.toFixed(0));
  return {
    title: 'Mosquitto persistence',
    figures: [
      {
        name: `Acknowledged messages lost when Mosquitto is killed while the ingest is away (worst of ${CRASH_RUNS} runs of ${CRASH_MESSAGES.toLocaleString('en')}), shipped setting (${shipped.label})`,
        value: String(worstLost),
        budget: `<= ${SHIPPED_INTERVAL}`,
        pass: worstLost <= SHIPPED_INTERVAL,
      },
      ...rows.map((row) => ({
        name: `Mosquitto CPU µs per message at ${STEADY_RATE} messages/s with ${largest.toLocaleString('en')} dataloggers connected, ${row.label}`,
        value: micros(row.fleets.at(-1)),
      })),
    ],
    details: [
      `Mosquitto 2.0 with deploy/mosquitto/mosquitto.conf, changing only \`autosave_interval\`. Steady: ${STEADY_DATALOGGERS.toLocaleString('en')} dataloggers (not subscribed to anything) publishing ${STEADY_RATE.toLocaleString('en')} messages/s for ${STEADY_SECONDS} s to the ingest's persistent QoS 1 session (a plain mqtt.js client here that acknowledges at once, so no database), the broker's CPU from /proc; with ${FLEETS.map((n) => n.toLocaleString('en')).join(' and ')} dataloggers, each subscribed to its command topic as real ones are, at the same rate, the difference between a run of one message each and one of two. Backlog: the ingest away with that many messages of one sample of 20 variables queued, one datalogger sending ${BACKLOG_RATE} messages/s for ${BACKLOG_SECONDS} s; disk writes are the process's \`write_bytes\` from /proc. Crash: ${CRASH_MESSAGES.toLocaleString('en')} messages acknowledged to one datalogger (ten in flight) while the ingest is away, the broker killed (SIGKILL) right after the last acknowledgement and started again on its folder, then what the ingest's session still receives.`,
      '',
      ...markdownTable(
        [
          'Setting',
          `CPU µs per message, ${STEADY_DATALOGGERS.toLocaleString('en')} dataloggers`,
          ...FLEETS.map((count) => `CPU µs per message, ${count.toLocaleString('en')} dataloggers`),
          ...BACKLOGS.flatMap((queued) => [
            `Core share, ${queued.toLocaleString('en')} queued`,
            `MB/s written, ${queued.toLocaleString('en')} queued`,
          ]),
          'Lost in a crash',
        ],
        rows.map((row) => [
          row.label,
          micros(row.steady),
          ...row.fleets.map(micros),
          ...row.backlog.flatMap((b) => [b.core.toFixed(2), b.mbPerSecond.toFixed(1)]),
          row.lost.join(', '),
        ]),
        [1, 2, 3, 4, 5, 6],
      ),
    ],
  };
}
