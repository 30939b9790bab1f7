import { performance } from 'node:perf_hooks';
import { createAccountRepo } from '@sunstack/server/src/modules/account/repo.ts';
import { mercatorY } from '@sunstack/server/src/modules/plantMap/repo.ts';
import { hashPassword } from '@sunstack/server/src/modules/session/password.ts';
import { Access, type MapBox } from '@sunstack/shared';
import { settleDatabase, startApp } from './appServer.ts';
import type { BenchResult } from './figures.ts';
import { markdownTable, percentile } from './figures.ts';

const PLANTS = 100_000;
const SAMPLES_PER_VIEW = 30;
const BUDGET_P95_MS = 250;
/** The screen the map fills: a wide desktop window. */
const VIEWPORT = { width: 1440, height: 900 };

/** Where the fleet sits: plants scatter around these places (lat, lng), some of them far. */
const CENTRES = [
  [48.1, 11.6],
  [52.5, 13.4],
  [45.5, 9.2],
  [40.4, -3.7],
  [48.9, 2.3],
  [50.1, 14.4],
  [52.2, 21.0],
  [44.4, 26.1],
  [41.0, 28.9],
  [37.6, 127.0],
  [31.2, 121.5],
  [-23.5, -46.6],
  [-33.9, 151.2],
  [34.0, -118.2],
  [19.4, -99.1],
  [-26.2, 28.0],
  [28.6, 77.2],
  [35.7, 139.7],
  [59.3, 18.1],
  [38.7, -9.1],
];

/**
 * 100,000 plants in 4 agent branches under 2 distributors, each around one of the centres (the
 * farther from it the fewer), 5% without a position; one datalogger and one inverter each, a third
 * of them reporting (status normal).
 */
function fleetSql(admin: number, installer: number, branches: number[]) {
  const lat = `ARRAY[${CENTRES.map(([la]) => la).join(',')}]`;
  const lng = `ARRAY[${CENTRES.map(([, lo]) => lo).join(',')}]`;
  return `
    SELECT setseed(0.42);
    INSERT INTO plant (organisation_id, installer_id, name, type, country, time_zone, latitude, longitude, created_by)
    SELECT (ARRAY[${branches.join(',')}])[1 + i % ${branches.length}], ${installer}, 'Plant ' || lpad(i::text, 6, '0'), 'residential', 'DE',
           'Europe/Berlin',
           CASE WHEN i % 20 = 0 THEN NULL ELSE greatest(-80, least(80, (${lat})[1 + i % ${CENTRES.length}] + (random() + random() + random() - 1.5) * 4)) END,
           CASE WHEN i % 20 = 0 THEN NULL ELSE greatest(-179, least(179, (${lng})[1 + i % ${CENTRES.length}] + (random() + random() + random() - 1.5) * 6)) END,
           ${admin}
    FROM generate_series(1, ${PLANTS}) AS i;
    INSERT INTO datalogger (sn, secret_hash, organisation_id, plant_id, registered_by, bound_at)
    SELECT (700000000000000 + p.id)::text, 'bench', p.organisation_id, p.id, ${admin}, now() FROM plant p;
    INSERT INTO device (sn, datalogger_sn, plant_id, type, model, last_seen_at)
    SELECT 'M' || lpad(p.id::text, 7, '0'), (700000000000000 + p.id)::text, p.id, 'inverter', 'Bench',
           CASE WHEN p.id % 3 = 0 THEN now() ELSE now() - interval '1 day' END
    FROM plant p;
    `;
}

/** The box a VIEWPORT-sized map shows around a centre at a zoom (Web Mercator, as Leaflet draws it). */
function viewBox(latitude: number, longitude: number, zoom: number): MapBox {
  const worldPx = 256 * 2 ** zoom;
  const halfWidth = (VIEWPORT.width / 2 / worldPx) * 360;
  const y = mercatorY(latitude);
  const latitudeAt = (position: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * position))) * 180) / Math.PI;
  const halfHeight = VIEWPORT.height / 2 / worldPx;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return {
    south: clamp(latitudeAt(Math.min(1, y + halfHeight)), 90),
    north: clamp(latitudeAt(Math.max(0, y - halfHeight)), 90),
    west: clamp(longitude - halfWidth, 180),
    east: clamp(longitude + halfWidth, 180),
  };
}

export async function run(): Promise<BenchResult> {
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  try {
    const accounts = createAccountRepo(server.database.db);
    const root = await accounts.rootOrganisationId();
    const branchIds: number[] = [];
    const distributorIds: number[] = [];
    for (const index of [0, 1]) {
      const rows = await server.database.scriptTransaction((sql) =>
        sql(
          `INSERT INTO organisation (parent_id, kind, name, code) VALUES (${root}, 'distributor', 'Map D${index}', 'MAPBD0${index}') RETURNING id`,
        ),
      );
      const distributor = Number(rows[0]?.id);
      distributorIds.push(distributor);
      for (const agent of [0, 1]) {
        const agentRows = await server.database.scriptTransaction((sql) =>
          sql(
            `INSERT INTO organisation (parent_id, kind, name, code) VALUES (${distributor}, 'agent', 'Map A${index}${agent}', 'MAPBA${index}${agent}') RETURNING id`,
          ),
        );
        branchIds.push(Number(agentRows[0]?.id));
      }
    }
    const passwordHash = await hashPassword('bench-pass');
    const make = async (username: string, access: number, organisationId: number) =>
      accounts.insert({ organisationId, username, email: `${username}@bench.test`, passwordHash, access, clientId: username });
    const admin = await make('map_admin', Access.admin, root);
    const installer = await make('map_installer', Access.installer, branchIds[0] as number);
    await make('map_distributor', Access.distributor, distributorIds[0] as number);
    const started = performance.now();
    await server.database.execute(fleetSql(admin.id, installer.id, branchIds));
    await settleDatabase(server.database);
    const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);

    const post = async (path: string, body: unknown, token = '') =>
      (await server.call(path, body, token)) as { errno: number; result: { cells?: unknown[]; total?: number } };
    const tokenOf = async (user: string) =>
      String(((await post('/c/v0/user/login', { user, password: 'bench-pass' })).result as { token: string }).token);
    const tokens = { admin: await tokenOf('map_admin'), distributor: await tokenOf('map_distributor') };

    // Views a person opens: the world, a continent, a region, a city, a street; each a little panned per sample.
    const views: { name: string; who: keyof typeof tokens; zoom: number; centre: [number, number] }[] = [
      { name: 'world (zoom 2), admin', who: 'admin', zoom: 2, centre: [20, 10] },
      { name: 'Europe (zoom 4), admin', who: 'admin', zoom: 4, centre: [48, 10] },
      { name: 'region (zoom 7), admin', who: 'admin', zoom: 7, centre: [48.1, 11.6] },
      { name: 'city (zoom 11), admin', who: 'admin', zoom: 11, centre: [48.1, 11.6] },
      { name: 'street (zoom 16), admin', who: 'admin', zoom: 16, centre: [48.1, 11.6] },
      { name: 'world (zoom 2), distributor', who: 'distributor', zoom: 2, centre: [20, 10] },
      { name: 'Europe (zoom 4), distributor', who: 'distributor', zoom: 4, centre: [48, 10] },
    ];
    const all: number[] = [];
    const rows: string[][] = [];
    for (const view of views) {
      const body = (i: number) => ({
        zoom: view.zoom,
        box: viewBox(view.centre[0] + (i % 5) * 0.001, view.centre[1] + (i % 7) * 0.001, view.zoom),
      });
      const warm = await post('/c/v0/plant/map', body(0), tokens[view.who]);
      if (warm.errno !== 0) throw new Error(`${view.name}: errno ${warm.errno} ${JSON.stringify(warm.result)}`);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES_PER_VIEW; i++) {
        const t0 = performance.now();
        const answer = await post('/c/v0/plant/map', body(i), tokens[view.who]);
        times.push(performance.now() - t0);
        if (answer.errno !== 0) throw new Error(`${view.name}: errno ${answer.errno}`);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      rows.push([
        view.name,
        String(warm.result.total),
        String(warm.result.cells?.length),
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
        percentile(times, 100).toFixed(1),
      ]);
    }
    const p95 = percentile(
      all.sort((a, b) => a - b),
      95,
    );
    return {
      title: 'Plant map clusters at scale',
      database: server.engine,
      figures: [
        {
          name: 'Plant map p95 (100k plants, clustered in SQL)',
          value: `${p95.toFixed(1)} ms`,
          budget: `< ${BUDGET_P95_MS} ms`,
          pass: p95 < BUDGET_P95_MS,
        },
      ],
      details: [
        `${PLANTS.toLocaleString('en')} plants in 4 agent branches around ${CENTRES.length} places worldwide (5% without a position), ` +
          `one datalogger and one inverter each, a third of them reporting; generated in ${loadSeconds} s. ` +
          `Each view is the box a ${VIEWPORT.width}×${VIEWPORT.height} map shows, asked ${SAMPLES_PER_VIEW} times (slightly panned) ` +
          'over HTTP with `POST /c/v0/plant/map`; the answer holds the cells with counts per status and the count of plants without a position. ' +
          'The distributor sees half of the fleet (its two agents).',
        '',
        ...markdownTable(['View', 'plants in view', 'cells', 'p50 ms', 'p95 ms', 'max ms'], rows, [1, 2, 3, 4, 5]),
      ],
    };
  } finally {
    await server.close();
  }
}
