import { Access, Errno, uplinkTopic } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobLoop } from '../../core/jobLoop.ts';
import { platformLog } from '../../db/schema.ts';
import { firstSheetOf, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createPlatformLogRepo } from './repo.ts';

let t: TestApp;
let admin: TestAccount;
let distributor: TestAccount;
const post = (path: string, body: unknown, who = admin) => t.call('POST', path, body, { token: who.token });
const list = async (body: object, who = admin) => (await post('/c/v0/platformLog/list', body, who)).body;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  distributor = await t.createAccount(Access.distributor, { organisationId: await t.createBranch('distributor', 'PLOGDIST') });
});
afterAll(() => t.close());

describe('platform log (issue 23)', () => {
  it('records a failing job pass, and the loop goes on', async () => {
    const stop = new AbortController();
    let passes = 0;
    const loop = createJobLoop(
      async () => {
        passes += 1;
        if (passes === 1) throw new Error('the rollup table is locked');
        stop.abort();
        return false;
      },
      { idleMs: 1, onError: t.app.platformLog.jobFailed('test pass failed') },
    );
    await loop.run(stop.signal);
    await t.app.platformLog.settled();
    const { result } = await list({ kind: 'job', text: 'TEST PASS' });
    expect(result.total).toBe(1);
    expect(result.entries[0]).toMatchObject({ kind: 'job', severity: 'error', message: 'test pass failed' });
    expect(JSON.parse(result.entries[0].details)).toEqual({ type: 'Error', error: 'the rollup table is locked' });
  });

  it('sums ingest rejections into one row, however many bad messages arrive', async () => {
    for (let i = 0; i < 50; i += 1) {
      // Published on another datalogger's topic: refused whole.
      await t.app.ingest.receive('SNPLOG1', uplinkTopic('SNPLOG2', 'telemetry'), Buffer.from('{}'));
    }
    await t.app.platformLog.settled();
    const { result } = await list({ kind: 'ingest' });
    expect(result.total).toBe(1);
    expect(result.entries[0]).toMatchObject({ severity: 'warning', message: 'ingest rejected 50 messages or values' });
    expect(JSON.parse(result.entries[0].details)).toEqual({ 'message topic': 50 });
  });

  it('filters by time, kind, severity and text, pages on the server and exports', async () => {
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(platformLog).values([
      { at: at('2026-01-01T10:00:00Z'), kind: 'mail', severity: 'warning', message: 'mail delivery failed; will retry' },
      { at: at('2026-01-02T10:00:00Z'), kind: 'webhook', severity: 'error', message: 'webhook delivery failed 100%_' },
      { at: at('2026-01-03T10:00:00Z'), kind: 'start', severity: 'info', message: 'process started (api)' },
    ]);
    const range = { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2026-01-02T23:59:59Z') };
    expect((await list(range)).result.entries.map((e: { kind: string }) => e.kind)).toEqual(['webhook', 'mail']);
    expect((await list({ ...range, severity: 'error' })).result.total).toBe(1);
    // Text is taken literally, not as LIKE wildcards.
    expect((await list({ text: '100%_' })).result.total).toBe(1);
    expect((await list({ text: '1_0' })).result.total).toBe(0);
    const second = (await list({ pageSize: 10, currentPage: 2 })).result;
    expect(second).toMatchObject({ currentPage: 2, pageSize: 10, entries: [] });

    const file = await t.download('/c/v0/platformLog/export', { kind: 'start' }, { token: admin.token });
    const sheet = await firstSheetOf(file.bytes);
    expect(sheet.getRow(1).getCell(1).value).toBe('Time (UTC)');
    expect(sheet.getRow(2).getCell(4).value).toBe('process started (api)');
  });

  it('is for administrators only; bad filters are refused', async () => {
    expect((await list({}, distributor)).errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/platformLog/export', {}, distributor)).body.errno).toBe(Errno.noPermission);
    expect((await list({ kind: 'nonsense' })).errno).toBe(Errno.bodyInvalid);
    expect((await list({ pageSize: 7 })).errno).toBe(Errno.bodyInvalid);
  });

  it('is bounded: rows past the retention go, and each kind keeps only its newest', async () => {
    const repo = createPlatformLogRepo(t.database.db);
    await t.database.db.insert(platformLog).values([
      { at: new Date('2020-01-01T00:00:00Z'), kind: 'push', severity: 'error', message: 'old' },
      ...Array.from({ length: 5 }, (_, i) => ({
        kind: 'migration',
        severity: 'info',
        message: `m${i}`,
        at: new Date(Date.now() - i * 1000),
      })),
    ]);
    await repo.prune(new Date('2021-01-01T00:00:00Z'), 3);
    expect((await list({ kind: 'push' })).result.total).toBe(0);
    expect((await list({ kind: 'migration' })).result.entries.map((e: { message: string }) => e.message)).toEqual(['m0', 'm1', 'm2']);
  });
});
