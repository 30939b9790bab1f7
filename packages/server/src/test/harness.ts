import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AccessCode, computeSignature, type Language } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { organisation } from '../db/schema.ts';
import { createAccountRepo } from '../modules/account/repo.ts';
import { checkCodeOf } from '../modules/datalogger/checkCode.ts';
import { createDataloggerRepo } from '../modules/datalogger/repo.ts';
import { hashPassword } from '../modules/session/password.ts';
import { type MailCapture, startMailCapture } from './mailCapture.ts';
import { openTestDatabase } from './testDatabase.ts';

export { openTestDatabase, type TestDatabase } from './testDatabase.ts';

export interface CallOptions {
  token?: string;
  lang?: Language | string;
  /** Headers to send instead of the signed set (to test their checks). */
  headers?: Record<string, string>;
  /** Replaces the timestamp header (to test clock skew). */
  timestamp?: number;
  ip?: string;
  /** The browser the call claims to come from. */
  userAgent?: string;
}

export interface TestApp {
  app: App;
  database: Database;
  mail: MailCapture;
  /** The injectable clock: tests move it forward to expire tokens and throttling windows. */
  clock: { offsetMs: number };
  /** The app's own data folder (stored files under files/). */
  dataDir: string;
  call(method: 'GET' | 'POST', path: string, body?: unknown, options?: CallOptions): Promise<{ status: number; body: ApiAnswer }>;
  /** A file sent as the web app sends an upload (a multipart form with one field, `file`), signed. */
  upload(path: string, bytes: Buffer, fileName: string, options?: CallOptions): Promise<{ status: number; body: ApiAnswer }>;
  /** A signed POST whose answer is a file (an export): its content type and bytes. */
  download(path: string, body: unknown, options?: CallOptions): Promise<{ contentType: string; bytes: Buffer }>;
  /** A distributor or agent branch below `parentId` (the manufacturer by default), named by its code; its id. */
  createBranch(kind: 'distributor' | 'agent', code: string, parentId?: number): Promise<number>;
  createAccount(
    access: AccessCode,
    fields?: { username?: string; email?: string; password?: string; organisationId?: number },
  ): Promise<TestAccount>;
  signIn(username: string, password: string): Promise<string>;
  /** A datalogger as a plant's create and link calls take it: its SN and its label's check code. */
  claim(sn: string): { sn: string; checkCode: string };
  close(): Promise<void>;
}

export interface TestAccount {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in tests
export type ApiAnswer = { errno: number; result: any };

/** Signed request headers exactly as the web client builds them. */
export function signedHeaders(path: string, token: string, lang: string, timestamp = Date.now()) {
  const ts = String(timestamp);
  return { lang, token, timezone: 'Europe/Berlin', timestamp: ts, signature: computeSignature(path, token, lang, ts) };
}

/**
 * `env`: more variables for the app's configuration (e.g. WEBHOOK_ALLOW_PRIVATE for a local webhook receiver).
 * `jobs: false` leaves the jobs role off, for tests that run a job's passes themselves.
 */
export async function startTestApp(env: NodeJS.ProcessEnv = {}, options: { jobs?: boolean } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const mail = await startMailCapture();
  const clock = { offsetMs: 0 };
  const now = () => Date.now() + clock.offsetMs;
  // Stored files go to a folder of this app's own, removed with it.
  const dataDir = await mkdtemp(join(tmpdir(), 'sunstack-test-data-'));
  const config = loadConfig({
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    ...env,
  });
  const app = await buildApp({ config, database, now });
  // The jobs role, as main.ts runs it.
  const stopJobs = new AbortController();
  const jobs = options.jobs === false ? Promise.resolve() : app.runJobs(stopJobs.signal);
  const accounts = createAccountRepo(database.db);
  let accountCount = 0;

  const inject = (method: 'GET' | 'POST', path: string, body: unknown, options: CallOptions) => {
    const headers =
      options.headers ?? signedHeaders(path.split('?')[0] as string, options.token ?? '', options.lang ?? 'en', options.timestamp ?? now());
    return app.http.inject({
      method,
      url: path,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.userAgent === undefined ? {} : { 'user-agent': options.userAgent }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      remoteAddress: options.ip ?? '127.0.0.1',
    });
  };

  const call: TestApp['call'] = async (method, path, body, options = {}) => {
    const response = await inject(method, path, body, options);
    // A file answer (an export) has no envelope: it is a success carrying bytes.
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: isJson ? response.json() : { errno: 0, result: { bytes: response.rawPayload.length } } };
  };

  const signIn = async (username: string, password: string) => {
    const answer = await call('POST', '/c/v0/user/login', { user: username, password });
    if (answer.body.errno !== 0) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(answer.body)}`);
    return answer.body.result.token as string;
  };

  const labelKey = await createDataloggerRepo(database.db).labelKey();

  return {
    app,
    database,
    mail,
    clock,
    dataDir,
    call,
    signIn,
    claim: (sn) => ({ sn, checkCode: checkCodeOf(labelKey, sn) }),
    async upload(path, bytes, fileName, options = {}) {
      const boundary = '----sunstack-upload';
      const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
      const response = await app.http.inject({
        method: 'POST',
        url: path,
        headers: {
          ...signedHeaders(path, options.token ?? '', options.lang ?? 'en', now()),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        remoteAddress: options.ip ?? '127.0.0.1',
      });
      return { status: response.statusCode, body: response.json() };
    },
    async download(path, body, options = {}) {
      const response = await inject('POST', path, body, options);
      return { contentType: String(response.headers['content-type'] ?? ''), bytes: response.rawPayload };
    },
    async createBranch(kind, code, parentId) {
      const [row] = await database.db
        .insert(organisation)
        .values({ parentId: parentId ?? (await accounts.rootOrganisationId()), kind, name: code, code })
        .returning({ id: organisation.id });
      return (row as { id: number }).id;
    },
    async createAccount(access, fields = {}) {
      accountCount += 1;
      const username = fields.username ?? `user${access}_${accountCount}`;
      const email = fields.email ?? `${username}@example.test`;
      const password = fields.password ?? 'secret123';
      const created = await accounts.insert({
        organisationId: fields.organisationId ?? (await accounts.rootOrganisationId()),
        username,
        email,
        passwordHash: await hashPassword(password),
        access,
        clientId: randomBytes(8).toString('hex'),
      });
      return { id: created.id, username, email, password, token: await signIn(username, password) };
    },
    async close() {
      stopJobs.abort();
      await jobs;
      await app.http.close();
      await mail.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first sheet of an xlsx file (an export's bytes). */
export async function firstSheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0] as ExcelJS.Worksheet;
}
