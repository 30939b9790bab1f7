import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { captureLog } from '../test/logCapture.ts';

/** Issue 16, item 4: a failed statement is logged at error level without the user's values. */
let t: TestApp;
let log: ReturnType<typeof captureLog>;
beforeAll(async () => {
  t = await startTestApp();
  log = captureLog(t.app.http.log, 'error');
});
afterAll(() => t.close());

const SECRET = 'Ms. Private <secret@example.test>';
const failure = (statement: ReturnType<typeof sql>) =>
  t.database.db.execute(statement).then(
    () => expect.fail('the statement ran'),
    (error: unknown) => error,
  );

describe("the app's logger", () => {
  it('logs a failed statement by its text and SQLSTATE, never with its parameters or a message quoting them', async () => {
    const error = await failure(sql`select ${SECRET}::int as n`);
    // Both ways the code logs errors: the error handler's { err } and the ingest's error first.
    t.app.http.log.error({ err: error }, 'unhandled error');
    t.app.http.log.error(error, 'ingest: storing a batch failed; retrying');
    expect(log.lines.join('')).not.toContain('secret@example.test');
    for (const entry of log.entries)
      expect(entry.err).toMatchObject({ statement: 'select $1::int as n', code: '22P02', severity: 'ERROR' });
  });

  it("keeps a message that names no value, and leaves out the row PostgreSQL puts in the error's detail", async () => {
    log.entries.length = 0;
    log.lines.length = 0;
    const error = await failure(sql`insert into permission_group (name) values (${SECRET}), (${SECRET})`);
    t.app.http.log.error({ err: error }, 'unhandled error');
    expect(log.lines.join('')).not.toContain('secret@example.test');
    expect(log.entries[0]?.err).toMatchObject({
      code: '23505',
      constraint: 'permission_group_name_key',
      message: expect.stringContaining('duplicate key value violates unique constraint'),
      stack: expect.stringContaining('at '),
    });
  });

  it('logs other errors as pino does', () => {
    log.entries.length = 0;
    t.app.http.log.error({ err: new TypeError('not a database error') }, 'unhandled error');
    expect(log.entries[0]?.err).toMatchObject({
      type: 'TypeError',
      message: 'not a database error',
      stack: expect.stringContaining('TypeError'),
    });
  });
});
