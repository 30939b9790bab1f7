import { Access, Errno, uplinkTopic } from '@sunstack/shared';
import { type BurnInFault, burnInRack } from '@sunstack/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createUnitOfWork } from '../../db/unitOfWork.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { firstSheetOf, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createAuditRepo } from '../audit/repo.ts';
import { createAuditService } from '../audit/service.ts';
import { createAgingService } from './aging.ts';
import { createAgingRepo } from './agingRepo.ts';

/**
 * Ageing runs: the rack's inverters report through the ingest as any device (the simulator's burn-in rack, a fault
 * injected on chosen ones); the ageing job judges them. The job runs here as passes the test calls (jobs off).
 */
let t: TestApp;
let admin: TestAccount;
let rack: FleetPlant;
let aging: ReturnType<typeof createAgingService>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const criteria = { outputKw: 9, tolerancePct: 5, maxTemperature: 70 };

beforeAll(async () => {
  t = await startTestApp({}, { jobs: false });
  admin = await t.createAccount(Access.admin);
  rack = await createFleetPlant(t.database.db, { devices: 5, timeZone: 'Asia/Shanghai' });
  const unitOfWork = createUnitOfWork(t.database.db);
  aging = createAgingService({
    repo: createAgingRepo(unitOfWork.db),
    audit: createAuditService(createAuditRepo(unitOfWork.db), unitOfWork),
    transaction: unitOfWork.transaction,
    now: () => Date.now() + t.clock.offsetMs,
  });
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', path: string, body?: unknown, token = admin.token) =>
  t.call(method, path, body, { token }).then((answer) => answer.body);
const sns = () => rack.devices.map((device) => device.sn);

/** Starts a run `ago` ms in the past (the test's clock moved back for the call). */
async function startRun(name: string, devices: string[], durationMinutes: number, ago: number) {
  t.clock.offsetMs = -ago;
  const answer = await call('POST', '/c/v0/aging/run/create', { name, sns: devices, durationMinutes, ...criteria });
  t.clock.offsetMs = 0;
  expect(answer.errno).toBe(0);
  return answer.result.id as number;
}

/** The rack's report over [from, to] through the ingest, as the datalogger publishes it. */
async function report(from: number, to: number, faults: Record<string, BurnInFault>, devices = sns()) {
  const { samples, events } = burnInRack({
    devices: devices.map((sn) => ({ sn, ratedPowerKw: 10 })),
    loadFraction: 0.9,
    ambient: 25,
    from,
    to,
    stepMs: 5 * MINUTE,
    faults,
  });
  const topic = (kind: 'telemetry' | 'event') => uplinkTopic(rack.dataloggerSn, kind);
  for (let i = 0; i < samples.length; i += 100) {
    const payload = { seq: i, samples: samples.slice(i, i + 100) };
    await t.app.ingest.receive(rack.dataloggerSn, topic('telemetry'), Buffer.from(JSON.stringify(payload)));
  }
  if (events.length > 0) await t.app.ingest.receive(rack.dataloggerSn, topic('event'), Buffer.from(JSON.stringify({ seq: 1, events })));
  await t.app.ingest.flush();
}

describe('ageing runs', () => {
  it('fail the one device with a fault and only it; the report and its export say why', async () => {
    const [healthy, faulty] = sns() as [string, string];
    const started = Date.now() - 3 * HOUR;
    const id = await startRun('Rack A', [healthy, faulty], 120, 3 * HOUR);
    await report(started, started + 2 * HOUR, { [faulty]: { kind: 'fault', at: started + HOUR, code: 1050 } });
    await aging.judgeRuns();

    const detail = (await call('GET', `/c/v0/aging/run/detail?id=${id}`)).result;
    expect(detail).toMatchObject({ name: 'Rack A', state: 'finished', counts: { devices: 2, pass: 1, fail: 1 } });
    expect(detail.devices).toMatchObject([
      { sn: healthy, status: 'pass', reason: null },
      { sn: faulty, status: 'fail', reason: 'fault', reasonValue: 1050 },
    ]);
    expect(detail.devices[0].meanOutput).toBeCloseTo(9, 1);

    const alarms = (await call('POST', '/c/v0/aging/alarm/list', { runId: id })).result;
    expect(alarms.alarms).toMatchObject([{ sn: faulty, code: 1050, runName: 'Rack A' }]);

    const file = await t.download('/c/v0/aging/report/export', { id, format: 'csv' }, { token: admin.token, lang: 'de' });
    expect(file.contentType).toContain('text/csv');
    const lines = file.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Geräte-SN');
    expect(lines.filter((line) => line.includes('Nicht bestanden'))).toHaveLength(1);
    expect(lines.find((line) => line.includes(faulty))).toContain('Fehler 1050');
    const sheet = await firstSheetOf((await t.download('/c/v0/aging/report/export', { id }, { token: admin.token })).bytes);
    expect(sheet.getRow(2).getCell(3).value).toBe('Pass');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(id)));
    expect(entry).toMatchObject({ action: 'aging.create', objectType: 'agingRun' });
  });

  it('judge live: an over-temperature fails at once, a weak output only at the end, the rest run; the curves follow', async () => {
    // The first test's faulty device still has its fault raised: this rack is the others.
    const [a, , hot, weak, quiet] = sns() as [string, string, string, string, string];
    const started = Date.now() - HOUR;
    const id = await startRun('Rack B', [a, hot, weak, quiet], 180, HOUR);
    // The quiet one reports nothing.
    await report(started, Date.now() - MINUTE, { [hot]: { kind: 'overTemperature' }, [weak]: { kind: 'lowOutput' } }, [a, hot, weak]);
    await aging.judgeRuns();
    const detail = (await call('GET', `/c/v0/aging/run/detail?id=${id}`)).result;
    expect(detail.state).toBe('running');
    const status = Object.fromEntries(detail.devices.map((device: { sn: string; status: string }) => [device.sn, device.status]));
    expect(status).toEqual({ [a]: 'running', [hot]: 'fail', [weak]: 'running', [quiet]: 'waiting' });
    expect(detail.devices.find((device: { sn: string }) => device.sn === hot)).toMatchObject({ reason: 'temperature' });
    expect(detail.devices.find((device: { sn: string }) => device.sn === a).latest.output).toBeCloseTo(9, 0);

    const curves = (await call('GET', `/c/v0/aging/device/detail?runId=${id}&sn=${hot}`)).result;
    expect(curves.series.length).toBeGreaterThan(5);
    expect(Math.max(...curves.series.map((point: { temperature: number }) => point.temperature))).toBeGreaterThan(70);
    expect(curves.timeZone).toBe('Asia/Shanghai');

    // At the end, the weak stage's mean output (88 % of the load) is outside 5 %, the quiet one reported nothing.
    t.clock.offsetMs = 3 * HOUR;
    await aging.judgeRuns();
    t.clock.offsetMs = 0;
    const ended = (await call('GET', `/c/v0/aging/run/detail?id=${id}`)).result;
    const reasons = Object.fromEntries(ended.devices.map((device: { sn: string; reason: string }) => [device.sn, device.reason]));
    expect(reasons).toEqual({ [a]: null, [hot]: 'temperature', [weak]: 'output', [quiet]: 'noData' });
    expect(ended.counts).toMatchObject({ pass: 1, fail: 3 });
  });

  it('refuse bad input and other kinds, and answer another branch like a missing run', async () => {
    const bad = await call('POST', '/c/v0/aging/run/create', { name: 'x', sns: sns(), durationMinutes: 5, ...criteria });
    expect(bad.errno).toBe(Errno.bodyInvalid);
    expect(bad.result.issues).toEqual([{ path: 'body.durationMinutes', message: 'aging.outOfRange' }]);
    const unknown = await call('POST', '/c/v0/aging/run/create', { name: 'x', sns: ['NOSUCHSN'], durationMinutes: 60, ...criteria });
    expect(unknown.errno).toBe(Errno.notFound);
    const withBattery = await createFleetPlant(t.database.db, { battery: true });
    const battery = await call('POST', '/c/v0/aging/run/create', {
      name: 'x',
      sns: [`BAT${withBattery.dataloggerSn}`],
      durationMinutes: 60,
      ...criteria,
    });
    expect(battery.errno).toBe(Errno.notAnInverter);
    const runs = (await call('POST', '/c/v0/aging/run/list', {})).result;
    expect(runs.total).toBe(2);

    const branch = await t.createBranch('distributor', 'AGEBRANCH');
    const other = await t.createAccount(Access.admin, { organisationId: branch });
    const id = runs.runs[0].id;
    expect((await call('POST', '/c/v0/aging/run/list', {}, other.token)).result.total).toBe(0);
    for (const answer of [
      await call('GET', `/c/v0/aging/run/detail?id=${id}`, undefined, other.token),
      await call('GET', `/c/v0/aging/device/detail?runId=${id}&sn=${sns()[1]}`, undefined, other.token),
      await call('POST', '/c/v0/aging/alarm/list', { runId: id }, other.token),
      await call('POST', '/c/v0/aging/report/export', { id }, other.token),
      await call('GET', '/c/v0/aging/run/detail?id=999999'),
    ])
      expect(answer.errno).toBe(Errno.notFound);
    expect((await call('POST', '/c/v0/aging/alarm/list', {}, other.token)).result.total).toBe(0);
    const distributor = await t.createAccount(Access.distributor);
    expect((await call('POST', '/c/v0/aging/run/list', {}, distributor.token)).errno).toBe(Errno.noPermission);
  });
});
