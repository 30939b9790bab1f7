import { Access, Errno, type IvCause, type ReplyPayload, uplinkTopic } from '@sunstack/shared';
import { CommandProcessor, type CommandTarget, datasheetOf, IV_FAULTS, type IvFault, ivScanOf } from '@sunstack/simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceCommand, ivScanTask } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { type ApiAnswer, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { commandMessage } from '../command/dispatcher.ts';
import { diagnoseScan } from './service.ts';

/**
 * I-V curve diagnosis through the command path: a task makes iv.scan commands; the device is the simulator's
 * command processor drawing its strings with the single-diode model and a fault injected on chosen strings;
 * its reply goes in through the ingest; the collect job stores and diagnoses each string.
 */
let t: TestApp;
let admin: TestAccount;
let distributor: TestAccount;
const WAIT = { timeout: 10_000, interval: 50 };

/** What each injected fault must be diagnosed as. */
const CAUSE_OF: Record<IvFault, IvCause> = {
  open: 'open',
  shading: 'shadingOrCracks',
  crackedCells: 'shadingOrCracks',
  soiling: 'soiling',
  pid: 'shunt',
  seriesResistance: 'seriesResistance',
  degradation: 'degradation',
  mismatch: 'mismatch',
};
const PV = { series: 12, parallel: 1, moduleWp: 400, azimuth: 180, tilt: 30 };
const config = (sn: string, strings: number) => ({
  sn,
  strings: Array.from({ length: strings }, () => ({ modules: PV.series, parallel: 1 })),
  module: datasheetOf(PV.moduleWp),
});

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  distributor = await t.createAccount(Access.distributor);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', path: string, body?: unknown, token = admin.token) =>
  t.call(method, path, body, { token }).then((answer) => answer.body);

/**
 * Answers the datalogger's waiting iv.scan commands as the simulator does, at 800 W/m² and 20 °C air, with
 * `faults` per device SN and string; the replies go in through the ingest.
 */
async function answerScans(plant: FleetPlant, faults: Record<string, Record<number, IvFault>> = {}, strings = 2) {
  const commands = await t.database.db
    .select()
    .from(deviceCommand)
    .where(and(eq(deviceCommand.dataloggerSn, plant.dataloggerSn), eq(deviceCommand.type, 'iv.scan'), eq(deviceCommand.state, 'queued')));
  const replies: ReplyPayload[] = [];
  const target = {
    sn: plant.dataloggerSn,
    now: Date.now,
    devices: () => plant.devices.map((device) => ({ sn: device.sn, type: 'inverter', model: 'Fixture 5K' })),
    settings: () => undefined,
    ivScan: (sn: string) =>
      ivScanOf(
        Array.from({ length: strings }, () => PV),
        () => 800,
        20,
        faults[sn],
      ),
    reply: async (reply: ReplyPayload) => void replies.push(reply),
  } as unknown as CommandTarget;
  const device = new CommandProcessor(target);
  for (const command of commands) await device.handle(commandMessage(command));
  for (const reply of replies) {
    await t.app.ingest.receive(plant.dataloggerSn, uplinkTopic(plant.dataloggerSn, 'reply'), Buffer.from(JSON.stringify(reply)));
  }
  await t.app.ingest.flush();
  return commands.length;
}

async function finishedTask(id: number) {
  let detail: ApiAnswer | undefined;
  await expect
    .poll(async () => {
      detail = await call('GET', `/c/v0/iv/task/detail?id=${id}`);
      return detail.result.scans.every((scan: { state: string }) => scan.state !== 'scanning');
    }, WAIT)
    .toBe(true);
  return (detail as NonNullable<typeof detail>).result;
}

describe('string configuration', () => {
  it('is kept per inverter with its operation log entry; a bad datasheet changes nothing; an unknown SN answers like a missing one', async () => {
    const plant = await createFleetPlant(t.database.db);
    const sn = plant.devices[0]?.sn as string;
    expect((await call('GET', `/c/v0/iv/config?sn=${sn}`)).result.config).toBeNull();
    const bad = await call('POST', '/c/v0/iv/config/set', { ...config(sn, 2), module: { ...datasheetOf(400), vmp: 60 } });
    expect(bad.errno).toBe(Errno.bodyInvalid);
    expect(bad.result.issues?.[0]?.message ?? JSON.stringify(bad.result)).toContain('diagnostics.vmpAboveVoc');
    expect((await call('GET', `/c/v0/iv/config?sn=${sn}`)).result.config).toBeNull();
    expect((await call('POST', '/c/v0/iv/config/set', config(sn, 2))).errno).toBe(0);
    const saved = (await call('GET', `/c/v0/iv/config?sn=${sn}`)).result.config;
    expect(saved.strings).toEqual([
      { modules: 12, parallel: 1 },
      { modules: 12, parallel: 1 },
    ]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, sn), eq(auditLog.action, 'device.stringConfig')));
    expect(entries).toHaveLength(1);
    expect((await call('POST', '/c/v0/iv/config/set', config('NOSUCHDEVICE1', 2))).errno).toBe(Errno.notFound);
    // Spec section 2: the curve screens are 255's alone.
    expect((await call('GET', `/c/v0/iv/config?sn=${sn}`, undefined, distributor.token)).errno).toBe(Errno.noPermission);
  });
});

describe('scan tasks', () => {
  it('refuse a device without string configuration with its message, making nothing', async () => {
    const plant = await createFleetPlant(t.database.db);
    const before = await t.database.db.$count(ivScanTask);
    const answer = await t.call('POST', '/c/v0/iv/task/create', { sns: [plant.devices[0]?.sn] }, { token: admin.token, lang: 'de' });
    expect(answer.body.errno).toBe(Errno.stringsNotConfigured);
    expect(await t.database.db.$count(ivScanTask)).toBe(before);
    const messages = await t.call('GET', '/c/v0/errors/message?lang=de', undefined, { token: admin.token });
    expect(JSON.stringify(messages.body)).toContain('Die Strings des Wechselrichters sind nicht konfiguriert');
    expect((await call('POST', '/c/v0/iv/task/create', { sns: ['NOSUCHDEVICE1'] })).errno).toBe(Errno.notFound);
    expect((await call('POST', '/c/v0/iv/task/create', { plantIds: [999_999_999] })).errno).toBe(Errno.notFound);
  });

  it("of a plant scan its configured inverters, say which lack a configuration, and show each device's progress", async () => {
    const plant = await createFleetPlant(t.database.db, { devices: 2 });
    const [configured, bare] = plant.devices.map((device) => device.sn) as [string, string];
    await call('POST', '/c/v0/iv/config/set', config(configured, 2));
    const created = await call('POST', '/c/v0/iv/task/create', { plantIds: [plant.plantId] });
    expect(created.result).toMatchObject({ scanning: 1, unconfigured: [bare] });
    const running = (await call('GET', `/c/v0/iv/task/detail?id=${created.result.id}`)).result;
    expect(
      running.scans.map((scan: { sn: string; state: string; progress: number | null }) => [scan.sn, scan.state, scan.progress]),
    ).toEqual([
      [configured, 'scanning', 0],
      [bare, 'unconfigured', null],
    ]);
    expect(await answerScans(plant)).toBe(1);
    const done = await finishedTask(created.result.id);
    expect(done.counts).toMatchObject({ devices: 2, unconfigured: 1, done: 1, scanning: 0, faultyStrings: 0 });
    expect(done.scans[0]).toMatchObject({
      state: 'done',
      strings: [
        { string: 1, cause: 'normal' },
        { string: 2, cause: 'normal' },
      ],
    });
    const list = await call('POST', '/c/v0/iv/task/list', { currentPage: 1, pageSize: 10 });
    expect(list.result.tasks.find((task: { id: number }) => task.id === created.result.id)?.counts.done).toBe(1);
  });

  it('diagnose each injected fault as its cause', async () => {
    const plant = await createFleetPlant(t.database.db);
    const sn = plant.devices[0]?.sn as string;
    const strings = IV_FAULTS.length + 1;
    await call('POST', '/c/v0/iv/config/set', config(sn, strings));
    const faults = Object.fromEntries(IV_FAULTS.map((fault, index) => [index + 2, fault]));
    const created = await call('POST', '/c/v0/iv/task/create', { sns: [sn] });
    await answerScans(plant, { [sn]: faults }, strings);
    const done = await finishedTask(created.result.id);
    const causes = (done.scans[0] as unknown as { strings: { string: number; cause: string }[] }).strings.map((row) => [
      row.string,
      row.cause,
    ]);
    expect(causes).toEqual([[1, 'normal'], ...IV_FAULTS.map((fault, index) => [index + 2, CAUSE_OF[fault]])]);
    expect(done.counts).toMatchObject({ faultyStrings: IV_FAULTS.length });
  });
});

describe('a scan in too little light', () => {
  it('is not judged: no curve at night is no open string', () => {
    const night = ivScanOf([PV, PV], () => 0, 5, { 2: 'open' });
    const dusk = ivScanOf([PV], () => 60, 5);
    expect(diagnoseScan(config('X', 2), night)?.map((row) => row.cause)).toEqual(['lowLight', 'lowLight']);
    expect(diagnoseScan(config('X', 1), dusk)?.map((row) => row.cause)).toEqual(['lowLight']);
    expect(diagnoseScan(config('X', 1), { strings: 'nonsense' })).toBeUndefined();
  });
});

describe('curve detail', () => {
  it('gives measured and expected curves with key points, earlier scans, neighbours and the cleaning since', async () => {
    const plant = await createFleetPlant(t.database.db);
    const sn = plant.devices[0]?.sn as string;
    await call('POST', '/c/v0/iv/config/set', config(sn, 2));
    const first = await call('POST', '/c/v0/iv/task/create', { sns: [sn] });
    await answerScans(plant, { [sn]: { 1: 'soiling' } });
    await finishedTask(first.result.id);
    const second = await call('POST', '/c/v0/iv/task/create', { sns: [sn] });
    await answerScans(plant, { [sn]: { 1: 'soiling' } });
    const done = await finishedTask(second.result.id);
    const scanId = (done.scans[0] as unknown as { id: number }).id;

    const detail = (await call('GET', `/c/v0/iv/curve/detail?scanId=${scanId}&string=1&count=3`)).result;
    expect(detail).toMatchObject({ sn, string: 1, cause: 'soiling', irradiance: 800, cleanedAt: null });
    expect(detail.measured).toHaveLength(100);
    expect(detail.expected).toHaveLength(100);
    expect(detail.keyPoints.isc / detail.expectedKeyPoints.isc).toBeCloseTo(0.8, 2);
    expect(detail.earlier).toHaveLength(1);
    expect(detail.neighbours.map((row: { string: number; cause: string }) => [row.string, row.cause])).toEqual([[2, 'normal']]);
    expect((await call('GET', `/c/v0/iv/curve/detail?scanId=${scanId}&string=1&count=0`)).errno).toBe(Errno.bodyInvalid);
    expect((await call('GET', `/c/v0/iv/curve/detail?scanId=${scanId}&string=7&count=1`)).errno).toBe(Errno.notFound);

    expect((await call('POST', '/c/v0/iv/cleaning', { sn, string: 1 })).errno).toBe(0);
    const cleaned = (await call('GET', `/c/v0/iv/curve/detail?scanId=${scanId}&string=1&count=1`)).result;
    expect(cleaned.cleanedAt).toBeGreaterThan(detail.at - 1);
    const task = (await call('GET', `/c/v0/iv/task/detail?id=${second.result.id}`)).result;
    expect(task.scans[0].strings[0].cleanedAt).toBe(cleaned.cleanedAt);
  });
});
