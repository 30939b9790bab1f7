import { performance } from 'node:perf_hooks';
import { BENCH_PASSWORD, createBenchAdmin, settleDatabase, startApp } from './appServer.ts';
import type { BenchResult } from './figures.ts';
import { markdownTable, percentile } from './figures.ts';

const PLANTS = 1_000;
/** Enough calls that the p95 is the tenth slowest, not the second slowest of 40 (one stray scheduling delay). */
const SAMPLES_PER_QUERY = 200;
/**
 * Untimed rounds of every call before any is timed: the first few dozen calls of a fresh process run
 * cold code (and a named statement's first executions on a connection are planned each time), which
 * a single warm-up call left to the first case alone.
 */
const WARM_UP_ROUNDS = 10;
const BUDGET_SERIES_P95_MS = 5;
const BUDGET_SUMMARY_P95_MS = 100;
const YEAR = 2025;

/**
 * A year of rollups for every plant's inverter (as the ingest leaves them: 5-minute and hourly
 * rows, days, months, the year), the hour under way, and latest values, written by SQL so the
 * benchmark measures the calls, not the ingest.
 */
function fleetSql(admin: number) {
  return `
    INSERT INTO plant (organisation_id, installer_id, name, type, country, time_zone, system_size_kw, created_by)
    SELECT (SELECT id FROM organisation WHERE parent_id IS NULL), ${admin}, 'Series ' || i, 'residential', 'DE', 'Europe/Berlin', 10, ${admin}
    FROM generate_series(1, ${PLANTS}) AS i;
    INSERT INTO datalogger (sn, secret_hash, organisation_id, plant_id, registered_by)
    SELECT (600000000000000 + p.id)::text, 'bench', p.organisation_id, p.id, ${admin} FROM plant p;
    INSERT INTO device (sn, datalogger_sn, plant_id, type, model, last_seen_at)
    SELECT 'S' || p.id, (600000000000000 + p.id)::text, p.id, 'inverter', 'S-10', now() FROM plant p;
    INSERT INTO telemetry_latest (device_id, ts, vars)
    SELECT d.id, now(), '{"pvPower": 4.2, "loadsPower": 1.1}' FROM device d;
    INSERT INTO rollup_calendar (subject_kind, subject_id, grain, start, pv, loads)
    SELECT kind, id, 'day', day::date, 20 + random() * 10, 8 FROM generate_series('${YEAR}-01-01'::date, '${YEAR}-12-31'::date, interval '1 day') AS day,
      (SELECT 'device' AS kind, id FROM device UNION ALL SELECT 'plant', id FROM plant) s;
    INSERT INTO rollup_calendar (subject_kind, subject_id, grain, start, pv, loads)
    SELECT subject_kind, subject_id, 'month', date_trunc('month', start)::date, sum(pv), sum(loads) FROM rollup_calendar WHERE grain = 'day' GROUP BY 1, 2, 4;
    INSERT INTO rollup_calendar (subject_kind, subject_id, grain, start, pv, loads)
    SELECT subject_kind, subject_id, 'year', date_trunc('year', start)::date, sum(pv), sum(loads) FROM rollup_calendar WHERE grain = 'month' GROUP BY 1, 2, 4;
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, sums, counts)
    SELECT 'device', 1, g.grain, t, 0.1, '{"pvPower": 1.2}', '{"pvPower": 1}'
    FROM (VALUES ('5m', interval '5 minutes'), ('1h', interval '1 hour')) AS g(grain, step),
      LATERAL generate_series('${YEAR}-01-01T00:00:00Z'::timestamptz, '${YEAR}-12-31T23:00:00Z'::timestamptz, g.step) AS t;
    -- The hour under way, as a live fleet leaves it: every inverter's 5-minute rows so far, its hour queued until it
    -- has ended (migration 0075), which readers add to the plant's hours and today.
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, loads, samples, sums)
    SELECT 'device', d.id, '5m', t, 0.1, 0.05, 1, '{"pvPower": 1.2}'
    FROM device d, generate_series(date_trunc('hour', now()), now(), interval '5 minutes') AS t;
    INSERT INTO rollup_open_hour (device_id, start, plant_id, calendar_day)
    SELECT d.id, date_trunc('hour', now()), d.plant_id, (now() AT TIME ZONE 'Europe/Berlin')::date FROM device d;
    `;
}

/** Series calls of one device and the fleet summary over 1,000 plants, each beside its bare SQL. */
export async function run(): Promise<BenchResult> {
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  try {
    const admin = await createBenchAdmin(server.database, 'series_admin');
    await server.database.execute(fleetSql(admin.id));
    await settleDatabase(server.database);

    const token = String((await server.call('/c/v0/user/login', { user: 'series_admin', password: BENCH_PASSWORD })).result.token);
    const time = async (run: () => Promise<unknown>) => {
      await run();
      const times: number[] = [];
      for (let i = 0; i < SAMPLES_PER_QUERY; i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b);
    };
    const expectOk = async (answer: Promise<{ errno: number }>) => {
      const { errno } = await answer;
      if (errno !== 0) throw new Error(`errno ${errno}`);
    };
    const report = (dimension: string, extra: object) => () =>
      expectOk(
        server.call('/c/v0/device/report/query', { sn: 'S1', dimension, variables: ['PVEnergyTotal', 'loadsTotal'], ...extra }, token),
      );
    const bare = (statement: string) => () => server.database.scriptTransaction((sql) => sql(statement));

    const cases: { name: string; budget: number; call: () => Promise<unknown>; sql: () => Promise<unknown> }[] = [
      {
        name: 'device day (hours)',
        budget: BUDGET_SERIES_P95_MS,
        call: report('day', { year: YEAR, month: 6, day: 21 }),
        sql: bare(`SELECT start, pv FROM rollup_interval WHERE subject_kind = 'device' AND subject_id = 1 AND grain = '1h'
          AND start >= '${YEAR}-06-20T22:00:00Z' AND start < '${YEAR}-06-21T22:00:00Z'`),
      },
      {
        name: 'device month (days)',
        budget: BUDGET_SERIES_P95_MS,
        call: report('month', { year: YEAR, month: 6 }),
        sql: bare(`SELECT start, pv FROM rollup_calendar WHERE subject_kind = 'device' AND subject_id = 1 AND grain = 'day'
          AND start BETWEEN '${YEAR}-06-01' AND '${YEAR}-06-30'`),
      },
      {
        name: 'device year (months)',
        budget: BUDGET_SERIES_P95_MS,
        call: report('year', { year: YEAR }),
        sql: bare(`SELECT start, pv FROM rollup_calendar WHERE subject_kind = 'device' AND subject_id = 1 AND grain = 'month'
          AND start BETWEEN '${YEAR}-01-01' AND '${YEAR}-12-01'`),
      },
      {
        name: 'device lifetime (years)',
        budget: BUDGET_SERIES_P95_MS,
        call: report('lifetime', {}),
        sql: bare(`SELECT start, pv FROM rollup_calendar WHERE subject_kind = 'device' AND subject_id = 1 AND grain = 'year'`),
      },
      {
        name: `fleet summary (${PLANTS.toLocaleString('en')} plants)`,
        budget: BUDGET_SUMMARY_P95_MS,
        call: () => expectOk(server.call('/c/v0/plant/summary', undefined, token)),
        sql: bare(`SELECT count(*), (SELECT sum(pv) FROM rollup_calendar WHERE subject_kind = 'plant' AND grain = 'year') FROM plant`),
      },
    ];
    for (let i = 0; i < WARM_UP_ROUNDS; i++) {
      for (const c of cases) {
        await c.call();
        await c.sql();
      }
    }
    const rows: string[][] = [];
    const figures = [];
    for (const c of cases) {
      const callTimes = await time(c.call);
      const sqlTimes = await time(c.sql);
      const p95 = percentile(callTimes, 95);
      rows.push([c.name, percentile(callTimes, 50).toFixed(1), p95.toFixed(1), percentile(sqlTimes, 95).toFixed(1)]);
      figures.push({ name: `${c.name} p95`, value: `${p95.toFixed(1)} ms`, budget: `< ${c.budget} ms`, pass: p95 < c.budget });
    }
    return {
      title: 'Series calls and fleet summary',
      database: server.engine,
      figures,
      details: [
        `${PLANTS.toLocaleString('en')} plants with one inverter each and a year (${YEAR}) of day, month and year rollups; device 1 also has`,
        `its 5-minute and hourly rows of the year. Each call is timed ${SAMPLES_PER_QUERY} times over HTTP (node:http, kept-alive) after ${WARM_UP_ROUNDS} warm-up rounds of all calls, beside the bare`,
        'SQL that reads the same rows (scriptTransaction, no HTTP).',
        '',
        ...markdownTable(['Call', 'p50 ms', 'p95 ms', 'bare SQL p95 ms'], rows, [1, 2, 3]),
      ],
    };
  } finally {
    await server.close();
  }
}
