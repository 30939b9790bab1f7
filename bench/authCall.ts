import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createAccountRepo } from '@sunstack/server/src/modules/account/repo.ts';
import { hashPassword } from '@sunstack/server/src/modules/session/password.ts';
import { signedHeaders } from '@sunstack/server/src/test/harness.ts';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { startApp } from './appServer.ts';
import { type BenchResult, markdownTable } from './figures.ts';

export const RATIO_BUDGET = 0.5;
const CONNECTIONS = 20;
const PIPELINING = 1;
const WARMUP_S = 2;
const MEASURE_S = 8;
/** Above this difference between the two hello-world runs, RESULTS.md warns that the machine was busy. */
const DRIFT_WARNING = 0.15;

const LIGHT_CALL = '/c/v0/user/access';
const LOGIN = '/c/v0/user/login';

interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** Every answer must pass this, else the run fails: an error envelope is as fast as it is useless. */
  verifyBody: (body: string) => boolean;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

async function load(target: Target, duration: number): Promise<Result> {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration,
    verifyBody: target.verifyBody,
  });
  const problems = [
    result.errors && `${result.errors} connection errors`,
    result.timeouts && `${result.timeouts} timeouts`,
    result.non2xx && `${result.non2xx} non-2xx answers`,
    result.mismatches && `${result.mismatches} answers with an unexpected body`,
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`${target.label}: ${problems.join(', ')} (${JSON.stringify(result.statusCodeStats)})`);
  return result;
}

/** A warm-up, then the measured run. */
async function measure(target: Target): Promise<Measured> {
  await load(target, WARMUP_S);
  const result = await load(target, MEASURE_S);
  process.stdout.write(
    `  ${target.label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms\n`,
  );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
}

/** An authenticated light call of the real app against a bare Fastify hello world, in one run. */
export async function run(): Promise<BenchResult> {
  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloPort = (hello.server.address() as AddressInfo).port;

  const running = await startApp({ WEB_DIST: '/nonexistent' });
  try {
    const accounts = createAccountRepo(running.database.db);
    const password = 'bench-secret-123';
    await accounts.insert({
      organisationId: await accounts.rootOrganisationId(),
      username: 'bench',
      email: 'bench@example.test',
      passwordHash: await hashPassword(password),
      access: 1,
      clientId: randomBytes(8).toString('hex'),
    });
    const login = await running.call(LOGIN, { user: 'bench', password });
    if (login.errno !== 0 || typeof login.result.token !== 'string') throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
    const token = login.result.token;

    // One timestamp for the whole run: the server accepts ±5 minutes and the run takes well under one.
    const headers = signedHeaders(LIGHT_CALL, token, 'en');
    const answer = await running.call(LIGHT_CALL, undefined, token);
    if (answer.errno !== 0 || answer.result.access !== 1) {
      throw new Error(`the light call does not answer errno 0: ${JSON.stringify(answer)}`);
    }

    const helloTarget: Target = {
      label: 'hello world',
      url: `http://127.0.0.1:${helloPort}/hello`,
      verifyBody: (body) => body === '{"hello":"world"}',
    };
    const appTarget: Target = {
      label: `app GET ${LIGHT_CALL}`,
      url: running.baseUrl + LIGHT_CALL,
      headers,
      verifyBody: (body) => body.startsWith('{"errno":0,'),
    };
    const hello1 = await measure(helloTarget);
    const app = await measure(appTarget);
    const hello2 = await measure(helloTarget);

    const helloRps = (hello1.rps + hello2.rps) / 2;
    const ratio = app.rps / helloRps;
    const drift = Math.abs(hello1.rps - hello2.rps) / helloRps;
    const rps = (value: number) => Math.round(value).toLocaleString('en-US');
    const row = (label: string, m: Measured) => [label, rps(m.rps), String(m.p50), String(m.p99), m.requests.toLocaleString('en-US')];
    return {
      title: 'Authenticated light call vs bare Fastify',
      database: running.engine,
      figures: [
        { name: 'Hello world req/s (mean of 2 runs)', value: rps(helloRps) },
        { name: `App ${LIGHT_CALL} req/s`, value: rps(app.rps) },
        { name: 'Hello world drift between its 2 runs', value: `${(drift * 100).toFixed(1)}%` },
        { name: 'Ratio app / hello world', value: ratio.toFixed(3), budget: `>= ${RATIO_BUDGET}`, pass: ratio >= RATIO_BUDGET },
      ],
      details: [
        `autocannon, ${CONNECTIONS} connections, pipelining ${PIPELINING}; each run is a ${WARMUP_S} s warm-up then ${MEASURE_S} s measured, ` +
          'in the order hello world, app, hello world (the ratio uses the mean of the two hello-world runs, to even out drift). ' +
          'Every answer is checked: no errors, no non-2xx, and each body must be `{"hello":"world"}` or start with `{"errno":0,`.',
        '',
        ...markdownTable(
          ['Run', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests'],
          [row('hello world (1st)', hello1), row(`app GET ${LIGHT_CALL}`, app), row('hello world (2nd)', hello2)],
          [1, 2, 3, 4],
        ),
        '',
        ...(drift > DRIFT_WARNING
          ? [
              `**Warning:** the two hello-world runs differ by ${(drift * 100).toFixed(1)}% (more than ${DRIFT_WARNING * 100}%): ` +
                'something else was using the CPU (see the load average above), so the ratio is less reliable than usual. Run again on a quiet machine.',
              '',
            ]
          : []),
        `The light call is the real app (\`buildApp\`, API and mail-sender roles as in production, logging silent) answering GET ${LIGHT_CALL} ` +
          'for a signed-in account of access 1: signed headers checked, session resolved (from the database, or from a session cache where the app keeps one), the access envelope serialised. ' +
          'The hello world is `fastify().get("/hello", async () => ({ hello: "world" }))` with no plugins.',
      ],
    };
  } finally {
    await running.close();
    await hello.close();
  }
}
