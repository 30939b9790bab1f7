import { performance } from 'node:perf_hooks';
import { createAccountRepo } from '@sunstack/server/src/modules/account/repo.ts';
import { hashPassword } from '@sunstack/server/src/modules/session/password.ts';
import { Access } from '@sunstack/shared';
import { settleDatabase, startApp } from './appServer.ts';
import type { BenchResult } from './figures.ts';
import { markdownTable, percentile } from './figures.ts';

const PLANTS = 100_000;
const DEVICES_PER_PLANT = 5;
const SAMPLES_PER_QUERY = 40;
const BUDGET_P95_MS = 50;

/** The fleet: four agent branches under two distributors, one datalogger per plant, five devices per plant. */
function fleetSql(admin: number, installer: number, branches: number[]) {
  return `
    INSERT INTO plant (organisation_id, installer_id, name, type, country, city, time_zone, system_size_kw, created_by)
    SELECT (ARRAY[${branches.join(',')}])[1 + i % ${branches.length}], ${installer}, 'Plant ' || lpad(i::text, 6, '0'),
           (ARRAY['residential','commercial','utility','storage','charging'])[1 + i % 5],
           (ARRAY['DE','FR','ES','IT','PL','PT','CZ','RO','TR','KR'])[1 + (i * 7) % 10], 'City ' || (i % 300),
           'Europe/Berlin', 3 + i % 50, ${admin}
    FROM generate_series(1, ${PLANTS}) AS i;
    INSERT INTO datalogger (sn, secret_hash, organisation_id, plant_id, registered_by, bound_at)
    SELECT (700000000000000 + p.id)::text, 'bench', p.organisation_id, p.id, ${admin}, now() FROM plant p;
    INSERT INTO device (sn, datalogger_sn, plant_id, type, model)
    SELECT 'D' || lpad(p.id::text, 6, '0') || '-' || k, (700000000000000 + p.id)::text, p.id,
           (ARRAY['inverter','battery','meter','evCharger','heatPump'])[k], 'Model ' || k
    FROM plant p, generate_series(1, ${DEVICES_PER_PLANT}) AS k;
    `;
}

export async function run(): Promise<BenchResult> {
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  try {
    const { db } = server.database;
    const accounts = createAccountRepo(db);
    const root = await accounts.rootOrganisationId();
    const branchIds: number[] = [];
    const orgs = server.database;
    for (const [index, kind] of ['distributor', 'distributor'].entries()) {
      const rows = await orgs.scriptTransaction((sql) =>
        sql(
          `INSERT INTO organisation (parent_id, kind, name, code) VALUES (${root}, '${kind}', 'Bench D${index}', 'BENCHD0${index}') RETURNING id`,
        ),
      );
      const distributor = Number(rows[0]?.id);
      for (const agent of [0, 1]) {
        const agentRows = await orgs.scriptTransaction((sql) =>
          sql(
            `INSERT INTO organisation (parent_id, kind, name, code) VALUES (${distributor}, 'agent', 'Bench A${index}${agent}', 'BENCHA${index}${agent}') RETURNING id`,
          ),
        );
        branchIds.push(Number(agentRows[0]?.id));
      }
    }
    const passwordHash = await hashPassword('bench-pass');
    const make = async (username: string, access: number, organisationId: number) =>
      accounts.insert({ organisationId, username, email: `${username}@bench.test`, passwordHash, access, clientId: username });
    const admin = await make('bench_admin', Access.admin, root);
    const installer = await make('bench_installer', Access.installer, branchIds[0] as number);
    const started = performance.now();
    await server.database.execute(fleetSql(admin.id, installer.id, branchIds));
    await settleDatabase(server.database);
    const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);

    const post = (path: string, body: unknown, token = '') => server.call(path, body, token);
    const token = String((await post('/c/v0/user/login', { user: 'bench_admin', password: 'bench-pass' })).result.token);

    const queries: { list: 'plant' | 'device'; name: string; body: (i: number) => unknown }[] = [
      { list: 'plant', name: 'plants, page n', body: (i) => ({ pageSize: 20, currentPage: 1 + ((i * 37) % 200) }) },
      { list: 'plant', name: 'plants, name prefix', body: (i) => ({ pageSize: 20, name: `Plant 0${(i * 13) % 10}` }) },
      { list: 'plant', name: 'plants, country', body: (i) => ({ pageSize: 20, country: ['DE', 'FR', 'ES', 'IT'][i % 4] }) },
      {
        list: 'plant',
        name: 'plants, country and type',
        body: (i) => ({ pageSize: 20, country: 'PL', type: ['residential', 'storage'][i % 2] }),
      },
      { list: 'device', name: 'devices, page n', body: (i) => ({ pageSize: 20, currentPage: 1 + ((i * 37) % 200) }) },
      { list: 'device', name: 'devices, type', body: (i) => ({ pageSize: 20, type: ['inverter', 'battery', 'meter'][i % 3] }) },
      { list: 'device', name: 'devices, SN prefix', body: (i) => ({ pageSize: 20, sn: `D0${(i * 7) % 10}` }) },
      { list: 'device', name: 'devices of a plant', body: (i) => ({ pageSize: 20, plantId: 1 + ((i * 7919) % PLANTS) }) },
    ];
    const byList: Record<'plant' | 'device', number[]> = { plant: [], device: [] };
    const rows: string[][] = [];
    for (const query of queries) {
      const path = `/c/v0/${query.list}/list`;
      await post(path, query.body(0), token); // warm-up
      const times: number[] = [];
      for (let i = 0; i < SAMPLES_PER_QUERY; i++) {
        const t0 = performance.now();
        const answer = await post(path, query.body(i), token);
        times.push(performance.now() - t0);
        if (answer.errno !== 0) throw new Error(`${query.name}: errno ${answer.errno}`);
      }
      times.sort((a, b) => a - b);
      byList[query.list].push(...times);
      rows.push([query.name, percentile(times, 50).toFixed(1), percentile(times, 95).toFixed(1), percentile(times, 100).toFixed(1)]);
    }
    const p95 = (list: 'plant' | 'device') =>
      percentile(
        [...byList[list]].sort((a, b) => a - b),
        95,
      );
    return {
      title: 'Plant and device lists at scale',
      database: server.engine,
      figures: [
        {
          name: 'Plant list p95 (admin, 100k plants)',
          value: `${p95('plant').toFixed(1)} ms`,
          budget: `< ${BUDGET_P95_MS} ms`,
          pass: p95('plant') < BUDGET_P95_MS,
        },
        {
          name: 'Device list p95 (admin, 500k devices)',
          value: `${p95('device').toFixed(1)} ms`,
          budget: `< ${BUDGET_P95_MS} ms`,
          pass: p95('device') < BUDGET_P95_MS,
        },
      ],
      details: [
        `${PLANTS.toLocaleString('en')} plants in 4 agent branches, one datalogger each and ${DEVICES_PER_PLANT} devices each ` +
          `(${(PLANTS * DEVICES_PER_PLANT).toLocaleString('en')} devices), generated in ${loadSeconds} s. The administrator asks for pages of 20, ` +
          `${SAMPLES_PER_QUERY} times per query, one at a time over HTTP (a call includes the count for the pager).`,
        '',
        ...markdownTable(['Query', 'p50 ms', 'p95 ms', 'max ms'], rows, [1, 2, 3]),
      ],
    };
  } finally {
    await server.close();
  }
}
