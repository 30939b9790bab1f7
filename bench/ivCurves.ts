import { performance } from 'node:perf_hooks';
import { selectRows } from '@sunstack/server/src/db/rawSql.ts';
import { createAccountRepo } from '@sunstack/server/src/modules/account/repo.ts';
import { hashPassword } from '@sunstack/server/src/modules/session/password.ts';
import { Access, type ReplyPayload, uplinkTopic } from '@sunstack/shared';
import { datasheetOf, IV_FAULTS, type IvFault, ivScanOf } from '@sunstack/simulator';
import { sql } from 'drizzle-orm';
import { settleDatabase, startApp } from './appServer.ts';
import type { BenchResult } from './figures.ts';
import { percentile } from './figures.ts';

const INVERTERS = 1_000;
const STRINGS = 4;
const PV = { series: 12, parallel: 1, moduleWp: 400, azimuth: 180, tilt: 30 };
const DETAIL_CALLS = 200;
const BUDGET_STORE_S = 30;
const BUDGET_DETAIL_P95_MS = 100;

/** 1,000 inverters (one per plant and datalogger) with four configured strings each, written by SQL. */
function fleetSql(admin: number) {
  const module = JSON.stringify(datasheetOf(PV.moduleWp));
  const strings = JSON.stringify(Array.from({ length: STRINGS }, () => ({ modules: PV.series, parallel: 1 })));
  return `
    INSERT INTO plant (organisation_id, installer_id, name, type, country, time_zone, created_by)
    SELECT (SELECT id FROM organisation WHERE parent_id IS NULL), ${admin}, 'IV ' || i, 'residential', 'DE', 'Europe/Berlin', ${admin}
    FROM generate_series(1, ${INVERTERS}) AS i;
    INSERT INTO datalogger (sn, secret_hash, organisation_id, plant_id, registered_by, online, status_at)
    SELECT (710000000000000 + p.id)::text, 'bench', p.organisation_id, p.id, ${admin}, true, now() FROM plant p;
    INSERT INTO device (sn, datalogger_sn, plant_id, type, model)
    SELECT 'IV' || p.id, (710000000000000 + p.id)::text, p.id, 'inverter', 'IV-10' FROM plant p;
    INSERT INTO pv_string_config (device_sn, strings, module, updated_by)
    SELECT sn, '${strings}'::jsonb, '${module}'::jsonb, ${admin} FROM device;
  `;
}

/**
 * A scan of 1,000 inverters: the task (an iv.scan command each, through the command path), the devices'
 * answers through the ingest (each string drawn by the single-diode model, one string in four with a fault),
 * stored and diagnosed by the collect job; then the curve detail call.
 */
export async function run(): Promise<BenchResult> {
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  try {
    const accounts = createAccountRepo(server.database.db);
    const root = await accounts.rootOrganisationId();
    const admin = await accounts.insert({
      organisationId: root,
      username: 'iv_admin',
      email: 'iv_admin@bench.test',
      passwordHash: await hashPassword('bench-pass'),
      access: Access.admin,
      clientId: 'iv_admin',
    });
    await server.database.execute(fleetSql(admin.id));
    await settleDatabase(server.database);
    const { db } = server.database;
    const token = String((await server.call('/c/v0/user/login', { user: 'iv_admin', password: 'bench-pass' })).result.token);
    const sns = Array.from({ length: INVERTERS }, (_, i) => `IV${i + 1}`);

    const taskStarted = performance.now();
    const created = await server.call('/c/v0/iv/task/create', { sns }, token);
    if (created.errno !== 0) throw new Error(`task: errno ${created.errno}`);
    const taskSeconds = (performance.now() - taskStarted) / 1000;
    const taskId = Number(created.result.id);

    const rows = await selectRows<{ id: string; datalogger_sn: string }>(
      db,
      sql`SELECT id, datalogger_sn FROM device_command WHERE type = 'iv.scan'`,
    );
    const replies = rows.map((command, index) => {
      const fault: Record<number, IvFault> =
        index % 4 === 0 ? { [1 + (index % STRINGS)]: IV_FAULTS[index % IV_FAULTS.length] as IvFault } : {};
      const result = ivScanOf(
        Array.from({ length: STRINGS }, () => PV),
        () => 750,
        18,
        fault,
      );
      const reply: ReplyPayload = { id: command.id, status: 'done', result: { ...result } };
      return { sn: command.datalogger_sn, payload: Buffer.from(JSON.stringify(reply)) };
    });
    const stored = performance.now();
    await Promise.all(replies.map(({ sn, payload }) => server.app.ingest.receive(sn, uplinkTopic(sn, 'reply'), payload)));
    await server.app.ingest.flush();
    const repliedSeconds = (performance.now() - stored) / 1000;
    for (;;) {
      const [open] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM iv_scan WHERE task_id = ${taskId} AND state = 'scanning'`,
      );
      if (Number(open?.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const storeSeconds = (performance.now() - stored) / 1000;
    const [counted] = await selectRows<{ strings: number; faulty: number }>(
      db,
      sql`SELECT count(*)::int AS strings, count(*) FILTER (WHERE cause <> 'normal')::int AS faulty FROM iv_string_result`,
    );
    const { strings, faulty } = counted as { strings: number; faulty: number };

    const scanIds = (await selectRows<{ id: number }>(db, sql`SELECT id FROM iv_scan WHERE task_id = ${taskId} ORDER BY id`)).map((row) =>
      Number(row.id),
    );
    const times: number[] = [];
    for (let i = 0; i < DETAIL_CALLS; i += 1) {
      const path = `/c/v0/iv/curve/detail?scanId=${scanIds[(i * 7919) % scanIds.length]}&string=${1 + (i % STRINGS)}&count=3`;
      const started = performance.now();
      const answer = await server.call(path, undefined, token);
      times.push(performance.now() - started);
      if (answer.errno !== 0) throw new Error(`curve detail: errno ${answer.errno}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    return {
      title: 'I-V scans of 1,000 inverters',
      database: server.engine,
      figures: [
        {
          name: `${INVERTERS.toLocaleString('en')} inverters' scan answers stored and diagnosed`,
          value: `${storeSeconds.toFixed(1)} s`,
          budget: `< ${BUDGET_STORE_S} s`,
          pass: storeSeconds < BUDGET_STORE_S,
        },
        {
          name: 'Curve detail call p95',
          value: `${p95.toFixed(1)} ms`,
          budget: `< ${BUDGET_DETAIL_P95_MS} ms`,
          pass: p95 < BUDGET_DETAIL_P95_MS,
        },
      ],
      details: [
        `${INVERTERS.toLocaleString('en')} inverters with ${STRINGS} configured strings of ${PV.series} modules each (${(INVERTERS * STRINGS).toLocaleString('en')} strings), written by SQL.`,
        `The scan task (\`POST /c/v0/iv/task/create\`, one iv.scan command and operation log entry per inverter) took ${taskSeconds.toFixed(1)} s.`,
        `The devices' answers (100 points per string from the single-diode model at 750 W/m², one inverter in four with a fault on one string)`,
        `went in through the ingest in ${repliedSeconds.toFixed(1)} s; stored and diagnosed by the collect job: ${strings.toLocaleString('en')} strings, ${faulty} diagnosed faulty, all within ${storeSeconds.toFixed(1)} s of the first answer.`,
        `Curve detail: ${DETAIL_CALLS} calls of \`GET /c/v0/iv/curve/detail\` (measured and expected curves, 3 earlier scans, neighbours) over HTTP, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms.`,
      ],
    };
  } finally {
    await server.close();
  }
}
