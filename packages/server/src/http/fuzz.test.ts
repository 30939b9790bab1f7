import { Errno, ROLES, unstorableTextPaths } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../app.ts';
import { selectRows } from '../db/rawSql.ts';
import { BAD_BODIES, BAD_RAW_BODIES, type BadInput, badQueriesOf, badVariantsOf, FUZZ_MARK, validSampleOf } from '../test/fuzzInput.ts';
import { signedHeaders, startTestApp, type TestApp } from '../test/harness.ts';
import { captureLog, type LogEntry } from '../test/logCapture.ts';

/**
 * The fuzz suite (issue 16): bad input to every call the app registers, as a caller the call
 * admits. Every answer is an {errno, result} envelope without a 5xx, nothing in the database
 * changes, and nothing is logged at error level with the input.
 */

let t: TestApp;
const tokens = new Map<number, string>();
let log: { entries: LogEntry[] };

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLES) tokens.set(role, (await t.createAccount(role)).token);
  log = captureLog(t.app.http.log, 'error');
});
afterAll(() => t.close());

const ADMINISTRATOR = 255;

/** Who calls: public calls without a session and as an administrator; the others as the administrator where it may, else a role the call admits. */
function callersOf(route: ApiRoute): { name: string; token: string }[] {
  const admin = { name: 'administrator', token: tokens.get(ADMINISTRATOR) as string };
  if (route.access === 'public' || route.access === 'unsigned') return [{ name: 'nobody', token: '' }, admin];
  if (route.access === 'signedIn' || route.access.includes(ADMINISTRATOR)) return [admin];
  const role = route.access[0] as number;
  return [{ name: `role ${role}`, token: tokens.get(role) as string }];
}

/** A digest of every table's rows: equal digests, equal contents. */
async function databaseDigest(): Promise<Record<string, string>> {
  const tables = await selectRows<{ name: string }>(
    t.database.db,
    sql`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`,
  );
  const digests = tables.map(({ name }) =>
    sql.raw(`(select md5(coalesce(string_agg(r::text, ',' order by r::text), '')) from "${name}" r) as "${name}"`),
  );
  const [row] = await selectRows<Record<string, string>>(t.database.db, sql`select ${sql.join(digests, sql`, `)}`);
  return row as Record<string, string>;
}

function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}

/**
 * The digest as of now, taken again only when a transaction has written since the last one: a statement that
 * writes a row takes a transaction id, so an unchanged next id means nothing was written.
 */
let lastDigest: { nextTransactionId: string; digest: Record<string, string> } | undefined;
async function currentDigest(): Promise<Record<string, string>> {
  const [row] = await selectRows<{ next: string }>(t.database.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`);
  const last = lastDigest;
  if (last && last.nextTransactionId === row?.next) return last.digest;
  const digest = await databaseDigest();
  lastDigest = { nextTransactionId: row?.next as string, digest };
  return digest;
}

/**
 * One request. `refused`: the input is bad (the call's schema refuses it, or it holds text the database
 * cannot store), so nothing may change; the others are valid after all (a null where null is allowed)
 * and only have to be answered properly. `unstorable`: it must be refused as invalid input, 40257.
 */
type Attempt = BadInput & { send: (token: string) => Promise<{ status: number; body: unknown }>; refused: boolean; unstorable: boolean };

function attemptsFor(route: ApiRoute): Attempt[] {
  const method = route.method as 'GET' | 'POST';
  const attempts: Attempt[] = [];
  const validBody = route.body && validSampleOf(route.body);
  const validQuery = (route.querystring && (validSampleOf(route.querystring) as Record<string, unknown>)) ?? {};
  const withQuery = (text: string) => (text ? `${route.url}?${text}` : route.url);
  const plainQuery = new URLSearchParams(Object.entries(validQuery).map(([key, value]) => [key, String(value)])).toString();

  // Queries are read by GET calls, which change nothing whatever they are given.
  for (const bad of route.querystring ? badQueriesOf(validQuery) : []) {
    attempts.push({
      ...bad,
      label: `query ${bad.label}`,
      send: (token) => t.call(method, withQuery(bad.value as string), method === 'GET' ? undefined : validBody, { token }),
      refused: true,
      unstorable: (bad.value as string).includes('%00'),
    });
  }
  if (method !== 'POST') return attempts;
  for (const bad of route.body ? [...badVariantsOf(validBody), ...BAD_BODIES] : []) {
    const unstorable = unstorableTextPaths(bad.value, 1).length > 0;
    attempts.push({
      ...bad,
      label: `body ${bad.label}`,
      send: (token) => t.call(method, withQuery(plainQuery), bad.value, { token }),
      refused: unstorable || !route.body?.safeParse(bad.value).success,
      unstorable,
    });
  }
  // A call without a body schema reads no body (sign-out): only what the parser refuses is sent there.
  for (const raw of BAD_RAW_BODIES.filter((r) => route.body || r.refusedByParser)) {
    attempts.push({
      label: `raw ${raw.label}`,
      value: raw.payload,
      send: async (token) => {
        const response = await t.app.http.inject({
          method,
          url: withQuery(plainQuery),
          headers: { ...signedHeaders(route.url, token, 'en'), ...(raw.contentType ? { 'content-type': raw.contentType } : {}) },
          payload: raw.payload,
        });
        const isJson = String(response.headers['content-type'] ?? '').includes('json');
        return { status: response.statusCode, body: isJson ? response.json() : response.body.slice(0, 200) };
      },
      refused: true,
      unstorable: false,
    });
  }
  return attempts;
}

const isEnvelope = (body: unknown): body is { errno: number; result: unknown } =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { errno?: unknown }).errno === 'number' &&
  typeof (body as { result?: unknown }).result === 'object' &&
  (body as { result?: unknown }).result !== null;

describe('fuzz: bad input to every call', () => {
  it('finds a valid body and query for every call that declares one, so that each field is reached', () => {
    const unsampled = t.app.apiRoutes.flatMap((route) => [
      ...(route.body && validSampleOf(route.body) === undefined ? [`${route.url} body`] : []),
      ...(route.querystring && validSampleOf(route.querystring) === undefined ? [`${route.url} query`] : []),
    ]);
    expect(unsampled).toEqual([]);
  });

  it('answers an envelope without a 5xx, changes nothing and logs no input at error level', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const probes = { refused: 0, accepted: 0 };
    for (const route of t.app.apiRoutes) {
      for (const caller of callersOf(route)) {
        const call = `${route.method} ${route.url} as ${caller.name}`;
        const attempts = attemptsFor(route);
        const check = async (attempt: Attempt) => {
          const { status, body } = await attempt.send(caller.token);
          probes[attempt.refused ? 'refused' : 'accepted'] += 1;
          const where = `${call}, ${attempt.label}`;
          if (status >= 500) failures.push(`${where}: HTTP ${status} ${JSON.stringify(body).slice(0, 200)}`);
          else if (!isEnvelope(body)) failures.push(`${where}: not an envelope: ${JSON.stringify(body).slice(0, 200)}`);
          else if (attempt.unstorable && body.errno !== Errno.bodyInvalid) failures.push(`${where}: errno ${body.errno}, not 40257`);
        };
        const before = await currentDigest();
        const logged = log.entries.length;
        for (const attempt of attempts.filter((a) => a.refused)) await check(attempt);
        const changed = changedTables(before, await currentDigest());
        if (changed.length > 0) failures.push(`${call}: bad input changed ${changed.join(', ')}`);
        // Valid after all: these may change things, after the comparison.
        for (const attempt of attempts.filter((a) => !a.refused)) await check(attempt);
        for (const entry of log.entries.slice(logged)) {
          if (entry.level >= 50 && JSON.stringify(entry).includes(FUZZ_MARK)) {
            failures.push(`${call}: logged the input at error level: ${JSON.stringify(entry).slice(0, 300)}`);
          }
        }
      }
    }
    console.info(`fuzz: ${probes.refused} bad inputs and ${probes.accepted} valid after all, over ${t.app.apiRoutes.length} calls`);
    expect(failures.slice(0, 100), `${failures.length} failures`).toEqual([]);
  });
});
