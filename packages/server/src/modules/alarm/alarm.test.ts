import {
  Access,
  ALARM_THRESHOLD_DEFAULTS,
  type AlarmSummary,
  DeviceStatus,
  Errno,
  LANGUAGES,
  MAX_COUNTED_ALARMS,
  type PlantStatus,
  uplinkTopic,
} from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedText } from '../../http/xlsx.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { firstSheetOf, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { ALARM_LABELS } from './labels.ts';

let t: TestApp;
let plant: FleetPlant;
let admin: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  plant = await createFleetPlant(t.database.db, { devices: 2 });
  admin = await t.createAccount(Access.admin);
  stranger = await t.createAccount(Access.endUser);
});
afterAll(() => t.close());

const MINUTE = 60_000;
const base = Date.now() - 60 * MINUTE;

/** Device events as the datalogger sends them (protocol.md dl/{sn}/up/event). */
const send = (events: { ts: number; device?: string; code: number; state: 'raised' | 'cleared' }[]) =>
  t.app.ingest.receive(
    plant.dataloggerSn,
    uplinkTopic(plant.dataloggerSn, 'event'),
    Buffer.from(JSON.stringify({ seq: 1, events: events.map((e) => ({ device: plant.devices[0]?.sn, ...e })) })),
  );

const query = async (account: TestAccount, filters: Record<string, unknown>) => {
  const answer = await t.call(
    'POST',
    '/c/v0/alarm/query',
    { view: 'realtime', begin: base - 15 * MINUTE, end: Date.now() + MINUTE, ...filters },
    { token: account.token },
  );
  return answer.body as { errno: number; result: { total: number; alarms: AlarmSummary[] } };
};

describe('alarms from device events', () => {
  it('opens an alarm on a raise with its catalogue severity, and moves it to history on the clear', async () => {
    await send([{ ts: base, code: 1001, state: 'raised' }]);
    const active = await query(admin, { code: 1001 });
    expect(active.result.alarms).toEqual([
      expect.objectContaining({
        source: 'device',
        code: 1001,
        severity: 'fault',
        subject: 'inverter',
        sn: plant.devices[0]?.sn,
        dataloggerSn: plant.dataloggerSn,
        plantId: plant.plantId,
        raisedAt: base,
        clearedAt: null,
        occurrences: 1,
        acknowledgement: null,
      }),
    ]);
    await send([{ ts: base + 5 * MINUTE, code: 1001, state: 'cleared' }]);
    expect((await query(admin, { code: 1001 })).result.total).toBe(0);
    const history = await query(admin, { code: 1001, view: 'history' });
    expect(history.result.alarms).toEqual([expect.objectContaining({ code: 1001, clearedAt: base + 5 * MINUTE })]);
  });

  it('folds a code raised and cleared repeatedly into one alarm with a count; duplicates and old events change nothing', async () => {
    const events = [
      { ts: base, code: 1020, state: 'raised' as const },
      { ts: base + MINUTE, code: 1020, state: 'cleared' as const },
      { ts: base + 3 * MINUTE, code: 1020, state: 'raised' as const },
      { ts: base + 4 * MINUTE, code: 1020, state: 'cleared' as const },
      { ts: base + 6 * MINUTE, code: 1020, state: 'raised' as const },
    ];
    await send(events);
    await send(events); // sent twice: stored once
    await send([{ ts: base - 30 * MINUTE, code: 1020, state: 'cleared' }]); // older than the alarm
    const { alarms } = (await query(admin, { code: 1020 })).result;
    expect(alarms).toEqual([
      expect.objectContaining({ severity: 'warning', raisedAt: base, lastRaisedAt: base + 6 * MINUTE, occurrences: 3, clearedAt: null }),
    ]);
    // Raised again long after it cleared: a new alarm.
    await send([
      { ts: base + 7 * MINUTE, code: 1020, state: 'cleared' },
      { ts: base + 40 * MINUTE, code: 1020, state: 'raised' },
    ]);
    expect((await query(admin, { code: 1020 })).result.alarms).toEqual([
      expect.objectContaining({ raisedAt: base + 40 * MINUTE, occurrences: 1 }),
    ]);
    expect((await query(admin, { code: 1020, view: 'history' })).result.alarms).toEqual([expect.objectContaining({ occurrences: 3 })]);
  });

  it('takes an unknown code as a fault and filters by severity, device and plant', async () => {
    await send([{ ts: base + 2 * MINUTE, device: plant.devices[1]?.sn, code: 9999, state: 'raised' }]);
    expect((await query(admin, { code: 9999 })).result.alarms).toEqual([
      expect.objectContaining({ severity: 'fault', sn: plant.devices[1]?.sn }),
    ]);
    expect((await query(admin, { code: 9999, severity: 'warning' })).result.total).toBe(0);
    expect((await query(admin, { sn: plant.devices[1]?.sn })).result.alarms.map((a) => a.code)).toEqual([9999]);
    expect((await query(admin, { plantId: plant.plantId })).result.alarms.map((a) => a.code)).toEqual([1020, 9999]);
  });

  it('lists an alarm raised weeks ago and still active in realtime without a range; history needs one', async () => {
    const old = Date.now() - 20 * 86_400_000;
    await send([{ ts: old, code: 1040, state: 'raised' }]);
    const all = await t.call('POST', '/c/v0/alarm/query', { view: 'realtime', code: 1040 }, { token: admin.token });
    expect(all.body.result.alarms).toEqual([expect.objectContaining({ code: 1040, raisedAt: old })]);
    const history = await t.call('POST', '/c/v0/alarm/query', { view: 'history' }, { token: admin.token });
    expect(history.body.errno).toBe(Errno.bodyInvalid);
    const half = await t.call('POST', '/c/v0/alarm/query', { view: 'realtime', begin: old }, { token: admin.token });
    expect(half.body.errno).toBe(Errno.bodyInvalid);
    await send([{ ts: old + 60_000, code: 1040, state: 'cleared' }]);
  });

  it('refuses a range over 15 days or upside down, and changes nothing', async () => {
    const long = await query(admin, { begin: base - 16 * 86_400_000, end: base });
    expect(long.errno).toBe(Errno.bodyInvalid);
    const backwards = await query(admin, { begin: base, end: base - 1 });
    expect(backwards.errno).toBe(Errno.bodyInvalid);
  });

  it('acknowledges with a comment, all or none; an alarm out of scope answers like a missing one', async () => {
    const [alarm] = (await query(admin, { code: 9999 })).result.alarms;
    const id = alarm?.id as number;
    const ack = (account: TestAccount, ids: number[]) =>
      t.call('POST', '/c/v0/alarm/ack', { ids, comment: 'Technician informed' }, { token: account.token }).then((a) => a.body);

    expect(await query(stranger, {})).toMatchObject({ errno: 0, result: { total: 0, alarms: [] } });
    expect(await ack(stranger, [id])).toEqual({ errno: Errno.notFound, result: {} });
    expect(await ack(stranger, [987_654_321])).toEqual({ errno: Errno.notFound, result: {} });
    expect(await ack(admin, [id, 987_654_321])).toEqual({ errno: Errno.notFound, result: {} });
    expect((await query(admin, { code: 9999 })).result.alarms[0]?.acknowledgement).toBeNull();

    expect(await ack(admin, [id])).toEqual({ errno: 0, result: {} });
    const [acknowledged] = (await query(admin, { code: 9999 })).result.alarms;
    expect(acknowledged?.acknowledgement).toEqual({ at: expect.any(Number), by: admin.username, comment: 'Technician informed' });
    const empty = await t.call('POST', '/c/v0/alarm/ack', { ids: [id], comment: '  ' }, { token: admin.token });
    expect(empty.body).toMatchObject({ errno: Errno.bodyInvalid });
  });

  it("exports the alarms that match as xlsx in the caller's language, an unknown code by its number", async () => {
    const filters = { view: 'history', begin: base - 15 * MINUTE, end: Date.now() + MINUTE, plantId: plant.plantId };
    const file = await t.download('/c/v0/alarm/export', filters, { token: admin.token, lang: 'de' });
    expect(file.contentType).toContain('spreadsheetml');
    const sheet = await firstSheetOf(file.bytes);
    const labels = ALARM_LABELS.de;
    expect(sheet.getRow(1).values).toEqual([undefined, ...Object.values(labels.columns)]);
    // History: 1001 cleared, and the folded 1020 (three occurrences).
    const rows = [2, 3].map((n) => sheet.getRow(n).values as unknown[]);
    expect(rows.map((row) => row[2]).sort()).toEqual([1001, 1020]);
    const folded = rows.find((row) => row[2] === 1020) as unknown[];
    expect(folded.slice(1, 5)).toEqual([labels.severities.warning, 1020, faultText(1020, 'de')?.name, labels.sources.device]);
    expect(folded[12]).toBe(3);
    // Times in the plant's zone, as the screen shows them, with the zone beside them.
    const listed = await t.call('POST', '/c/v0/alarm/query', { ...filters, currentPage: 1, pageSize: 10 }, { token: admin.token });
    const foldedAlarm = listed.body.result.alarms.find((a: { code: number }) => a.code === 1020);
    expect(folded.slice(9, 12)).toEqual([
      'Europe/Berlin',
      zonedText(foldedAlarm.raisedAt, 'Europe/Berlin'),
      zonedText(foldedAlarm.lastRaisedAt, 'Europe/Berlin'),
    ]);
    const realtime = await firstSheetOf(
      (await t.download('/c/v0/alarm/export', { ...filters, view: 'realtime', code: 9999 }, { token: admin.token })).bytes,
    );
    expect(realtime.getRow(2).getCell(3).value).toBe('Code 9999');
    // Out of scope: an empty sheet, headers only.
    const none = await firstSheetOf((await t.download('/c/v0/alarm/export', filters, { token: stranger.token })).bytes);
    expect(none.rowCount).toBe(1);
  });
});

describe('statuses from alarms and connectivity', () => {
  it('shows a plant and its device as fault or alarm while such an alarm is active, normal otherwise, offline without reports', async () => {
    const other = await createFleetPlant(t.database.db, { devices: 1 });
    const sn = other.devices[0]?.sn as string;
    const plantStatus = async () =>
      (await t.call('GET', `/c/v0/plant/detail?id=${other.plantId}`, undefined, { token: admin.token })).body.result.status;
    const deviceStatus = async () =>
      (await t.call('POST', '/c/v0/device/list', { sn }, { token: admin.token })).body.result.devices.map(
        (d: { status: number }) => d.status,
      );
    const event = (code: number, state: 'raised' | 'cleared') =>
      t.app.ingest.receive(
        other.dataloggerSn,
        uplinkTopic(other.dataloggerSn, 'event'),
        Buffer.from(JSON.stringify({ seq: 1, events: [{ ts: Date.now(), device: sn, code, state }] })),
      );
    // The fleet summary counts plants by the same status; the other plants of this file keep theirs meanwhile.
    const fleet = async () => (await t.call('GET', '/c/v0/plant/summary', undefined, { token: admin.token })).body.result.plants;
    const before = await fleet();
    const counted = async (status: PlantStatus) => {
      const now = await fleet();
      expect(now).toEqual({ ...before, offline: before.offline - 1, [status]: before[status] + 1 });
    };
    await event(1001, 'raised');
    expect([await plantStatus(), await deviceStatus()]).toEqual(['offline', [DeviceStatus.offline]]);
    expect(await fleet()).toEqual(before);
    await t.app.ingest.receive(
      other.dataloggerSn,
      uplinkTopic(other.dataloggerSn, 'telemetry'),
      Buffer.from(JSON.stringify({ seq: 1, samples: [{ ts: Date.now(), device: sn, vars: { pvPower: 1 } }] })),
    );
    await t.app.ingest.flush();
    expect([await plantStatus(), await deviceStatus()]).toEqual(['fault', [DeviceStatus.abnormal]]);
    await counted('fault');
    await event(1020, 'raised');
    await event(1001, 'cleared');
    expect([await plantStatus(), await deviceStatus()]).toEqual(['alarm', [DeviceStatus.abnormal]]);
    await counted('alarm');
    const abnormal = await t.call('POST', '/c/v0/device/list', { sn, status: 'abnormal' }, { token: admin.token });
    expect(abnormal.body.result.total).toBe(1);
    await event(1020, 'cleared');
    expect([await plantStatus(), await deviceStatus()]).toEqual(['normal', [DeviceStatus.normal]]);
    await counted('normal');
  });
});

describe('alarm thresholds of a plant', () => {
  it('answers the defaults, saves what the plant sets, refuses bad input and plants out of scope', async () => {
    const get = (account: TestAccount, id = plant.plantId) =>
      t.call('GET', `/c/v0/alarm/threshold?id=${id}`, undefined, { token: account.token }).then((a) => a.body);
    const save = (account: TestAccount, thresholds: Record<string, number>, plantId = plant.plantId) =>
      t.call('POST', '/c/v0/alarm/threshold/save', { plantId, thresholds }, { token: account.token }).then((a) => a.body);

    expect(await get(admin)).toEqual({ errno: 0, result: { thresholds: ALARM_THRESHOLD_DEFAULTS, custom: {}, writable: true } });
    expect(await save(admin, { offlineMinutes: 45, socMinPercent: 15 })).toEqual({ errno: 0, result: {} });
    expect((await get(admin)).result).toMatchObject({
      thresholds: { ...ALARM_THRESHOLD_DEFAULTS, offlineMinutes: 45, socMinPercent: 15 },
      custom: { offlineMinutes: 45, socMinPercent: 15 },
    });
    const refused: Record<string, number>[] = [{ offlineMinutes: 1 }, { gridVoltageMinV: 250, gridVoltageMaxV: 240 }, { unknown: 1 }];
    for (const bad of refused) {
      expect((await save(admin, bad)).errno, JSON.stringify(bad)).toBe(Errno.bodyInvalid);
    }
    expect(await get(stranger)).toEqual({ errno: Errno.notFound, result: {} });
    expect(await save(stranger, { offlineMinutes: 90 })).toEqual({ errno: Errno.notFound, result: {} });
    expect(await get(admin, 987_654)).toEqual({ errno: Errno.notFound, result: {} });
    // Nothing changed by the refused calls.
    expect((await get(admin)).result.custom).toEqual({ offlineMinutes: 45, socMinPercent: 15 });
  });
});

describe('alarm export labels', () => {
  it('has every label in every language, translated', () => {
    const flatten = (value: unknown, prefix = ''): [string, string][] =>
      typeof value === 'string'
        ? [[prefix, value]]
        : Object.entries(value as object).flatMap(([key, inner]) => flatten(inner, `${prefix}.${key}`));
    const english = new Map(flatten(ALARM_LABELS.en));
    for (const language of LANGUAGES) {
      const labels = new Map(flatten(ALARM_LABELS[language]));
      expect([...labels.keys()].sort(), language).toEqual([...english.keys()].sort());
      for (const [key, text] of labels) expect(text.trim(), `${language} ${key}`).not.toBe('');
      if (language === 'en') continue;
      // Most labels read differently from English (a few words, like "EMS", may be the same).
      const same = [...labels].filter(([key, text]) => english.get(key) === text).map(([key]) => key);
      expect(same.length, `${language}: ${same.join(', ')}`).toBeLessThanOrEqual(4);
    }
    for (const language of LANGUAGES) expect(ALARM_LABELS[language].unknownCode, language).toContain('{code}');
  });
});

describe('alarm counts', () => {
  it('counts matches up to 10,000 and says when there are more', async () => {
    const busy = await createFleetPlant(t.database.db);
    const insert = (n: number) =>
      t.database.db.execute(sql`insert into alarm (source, code, severity, datalogger_sn, device_id, plant_id, raised_at, last_raised_at, cleared_at)
        select 'device', 1040, 'warning', ${busy.dataloggerSn}, ${busy.devices[0]?.id}, ${busy.plantId}, now() - g * interval '1 second', now() - g * interval '1 second', now()
        from generate_series(1, ${n}) as g`);
    const count = async () => {
      const body = { view: 'history', plantId: busy.plantId, begin: Date.now() - 86_400_000, end: Date.now() + 60_000 };
      const { result } = (await t.call('POST', '/c/v0/alarm/query', body, { token: admin.token })).body;
      return [result.total, result.totalCapped, result.alarms.length];
    };
    await insert(MAX_COUNTED_ALARMS);
    expect(await count()).toEqual([MAX_COUNTED_ALARMS, false, 10]);
    await insert(1);
    expect(await count()).toEqual([MAX_COUNTED_ALARMS, true, 10]);
  });
});
