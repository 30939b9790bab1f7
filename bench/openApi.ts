import { randomBytes } from 'node:crypto';
import { device, plant } from '@sunstack/server/src/db/schema.ts';
import { createAccountRepo } from '@sunstack/server/src/modules/account/repo.ts';
import { openApiHeaders } from '@sunstack/server/src/modules/openApi/testClient.ts';
import { hashPassword } from '@sunstack/server/src/modules/session/password.ts';
import { createTelemetryRepo } from '@sunstack/server/src/modules/telemetry/repo.ts';
import { createFleetPlant } from '@sunstack/server/src/test/fleetFixture.ts';
import { signedHeaders } from '@sunstack/server/src/test/harness.ts';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { startApp } from './appServer.ts';
import type { BenchResult } from './figures.ts';

/**
 * The Open API (issue 19): the real-time query of 50 devices (p95 of sequential calls), and what the
 * quota accounting costs per call: the Open API's light call (user/getAccessCount: key lookup, one
 * atomic quota statement, signature) against the console's light call (user/access), as a ratio of
 * requests per second, both measured the same way in one run.
 * Run: `cd bench && npx tsx run.ts "Open API"` (DATABASE_URL for PostgreSQL, else PGlite).
 */
const SNS = 50;
const CALLS = 300;
const MEASURE_S = 8;
/** The real-time query of 50 devices, p95 (ms): an integrator's dashboard polls it every few seconds. */
const REAL_TIME_P95_BUDGET_MS = 100;

export async function run(): Promise<BenchResult> {
  const running = await startApp({ WEB_DIST: '/nonexistent', OPEN_API_CALLS_PER_SECOND: '100000' });
  try {
    const accounts = createAccountRepo(running.database.db);
    const password = 'bench-secret-123';
    const owner = await accounts.insert({
      organisationId: await accounts.rootOrganisationId(),
      username: 'bench',
      email: 'bench@example.test',
      passwordHash: await hashPassword(password),
      access: 255,
      clientId: randomBytes(8).toString('hex'),
    });
    const token = String((await running.call('/c/v0/user/login', { user: 'bench', password })).result.token);
    const key = String((await running.call('/c/v0/apikey/create', { name: 'bench' }, token)).result.key);
    await running.call('/c/v0/apikey/quota/set', { accountId: owner.id, callsPerDay: 1_000_000 }, token);

    // 50 inverters with a sample of 20 variables each.
    const fleet = await createFleetPlant(running.database.db, { devices: SNS });
    await running.database.db.update(plant).set({ ownerId: owner.id }).where(eq(plant.id, fleet.plantId));
    const vars = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`var${i}`, i * 1.5]));
    await createTelemetryRepo(running.database.db).writeBatch(
      fleet.devices.map((d) => ({ deviceId: d.id, plantId: fleet.plantId, ts: Date.now(), vars })),
    );
    const sns = (await running.database.db.select({ sn: device.sn }).from(device).where(eq(device.plantId, fleet.plantId))).map(
      (row) => row.sn,
    );

    const REAL = '/op/v1/device/real/query';
    const body = JSON.stringify({ sns });
    const times: number[] = [];
    for (let i = 0; i < CALLS + 20; i += 1) {
      const started = performance.now();
      const response = await fetch(`${running.baseUrl}${REAL}`, {
        method: 'POST',
        headers: { ...openApiHeaders(REAL, key), 'content-type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as { errno: number; result: unknown[] };
      if (answer.errno !== 0 || answer.result.length !== SNS) throw new Error(`real query failed: ${JSON.stringify(answer).slice(0, 200)}`);
      if (i >= 20) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;

    const light = async (label: string, path: string, headers: Record<string, string>) => {
      const options = { url: `${running.baseUrl}${path}`, headers, connections: 10, duration: 2 };
      await autocannon(options);
      const result = await autocannon({ ...options, duration: MEASURE_S });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      process.stdout.write(`  ${label}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms\n`);
      return result.requests.average;
    };
    const CONSOLE_LIGHT = '/c/v0/user/access';
    const OPEN_LIGHT = '/op/v0/user/getAccessCount';
    const check = await fetch(`${running.baseUrl}${OPEN_LIGHT}`, { headers: openApiHeaders(OPEN_LIGHT, key) }).then((r) => r.json());
    if ((check as { errno: number }).errno !== 0) throw new Error(`light call failed: ${JSON.stringify(check)}`);
    const consoleRps = await light('console user/access', CONSOLE_LIGHT, signedHeaders(CONSOLE_LIGHT, token, 'en'));
    const openRps = await light('Open API user/getAccessCount', OPEN_LIGHT, openApiHeaders(OPEN_LIGHT, key));

    const p95 = p(0.95);
    return {
      title: 'Open API',
      database: running.engine,
      figures: [
        { name: `Real-time query of ${SNS} SNs, 20 variables each: p50 (${CALLS} sequential calls)`, value: `${p(0.5).toFixed(1)} ms` },
        {
          name: `Real-time query of ${SNS} SNs: p95`,
          value: `${p95.toFixed(1)} ms`,
          budget: `<= ${REAL_TIME_P95_BUDGET_MS} ms`,
          pass: p95 <= REAL_TIME_P95_BUDGET_MS,
        },
        { name: 'Console light call /c/v0/user/access (10 connections)', value: `${Math.round(consoleRps)} req/s` },
        { name: 'Open API light call /op/v0/user/getAccessCount (quota counted per call)', value: `${Math.round(openRps)} req/s` },
        { name: 'Ratio Open API light call / console light call', value: (openRps / consoleRps).toFixed(3) },
      ],
      details: [
        "Every Open API call looks its key up and takes one call from the account's quota in one atomic statement before the",
        "signature is judged; the console's light call reads a cached session. Client and app share one process.",
      ],
    };
  } finally {
    await running.close();
  }
}
