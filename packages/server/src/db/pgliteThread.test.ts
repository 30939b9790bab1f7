import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfPgliteTemplate, openTestDatabase, type TestDatabase } from '../test/testDatabase.ts';
import { PGLITE_FOLDER, uniqueViolation } from './client.ts';
import { PgliteThread } from './pgliteThread.ts';
import { inBackground } from './priority.ts';
import { selectRows } from './rawSql.ts';

/** The embedded database in its worker thread (pgliteThread.ts): what the server relies on of PGlite's client. */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database in its thread', () => {
  let database: TestDatabase;
  let client: PgliteThread;
  beforeAll(async () => {
    database = await openTestDatabase();
    client = (database.db as unknown as { $client: PgliteThread }).$client;
    await database.execute('create table thread_check (id int primary key, name text constraint thread_check_name unique)');
  });
  afterAll(() => database?.dispose());

  const failure = (call: Promise<unknown>) =>
    call.then(
      () => expect.fail('the statement ran'),
      (error: unknown) => error as Error & Record<string, unknown>,
    );

  it("keeps a database error's fields: SQLSTATE, constraint, detail, severity, the statement", async () => {
    await client.query('insert into thread_check values (1, $1)', ['one']);
    const error = await failure(client.query('insert into thread_check values (2, $1)', ['one']));
    expect(error).toBeInstanceOf(Error);
    expect(error.constructor.name).toBe('DatabaseError');
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'thread_check_name',
      severity: 'ERROR',
      table: 'thread_check',
      query: 'insert into thread_check values (2, $1)',
    });
    expect(error.message).toContain('thread_check_name');
    expect(error.detail).toContain('(name)=(one)');
    // Through drizzle, as the repositories see it: the unique violation names its constraint.
    const wrapped = await failure(database.db.execute(sql`insert into thread_check values (3, ${'one'})`));
    expect(uniqueViolation(wrapped)).toBe('thread_check_name');
  });

  it('rolls back a transaction whose work throws, and runs the next call as usual', async () => {
    const thrown = await failure(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_check values (10, 'ten')`);
        throw new Error('changed my mind');
      }),
    );
    expect(thrown.message).toBe('changed my mind');
    // A failed statement inside one: its error reaches the work, and the whole transaction is undone.
    const failed = await failure(
      client.transaction(async (tx) => {
        await tx.query(`insert into thread_check values (11, 'eleven')`);
        await tx.query(`insert into thread_check values (12, 'eleven')`);
      }),
    );
    expect(failed.code).toBe('23505');
    const rows = await selectRows<{ id: number }>(database.db, sql`select id from thread_check where id >= 10`);
    expect(rows).toEqual([]);
    // A nested transaction (a savepoint) undoes only its own work.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_check values (13, 'thirteen')`);
      await tx.transaction(() => Promise.reject(new Error('inner'))).catch(() => {});
    });
    expect(await selectRows(database.db, sql`select id from thread_check where id >= 10`)).toEqual([{ id: 13 }]);
  });

  it("keeps the types the caller's parsers name as text and runs those parsers in the caller's thread", async () => {
    const [parsed] = (await client.query<{ at: unknown }>(`select timestamptz '2026-01-02 03:04:05+00' as at`)).rows;
    expect(parsed?.at).toBeInstanceOf(Date);
    const [raw] = (
      await client.query<unknown[]>(`select timestamptz '2026-01-02 03:04:05+00' as at, 7 as n`, [], {
        rowMode: 'array',
        parsers: { 1184: (value) => `text:${value}` },
      })
    ).rows;
    expect(raw).toEqual(['text:2026-01-02 03:04:05+00', 7]);
    // Drizzle's raw statements keep timestamps as PostgreSQL writes them, as with PGlite in the server's thread.
    const [viaDrizzle] = await selectRows<{ at: unknown }>(database.db, sql`select timestamptz '2026-01-02 03:04:05+00' as at`);
    expect(viaDrizzle?.at).toBe('2026-01-02 03:04:05+00');
  });

  it('runs a foreground call before background calls that wait (order, not time)', async () => {
    const order: string[] = [];
    const slow = 'select count(*) from generate_series(1, 300000)';
    const background = Array.from({ length: 12 }, (_, index) =>
      inBackground(() => client.query(slow)).then(() => order.push(`background ${index}`)),
    );
    const foreground = client.query('select 1').then(() => order.push('foreground'));
    await Promise.all([...background, foreground]);
    // At most the background call already running when the foreground one came goes before it.
    expect(order.indexOf('foreground')).toBeLessThanOrEqual(1);
    // Background calls keep their own order.
    expect(order.filter((entry) => entry !== 'foreground')).toEqual(background.map((_, index) => `background ${index}`));
  });

  it('hands NOTIFY payloads to every handler of the channel until each stops listening', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await database.listen('thread_channel', (payload) => first.push(payload));
    const stopSecond = await database.listen('thread_channel', (payload) => second.push(payload));
    await database.execute(`notify thread_channel, 'one'`);
    // A notification of this database arrives before the statement that sent it answers, as with PGlite itself.
    expect(first).toEqual(['one']);
    expect(second).toEqual(['one']);
    await stopFirst();
    await client.query(`select pg_notify('thread_channel', 'two')`);
    await stopSecond();
    await client.query(`select pg_notify('thread_channel', 'three')`);
    expect(first).toEqual(['one']);
    expect(second).toEqual(['one', 'two']);
  });

  /** A thread of its own, on a copy of the run's template (removed afterwards). */
  async function withOwnThread(work: (own: PgliteThread) => Promise<void>) {
    const folder = await copyOfPgliteTemplate();
    try {
      await work(await PgliteThread.open({ dataDir: join(folder, PGLITE_FOLDER) }));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  it('ends the thread on close, after the calls already sent; later calls fail', () =>
    withOwnThread(async (own) => {
      const sent = own.query<{ n: number }>('select 1 as n');
      await own.close();
      expect((await sent).rows).toEqual([{ n: 1 }]);
      await own.exited;
      await expect(own.query('select 1')).rejects.toThrow('closed');
    }));

  it('fails the calls waiting when the thread dies, and every later call', () =>
    withOwnThread(async (own) => {
      const waiting = own.query('select count(*) from generate_series(1, 3000000)');
      const queued = inBackground(() => own.query('select 1'));
      await own.thread.terminate();
      await expect(waiting).rejects.toThrow('stopped');
      await expect(queued).rejects.toThrow('stopped');
      await expect(own.query('select 1')).rejects.toThrow('stopped');
      await own.close();
    }));
});
