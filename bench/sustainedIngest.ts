import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startDataLoop } from '@sunstack/server/src/dataLoop.ts';
import { externalConfig, startMosquitto } from '@sunstack/server/src/modules/broker/testMosquitto.ts';
import { hashDeviceSecret } from '@sunstack/server/src/modules/datalogger/secret.ts';
import { createFleetPlant } from '@sunstack/server/src/test/fleetFixture.ts';
import pg from 'pg';
import { closePendingHours, HOUR_MS, nextHour, startApp } from './appServer.ts';
import { BENCH_APPLICATION, databaseCpuMeter, observerDatabaseUrl, openObserver, TICKS_PER_SECOND, ticksOf } from './databaseCpu.ts';
import { type BenchResult, markdownTable } from './figures.ts';
import type { SustainLoadJob, SustainStep, SustainStepReport } from './sustainedIngestLoad.ts';

/**
 * Issue 17's second goal: sustained ingest with the rollups never more than 10 s behind, at the
 * highest rate two cores hold (goal: at least 8,000 messages/s of 20 variables, on PostgreSQL).
 * Mosquitto in front with the shipped configuration, the server as the ingest benchmark runs it
 * (ingest and rollup job in one process), and load processes of dataloggers that stay connected
 * while the rate steps up; each step is measured until its last message is stored and rolled up.
 */
const DATALOGGERS = 10_000;
/** Two processes, so the dataloggers can use both cores if they need them (one Node.js process uses one). */
const LOAD_PROCESSES = 2;
const FIRST_SN = 830_000_000_000_000;
const SECRET = 'bench-sustained-ingest-secret';
const STEP_SECONDS = 15;
/** Messages/s of the steps, in order until one fails; then one more halves the gap below it (to 500). */
const RATES = [2_000, 4_000, 6_000, 8_000, 10_000, 12_000];
const BISECTIONS = 1;
/** The warm-up: one message each (the server's code, its device cache and Mosquitto's sessions warm). */
const WARM_RATE = 2_000;
const WARM_SECONDS = 5;
/** The rollups may be at most this far behind (issue 17). */
const BEHIND_LIMIT_S = 10;
/** After a step's last message, how long to wait for the rollups at most (the step has failed by then). */
const CATCH_UP_LIMIT_S = 15;
/** After a failed step, how long the backlog may take to drain before the next step starts (unmeasured). */
const DRAIN_LIMIT_S = 30;
const SAMPLE_MS = 250;
/** A step starts only while it can end (its catch-up included) within this time of the bench's start: a run stays under 3 minutes. */
const RUN_BUDGET_S = 160;
/** How often the PostgreSQL backends' activity is read, to split their CPU by statement. */
const ACTIVITY_MS = 50;
/** Publishing stops after this many times a step's length: a step whose senders fall that far behind has failed. */
const STEP_DEADLINE = 1.5;
/** A step's senders kept its rate when their messages were acknowledged at this share of it at least. */
const KEPT_SHARE = 0.97;
/** A load process that used this share of a core was short of CPU itself. */
const LOAD_BUSY_SHARE = 0.85;
const SAMPLE_INTERVAL_MS = 300_000;
const BUDGET_RATE = 8_000;

/** One load process: its connected dataloggers, a step at a time. */
interface LoadProcess {
  step(step: SustainStep): Promise<SustainStepReport>;
  close(): Promise<void>;
}

function startLoadProcess(job: SustainLoadJob): Promise<LoadProcess> {
  const script = fileURLToPath(new URL('./sustainedIngestLoad.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(job)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let exited: Error | undefined;
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => waiting.shift()?.resolve(line));
  child.on('exit', (code) => {
    exited = new Error(`the load process exited with ${code}`);
    for (const waiter of waiting.splice(0)) waiter.reject(exited);
  });
  const nextLine = () => new Promise<string>((resolve, reject) => (exited ? reject(exited) : waiting.push({ resolve, reject })));
  return nextLine().then((line) => {
    const { connected } = JSON.parse(line) as { connected: number };
    if (connected !== job.count) throw new Error(`${connected} of ${job.count} dataloggers connected`);
    return {
      async step(step) {
        const report = nextLine();
        child.stdin?.write(`${JSON.stringify(step)}\n`);
        return JSON.parse(await report) as SustainStepReport;
      },
      async close() {
        if (exited) return;
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.stdin?.end();
        await gone;
      },
    };
  });
}

/** The whole machine's CPU so far (every core), from /proc/stat: busy and total, in ticks. */
function machineTicks() {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  // idle and iowait
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** A connection of the bench's own to the run's database (readings, catch-up checks), outside the measured CPU. */
async function probe(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: observerDatabaseUrl(url) });
  await client.connect();
  return client;
}

/** What the sampler saw every 250 ms: the newest mark id taken and the oldest still waiting. */
interface MarkSample {
  at: number;
  newest: number;
  oldest: number | undefined;
  waitingSamples: number;
}

/** Repeats `work` every `ms` until stopped. */
function every(ms: number, work: () => Promise<void>) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const due = Date.now() + ms;
      await work();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

/**
 * Reads the marks every SAMPLE_MS. `rollup_dirty` keeps no time, so a mark's age is told from the
 * mark sequence: a mark was taken after the last reading whose newest id was below it, so its age
 * is at most the time since that reading (the figure errs by up to one interval on the late side).
 */
function startMarkSampler(client: pg.Client) {
  const samples: MarkSample[] = [];
  const stop = every(SAMPLE_MS, async () => {
    const { rows } = await client.query<{ newest: string; oldest: string | null; waiting: number }>(
      'select (select last_value from rollup_dirty_id_seq) as newest, min(id) as oldest, coalesce(sum(samples), 0)::int as waiting from rollup_dirty',
    );
    const row = rows[0];
    samples.push({
      at: Date.now(),
      newest: Number(row?.newest ?? 0),
      oldest: row?.oldest === null || row?.oldest === undefined ? undefined : Number(row.oldest),
      waitingSamples: Number(row?.waiting ?? 0),
    });
  });
  /** The oldest waiting mark's age at each reading between `from` and `to` (ms since epoch), in seconds; 0 when none waits. */
  const agesBetween = (from: number, to: number) =>
    samples
      .filter((s) => s.at >= from && s.at <= to)
      .map((s) => {
        if (s.oldest === undefined) return 0;
        const oldest = s.oldest;
        const before = samples.findLast((earlier) => earlier.at <= s.at && earlier.newest < oldest);
        return before ? (s.at - before.at) / 1000 : 0;
      });
  return { samples, agesBetween, stop };
}

type Work = 'write' | 'rollup' | 'other';
/** What a backend runs, from its statement's text: the ingest's batch write (telemetry/repo.ts), or a rollup round or close. */
const workOf = (query: string): Work => {
  if (/rollup_round|rollup_close_hours/.test(query)) return 'rollup';
  return query.includes('rollup_dirty_id_seq') ? 'write' : 'other';
};

/**
 * Reads every ACTIVITY_MS which of the run's backends are running (active, waiting on nothing) and
 * what: each backend's CPU is then split in proportion to what it was seen running.
 */
function startActivitySampler(client: pg.Client) {
  let seen = new Map<number, Record<Work, number>>();
  const stop = every(ACTIVITY_MS, async () => {
    const { rows } = await client.query<{ pid: number; query: string }>(
      "select pid, query from pg_stat_activity where application_name = $1 and state = 'active' and wait_event_type is null",
      [BENCH_APPLICATION],
    );
    for (const { pid, query } of rows) {
      const counts = seen.get(pid) ?? { write: 0, rollup: 0, other: 0 };
      counts[workOf(query)] += 1;
      seen.set(pid, counts);
    }
  });
  return {
    stop,
    /** Starts counting afresh. */
    reset() {
      seen = new Map();
    },
    /** The backends' CPU (µs by pid) split by what they were seen running since `reset`. */
    split(cpu: Map<number, number>): Record<Work, number> {
      const split = { write: 0, rollup: 0, other: 0 };
      for (const [pid, micros] of cpu) {
        const counts = seen.get(pid);
        const total = counts ? counts.write + counts.rollup + counts.other : 0;
        if (!counts || total === 0) split.other += micros;
        else for (const work of ['write', 'rollup', 'other'] as const) split[work] += (micros * counts[work]) / total;
      }
      return split;
    },
  };
}

interface StepResult {
  target: number;
  acked: number;
  ackedPerS: number;
  kept: boolean;
  /** The oldest waiting mark's greatest age while the step ran and caught up (s). */
  maxBehindS: number;
  /** From the step's last acknowledgement until everything was stored and no mark waited (s); undefined when it never did. */
  catchUpS: number | undefined;
  maxWaitingSamples: number;
  serverUs: number;
  brokerUs: number;
  databaseUs: number;
  /** PostgreSQL's CPU per message split by what its backends ran. */
  database: Record<Work, number>;
  loadUs: number;
  /** The busiest load process's share of a core while it published. */
  loadBusiest: number;
  loadMaxLateMs: number;
  /** Cores the whole machine kept busy, and those of processes outside this run (another run on the machine). */
  machineCores: number;
  otherCores: number;
  loadAverage: number;
  pass: boolean;
}

const fixed = (n: number, digits = 0) => n.toFixed(digits);
const systemUs = (s: StepResult) => s.serverUs + s.brokerUs + s.databaseUs;

/** Why a step failed, or that it held. */
function verdictOf(s: StepResult) {
  if (s.pass) return 'held';
  if (!s.kept)
    return s.loadBusiest >= LOAD_BUSY_SHARE
      ? `senders short of the rate, a load process busy ${fixed(s.loadBusiest * 100)} % of a core: the generator's limit, not the server's`
      : 'senders short of the rate (acknowledgements late: Mosquitto or the machine)';
  return s.catchUpS === undefined
    ? `not caught up ${CATCH_UP_LIMIT_S} s after the last message`
    : `rollups more than ${BEHIND_LIMIT_S} s behind`;
}

export async function run(): Promise<BenchResult> {
  const title = 'Sustained ingest with rollups';
  const figureName = 'Sustained messages/s with rollups never more than 10 s behind (Mosquitto in front, 1 sample of 20 variables)';
  if (!process.env.DATABASE_URL)
    return {
      title,
      figures: [{ name: figureName, value: 'not measured', budget: `>= ${BUDGET_RATE.toLocaleString('en')} (PostgreSQL)` }],
      details: [
        'Measured on PostgreSQL only (`DATABASE_URL`): the goal is a server database rate, which PGlite in the process does not aim at.',
      ],
    };

  const benchStarted = performance.now();
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  const quiet = { info: () => {}, warn: () => {} };
  const loads: LoadProcess[] = [];
  const probes: pg.Client[] = [];
  const stops: (() => Promise<void>)[] = [];
  let mosquitto: Awaited<ReturnType<typeof startMosquitto>> | undefined;
  let consumer: Awaited<ReturnType<typeof startDataLoop>> | undefined;
  const observer = await openObserver(server.database);
  try {
    const { database } = server;
    if (database.kind !== 'postgres' || !('url' in database) || typeof database.url !== 'string') throw new Error('needs PostgreSQL');
    const setupStarted = performance.now();
    // One plant made as the tests make them gives an owner; the fleet is written by SQL from it: a plant (Berlin) per
    // datalogger with its one inverter, as a fleet of homes is.
    const first = await createFleetPlant(database.db, { devices: 1 });
    await database.execute(`
      INSERT INTO plant (organisation_id, owner_id, name, type, country, time_zone, created_by)
      SELECT p.organisation_id, p.owner_id, 'Sustained ' || i, 'residential', 'DE', 'Europe/Berlin', p.created_by
      FROM plant p, generate_series(0, ${DATALOGGERS - 1}) AS i WHERE p.id = ${first.plantId};
      INSERT INTO datalogger (sn, secret_hash, organisation_id, plant_id, registered_by)
      SELECT (${FIRST_SN} + substr(p.name, 11)::bigint)::text, '${hashDeviceSecret(SECRET)}', p.organisation_id, p.id, p.created_by
      FROM plant p WHERE p.name LIKE 'Sustained %';
      INSERT INTO device (sn, datalogger_sn, plant_id, type, model)
      SELECT 'INV' || d.sn, d.sn, d.plant_id, 'inverter', 'Fixture 5K' FROM datalogger d WHERE d.sn::numeric >= ${FIRST_SN};
      ANALYZE`);
    const sns = Array.from({ length: DATALOGGERS }, (_, i) => String(FIRST_SN + i));
    mosquitto = await startMosquitto({ dataloggers: sns.map((sn) => ({ sn, secret: SECRET })) });
    consumer = await startDataLoop(externalConfig(mosquitto.url, { INGEST_INSTANCE: 'bench-sustained' }), server.app.ingest, quiet);
    const share = DATALOGGERS / LOAD_PROCESSES;
    const connectStarted = performance.now();
    const url = mosquitto.url;
    loads.push(
      ...(await Promise.all(
        Array.from({ length: LOAD_PROCESSES }, (_, p) =>
          startLoadProcess({ url, firstSn: FIRST_SN + p * share, count: share, secret: SECRET }),
        ),
      )),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    for (let i = 0; i < 3; i += 1) probes.push(await probe(database.url));
    const [check, markProbe, activityProbe] = probes as [pg.Client, pg.Client, pg.Client];
    const marks = startMarkSampler(markProbe);
    stops.push(marks.stop);
    const activity = startActivitySampler(activityProbe);
    stops.push(activity.stop);
    const broker = mosquitto;

    /**
     * Resolves (the time) once the step's `acked` messages are stored and no mark waits, undefined after `limitS`. A
     * datalogger publishes its messages in order and stops only at the end or the deadline, so the step's messages are
     * stored when each device's newest sample of the step, counted from the step's first (5 minutes apart), adds up to
     * them: every earlier message has reached the ingest by then, and its queue is then flushed.
     */
    const waitUntilCaughtUp = async (step: SustainStep, acked: number, lastAckAt: number, limitS = CATCH_UP_LIMIT_S) => {
      let stored = false;
      while (Date.now() - lastAckAt < limitS * 1000) {
        if (!stored) {
          const { rows } = await check.query<{ n: number }>(
            `select coalesce(sum(round((extract(epoch from ts) * 1000 - $1) / ${SAMPLE_INTERVAL_MS}) + 1), 0)::int as n
            from telemetry_latest where ts >= to_timestamp($1 / 1000.0) and ts < to_timestamp($2 / 1000.0)`,
            [step.startTs, step.startTs + step.messages * SAMPLE_INTERVAL_MS],
          );
          if ((rows[0]?.n ?? 0) >= acked) {
            await server.app.ingest.flush();
            stored = true;
          }
        }
        if (stored) {
          const { rows } = await check.query<{ waiting: boolean }>('select exists (select 1 from rollup_dirty) as waiting');
          if (!rows[0]?.waiting) return Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      }
      return undefined;
    };

    // Each step writes hours of its own that have not ended (future ones, samples 5 minutes apart), as a live fleet
    // writes the hour it is in; the step's cost includes closing them, as the rollup job does once they rest.
    let nextStepTs = nextHour();
    /** One step at `rate` messages/s: each datalogger sends a whole number of messages over about STEP_SECONDS. */
    /** The step that left a backlog, drained (unmeasured) before the next step starts. */
    let backlog: { step: SustainStep; acked: number; lastAckAt: number } | undefined;
    const runStep = async (rate: number, seconds = STEP_SECONDS): Promise<StepResult> => {
      if (backlog && (await waitUntilCaughtUp(backlog.step, backlog.acked, backlog.lastAckAt, DRAIN_LIMIT_S)) === undefined)
        throw new Error(`a step's backlog did not drain within ${DRAIN_LIMIT_S} s`);
      backlog = undefined;
      const messages = Math.max(1, Math.round((rate * seconds) / DATALOGGERS));
      const stepSeconds = (messages * DATALOGGERS) / rate;
      const step: SustainStep = {
        messages,
        seconds: stepSeconds,
        startTs: nextStepTs,
        deadlineMs: stepSeconds * STEP_DEADLINE * 1000,
      };
      nextStepTs += Math.ceil((messages * SAMPLE_INTERVAL_MS) / HOUR_MS) * HOUR_MS;
      const started = Date.now();
      const cpuBefore = process.cpuUsage();
      const brokerBefore = ticksOf(broker.pid()) ?? 0;
      const machineBefore = machineTicks();
      const databaseCpu = databaseCpuMeter(observer);
      await databaseCpu.start();
      activity.reset();
      const reports = await Promise.all(loads.map((load) => load.step(step)));
      const lastAckAt = Math.max(...reports.map((r) => r.lastAckAt));
      const acked = reports.reduce((sum, r) => sum + r.acked, 0);
      const caughtUpAt = await waitUntilCaughtUp(step, acked, lastAckAt);
      const ended = Date.now();
      await closePendingHours(server.database.db);
      const cpu = process.cpuUsage(cpuBefore);
      const brokerMicros = (((ticksOf(broker.pid()) ?? 0) - brokerBefore) * 1_000_000) / TICKS_PER_SECOND;
      const databaseMicros = (await databaseCpu.stop()) ?? 0;
      const split = activity.split(databaseCpu.perBackend());
      const machineAfter = machineTicks();
      const ackedPerS = acked / Math.max(...reports.map((r) => r.seconds));
      const loadMicros = reports.reduce((sum, r) => sum + r.cpuMicros, 0);
      const windowSeconds = (ended - started) / 1000;
      const machineCores = ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * os.cpus().length;
      const ourMicros = cpu.user + cpu.system + brokerMicros + databaseMicros + loadMicros;
      const maxBehindS = Math.max(0, ...marks.agesBetween(started, ended));
      const catchUpS = caughtUpAt === undefined ? undefined : (caughtUpAt - lastAckAt) / 1000;
      const sent = reports.reduce((sum, r) => sum + r.sent, 0);
      const kept = sent === messages * DATALOGGERS && acked === sent && ackedPerS >= KEPT_SHARE * rate;
      // A step that did not catch up leaves a backlog, which would count against the next one: it drains before that starts.
      if (caughtUpAt === undefined) backlog = { step, acked, lastAckAt };
      const result: StepResult = {
        target: rate,
        acked,
        ackedPerS,
        kept,
        maxBehindS,
        catchUpS,
        maxWaitingSamples: Math.max(0, ...marks.samples.filter((s) => s.at >= started && s.at <= ended).map((s) => s.waitingSamples)),
        serverUs: (cpu.user + cpu.system) / acked,
        brokerUs: brokerMicros / acked,
        databaseUs: databaseMicros / acked,
        database: { write: split.write / acked, rollup: split.rollup / acked, other: split.other / acked },
        loadUs: loadMicros / acked,
        loadBusiest: Math.max(...reports.map((r) => r.cpuMicros / 1e6 / r.seconds)),
        loadMaxLateMs: Math.max(...reports.map((r) => r.maxLateMs)),
        machineCores,
        otherCores: Math.max(0, machineCores - ourMicros / 1e6 / windowSeconds),
        loadAverage: os.loadavg()[0] ?? 0,
        pass: kept && catchUpS !== undefined && catchUpS <= BEHIND_LIMIT_S && maxBehindS <= BEHIND_LIMIT_S,
      };
      process.stdout.write(
        `  ${fixed(rate)} msg/s: ${fixed(ackedPerS)} acked/s, behind ${fixed(maxBehindS, 1)} s, caught up ${catchUpS === undefined ? 'never' : `${fixed(catchUpS, 1)} s`} after the last message, ` +
          `CPU µs/msg server ${fixed(result.serverUs)} Mosquitto ${fixed(result.brokerUs)} PostgreSQL ${fixed(result.databaseUs)} ` +
          `(write ${fixed(result.database.write)}, rollup ${fixed(result.database.rollup)}, other ${fixed(result.database.other)}) load ${fixed(result.loadUs)}; ` +
          `load average ${fixed(result.loadAverage, 2)}: ${verdictOf(result)}\n`,
      );
      return result;
    };

    const warm = await runStep(WARM_RATE, WARM_SECONDS);
    const steps: StepResult[] = [];
    let failedAt: number | undefined;
    /** Whether a step (and its catch-up) still ends within the run's budget; a step left out is said in the details. */
    let cutShort = false;
    const hasTime = () => {
      cutShort =
        (performance.now() - benchStarted) / 1000 + STEP_SECONDS * STEP_DEADLINE + CATCH_UP_LIMIT_S + (backlog ? DRAIN_LIMIT_S : 0) >
        RUN_BUDGET_S;
      return !cutShort;
    };
    for (const rate of RATES) {
      if (!hasTime()) break;
      const result = await runStep(rate);
      steps.push(result);
      // A higher rate does no better once one has failed; the run stays short.
      if (!result.pass) {
        failedAt = rate;
        break;
      }
    }
    // The gap below the failed rate, halved (to 500 messages/s) while the run has time.
    for (let i = 0; i < BISECTIONS && failedAt !== undefined && hasTime(); i += 1) {
      const held = Math.max(0, ...steps.filter((s) => s.pass).map((s) => s.target));
      const mid = Math.round((held + failedAt) / 2 / 500) * 500;
      if (mid <= held || mid >= failedAt) break;
      const result = await runStep(mid);
      steps.push(result);
      if (!result.pass) failedAt = mid;
    }
    const { rows: storedRows } = await check.query<{ n: number }>('select count(*)::int as n from telemetry');
    const sent = warm.acked + steps.reduce((sum, s) => sum + s.acked, 0);

    const held = steps.filter((s) => s.pass).sort((a, b) => a.target - b.target);
    const best = held.at(-1);
    const highest = steps.reduce<StepResult | undefined>((top, s) => (top && top.target >= s.target ? top : s), undefined);
    const heaviest = steps.reduce<StepResult | undefined>((top, s) => (top && top.ackedPerS >= s.ackedPerS ? top : s), undefined);
    // The cost per message of the highest rate held (a step that fell behind costs more per message: Mosquitto saves its backlog).
    const costed = best ?? heaviest;
    const projected = costed ? 2_000_000 / systemUs(costed) : 0;
    return {
      title,
      database: server.engine,
      figures: [
        {
          name: figureName,
          value: best ? `${best === highest ? '>= ' : ''}${fixed(best.target)}` : `< ${fixed(steps[0]?.target ?? 0)}`,
          budget: `>= ${BUDGET_RATE.toLocaleString('en')}`,
          pass: (best?.target ?? 0) >= BUDGET_RATE,
        },
        ...(costed
          ? [
              {
                name: `Sustained ingest: server + Mosquitto + PostgreSQL CPU µs per message at ${fixed(costed.target)} messages/s (load processes apart)`,
                value: fixed(systemUs(costed)),
              },
            ]
          : []),
      ],
      details: [
        `${DATALOGGERS.toLocaleString('en')} dataloggers, each with one inverter in a plant of its own (Europe/Berlin), written by SQL; Mosquitto with the shipped ` +
          'configuration (`deploy/mosquitto/mosquitto.conf`, every datalogger in its dynamic security file); the server process as the ingest ' +
          'benchmark runs it (the app with its jobs, the rollup job among them, and the data loop consuming Mosquitto: `MQTT_URL`). The ' +
          `dataloggers run in ${LOAD_PROCESSES} load processes (\`sustainedIngestLoad.ts\`, mqtt.js) that connect once, each datalogger ` +
          'subscribing to its command topic as real ones do, and publish QoS 1 messages of one sample of 20 variables (samples 5 minutes apart, ' +
          'each step in hours of its own that have not ended, as a live fleet writes the hour it is in), ' +
          `each datalogger at an even share of the step's rate; set-up took ${fixed(setupSeconds, 1)} s, connecting ${fixed(connectSeconds, 1)} s.`,
        `Steps of about ${STEP_SECONDS} s (each datalogger sends a whole number of messages) after a warm-up (one message each over ${WARM_SECONDS} s): ` +
          `${RATES.map((r) => r.toLocaleString('en')).join(', ')} messages/s until one fails, then ${BISECTIONS} more halving the gap below it (to 500). ` +
          (cutShort ? `The run's time (${RUN_BUDGET_S} s from its start) ran out before the next step: steps are missing. ` : '') +
          `Each step is measured from its start until its last message is stored and no rollup mark waits (or ${CATCH_UP_LIMIT_S} s after its last message; ` +
          'a backlog left then drains before the next step starts, unmeasured); publishing stops ' +
          `${STEP_DEADLINE} times the step's length after its start, what is still due unsent (the step then failed). ` +
          `A step holds when its messages were all acknowledged, at ${KEPT_SHARE * 100} % of its rate at least, and the rollups were never more ` +
          `than ${BEHIND_LIMIT_S} s behind: the oldest waiting \`rollup_dirty\` mark, read every ${SAMPLE_MS} ms (its age from the mark sequence, ` +
          'late by one reading at most), and the time from the last acknowledgement until everything was stored and no mark waited. ' +
          'CPU per message: the server process, Mosquitto and the PostgreSQL backends of the run (`/proc`, `databaseCpu.ts`), each over that window; ' +
          `PostgreSQL's split into the ingest's batch write, the rollup rounds and the rest (device look-ups and the like) in proportion to ` +
          `what each backend was seen running, on the CPU, every ${ACTIVITY_MS} ms (\`pg_stat_activity\`, read on a connection of the bench's own, not counted); ` +
          "the CPU includes closing the step's hours once it caught up, as the rollup job does when they rest (in the rollup share). " +
          "The load processes' own CPU while publishing, and the busiest one's share of a core (a load process at 85 % or more is short of CPU " +
          'itself: the rate it missed is not the server\'s limit). "Machine" is every core\'s busy time (`/proc/stat`), "other" what of it lies ' +
          `outside this run (another run on the machine). Stored rows at the end: ${storedRows[0]?.n ?? 0} of ${sent} sent (the warm-up's included).`,
        '',
        markdownTable(
          [
            'Rate',
            'Acked/s',
            'Behind (s)',
            'Caught up (s)',
            'Waiting samples',
            'Server µs',
            'Mosquitto µs',
            'PostgreSQL µs (write + rollup + other)',
            'Total µs',
            'Load µs',
            'Busiest load',
            'Machine cores',
            'Other cores',
            'Load avg',
            'Result',
          ],
          [warm, ...steps].map((s, i) => [
            i === 0 ? `warm-up ${fixed(s.target)}` : fixed(s.target),
            fixed(s.ackedPerS),
            fixed(s.maxBehindS, 1),
            s.catchUpS === undefined ? `> ${CATCH_UP_LIMIT_S}` : fixed(s.catchUpS, 1),
            String(s.maxWaitingSamples),
            fixed(s.serverUs),
            fixed(s.brokerUs),
            `${fixed(s.databaseUs)} (${fixed(s.database.write)} + ${fixed(s.database.rollup)} + ${fixed(s.database.other)})`,
            fixed(systemUs(s)),
            fixed(s.loadUs),
            `${fixed(s.loadBusiest * 100)} %`,
            fixed(s.machineCores, 2),
            fixed(s.otherCores, 2),
            fixed(s.loadAverage, 2),
            i === 0 ? '' : verdictOf(s),
          ]),
          [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
        ).join('\n'),
        '',
        costed
          ? `At ${fixed(costed.target)} messages/s${costed.pass ? ' (the highest rate held)' : ''} server, Mosquitto and PostgreSQL together took ${fixed(systemUs(costed))} µs ` +
            `of CPU per message: two cores with nothing else on them would hold about ${fixed(projected)} messages/s at that cost (derived, not measured; ` +
            `the load processes took ${fixed(costed.loadUs)} µs per message of the same two cores here).`
          : '',
      ],
    };
  } finally {
    for (const stop of stops) await stop();
    for (const client of probes) await client.end();
    await observer.close();
    for (const load of loads) await load.close();
    await consumer?.close();
    await mosquitto?.stop();
    await server.close();
  }
}
