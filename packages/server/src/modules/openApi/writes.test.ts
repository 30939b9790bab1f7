import { Access, Errno } from '@sunstack/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { plant } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { connectDatalogger, reply } from '../command/testDatalogger.ts';
import { createKey, openApiCall } from './testClient.ts';

/**
 * Open API writes go through the command path (issue 18): a command row and its operation log entry,
 * sent by the dispatcher to the datalogger, answered with the device's answer, or an errno when it
 * refuses (41981) or stays silent past the bounded wait (41982). A plain MQTT client is the device.
 */
let t: TestApp;
let loop: DataLoop;
const stopDispatcher = new AbortController();
let owner: TestAccount;
let key: string;
let fleet: FleetPlant;
let offline: FleetPlant;
let device: Awaited<ReturnType<typeof connectDatalogger>>;

const sn = () => fleet.devices[0]?.sn as string;

/** What the device holds: every change it applies, the keys a setting.get names. */
const held: Record<string, unknown> = {
  WorkMode: 'SelfUse',
  MinSoc: 20,
  OffGridMinSoc: 15,
  MaxSoc: 100,
  ExportLimit: 6,
  SchedulePeriods: [],
};
function applying(command: { type: string; params: Record<string, unknown> }) {
  if (command.type !== 'setting.get') {
    Object.assign(held, command.params);
    return { status: 'done', result: command.params };
  }
  const keys = (command.params.keys as string[] | undefined) ?? Object.keys(held);
  const unknown = keys.filter((name) => !(name in held));
  if (unknown.length > 0) return { status: 'failed', error: `unknown setting: ${unknown.join(', ')}` };
  return { status: 'done', result: Object.fromEntries(keys.map((name) => [name, held[name]])) };
}

/** Answers each command the device gets with `answer(params)` (undefined: stays silent). */
function answering(answer: (command: { type: string; params: Record<string, unknown> }) => Record<string, unknown> | undefined) {
  const seen = new Set<string>();
  const timer = setInterval(() => {
    for (const command of device.received as { id: string; type: string; params: Record<string, unknown> }[]) {
      if (seen.has(command.id)) continue;
      seen.add(command.id);
      const body = answer(command);
      if (body) void reply(device.client, fleet, { id: command.id, ...body });
    }
  }, 20);
  return () => clearInterval(timer);
}

beforeAll(async () => {
  t = await startTestApp({ OPEN_API_CALLS_PER_SECOND: '100000', OPEN_API_COMMAND_WAIT_MS: '1500' });
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, { info: () => {}, warn: () => {} });
  void t.app.runCommandDispatcher(loop.publish, stopDispatcher.signal);
  owner = await t.createAccount(Access.endUser);
  fleet = await createFleetPlant(t.database.db);
  offline = await createFleetPlant(t.database.db);
  for (const id of [fleet.plantId, offline.plantId]) await t.database.db.update(plant).set({ ownerId: owner.id }).where(eq(plant.id, id));
  key = await createKey(t, owner.token);
  device = await connectDatalogger(loop.brokerUrl, fleet);
  // The datalogger's online status is stored by the ingest: wait for it.
  for (let tries = 0; tries < 100; tries += 1) {
    const reported = await t.call('GET', `/c/v0/device/setting/reported?sn=${sn()}`, undefined, { token: owner.token });
    if (reported.body.result?.connected) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  stopDispatcher.abort();
  device.client.end(true);
  await loop.close();
  await t.close();
});

const op = (path: string, body: Record<string, unknown>) => openApiCall(t, 'POST', path, body, key);
const commandsOf = (deviceSn: string) =>
  selectRows<{ type: string; params: Record<string, unknown>; state: string }>(
    t.database.db,
    sql`select type, params, state from device_command where device_sn = ${deviceSn} order by created_at`,
  );

describe('writes through the command path', () => {
  it('asks the device for settings it never reported (setting.get), answering 41200 when it cannot', async () => {
    const stop = answering(applying);
    try {
      expect((await openApiCall(t, 'GET', '/op/v0/device/battery/soc/get', { sn: sn() }, key)).body.result).toEqual({
        minSoc: 15,
        minSocOnGrid: 20,
      });
    } finally {
      stop();
    }
    expect((await openApiCall(t, 'GET', '/op/v0/device/battery/soc/get', { sn: offline.devices[0]?.sn as string }, key)).body.errno).toBe(
      Errno.queryFailed,
    );
  });

  it("enables a scheduler's groups as the device's periods and answers what the device applied", async () => {
    const stop = answering(applying);
    try {
      const groups = [
        {
          enable: 1,
          startHour: 2,
          startMinute: 0,
          endHour: 4,
          endMinute: 59,
          workMode: 'ForceCharge',
          minSocOnGrid: 10,
          fdSoc: 90,
          fdPwr: 3000,
          maxSoc: 100,
        },
        {
          enable: 0,
          startHour: 0,
          startMinute: 0,
          endHour: 0,
          endMinute: 0,
          workMode: 'Invalid',
          minSocOnGrid: 10,
          fdSoc: 10,
          fdPwr: 0,
          maxSoc: 100,
        },
        {
          enable: 1,
          startHour: 17,
          startMinute: 0,
          endHour: 19,
          endMinute: 29,
          workMode: 'Feedin',
          minSocOnGrid: 10,
          fdSoc: 10,
          fdPwr: 0,
          maxSoc: 100,
        },
      ];
      const answer = await op('/op/v1/device/scheduler/enable', { deviceSN: sn(), groups });
      expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
      const periods = [
        { start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 10, fdSoc: 90, fdPwr: 3000, maxSoc: 100 },
        { start: '17:00', end: '19:30', mode: 'FeedInPriority', minSocOnGrid: 10, fdSoc: 10, fdPwr: 0, maxSoc: 100 },
      ];
      expect(answer.body.result).toEqual({ WorkMode: 'TimePeriods', SchedulePeriods: periods });
      expect((await commandsOf(sn())).at(-1)).toEqual({
        type: 'setting.set',
        params: { WorkMode: 'TimePeriods', SchedulePeriods: periods },
        state: 'done',
      });
      // What the device applied is what the scheduler answers now (v3: under extraParam), without asking it again.
      const read = await op('/op/v3/device/scheduler/get', { deviceSN: sn() });
      expect(read.body.result.groups[0]).toMatchObject({
        startHour: 2,
        endHour: 4,
        endMinute: 59,
        workMode: 'ForceCharge',
        extraParam: { fdSoc: 90, fdPwr: 3000 },
      });
      expect(read.body.result.groups[1]).toMatchObject({ startHour: 17, endHour: 19, endMinute: 29, workMode: 'Feedin' });
      const entries = await selectRows<{ after: Record<string, unknown> }>(
        t.database.db,
        sql`select after from audit_log where actor_id = ${owner.id} and action = 'device.setting.set' order by id`,
      );
      expect(entries.at(-1)?.after).toMatchObject({ WorkMode: 'TimePeriods', answer: { state: 'done' } });
    } finally {
      stop();
    }
  });

  it('sets peak shaving (W in, kW on the device) and reads it back; a device that has no such settings answers 40257', async () => {
    const stop = answering(applying);
    try {
      expect((await op('/op/v0/device/peakShaving/get', { sn: sn() })).body.errno).toBe(Errno.bodyInvalid);
      expect((await op('/op/v0/device/peakShaving/set', { sn: sn(), importLimit: 3500, soc: 40 })).body.result).toEqual({
        PeakShavingImportLimit: 3.5,
        PeakShavingSoc: 40,
      });
      expect((await op('/op/v0/device/peakShaving/get', { sn: sn() })).body.result).toMatchObject({
        importLimit: { value: '3500', unit: 'W' },
        soc: { value: '40', unit: '%' },
      });
      expect((await op('/op/v0/device/peakShaving/set', { sn: sn(), importLimit: 3500, soc: 5 })).body.errno).toBe(Errno.bodyInvalid);
    } finally {
      stop();
    }
  });

  it('locks settings, SoC and force-charge times while a schedule runs other than force charge (44096); the flag unlocks them', async () => {
    const stop = answering(applying);
    try {
      expect((await op('/op/v0/device/battery/soc/set', { sn: sn(), minSoc: 20, minSocOnGrid: 25 })).body.errno).toBe(
        Errno.settingsLockedBySchedule,
      );
      expect((await op('/op/v0/device/setting/set', { sn: sn(), key: 'ExportLimit', value: '3000' })).body.errno).toBe(
        Errno.settingsLockedBySchedule,
      );
      expect((await op('/op/v1/device/scheduler/set/flag', { deviceSN: sn(), enable: 0 })).body.result).toEqual({ WorkMode: 'SelfUse' });
      expect((await op('/op/v1/device/scheduler/get/flag', { deviceSN: sn() })).body.result).toEqual({ support: 1, enable: 0 });
      expect((await op('/op/v0/device/battery/soc/set', { sn: sn(), minSoc: 20, minSocOnGrid: 25 })).body.result).toEqual({
        MinSoc: 25,
        OffGridMinSoc: 20,
      });
      expect((await op('/op/v0/device/setting/set', { sn: sn(), key: 'ExportLimit', value: '3000' })).body.result).toEqual({
        ExportLimit: 3,
      });
      const times = {
        sn: sn(),
        enable1: true,
        startTime1: { hour: 23, minute: 0 },
        endTime1: { hour: 5, minute: 59 },
        enable2: false,
        startTime2: { hour: 0, minute: 0 },
        endTime2: { hour: 0, minute: 0 },
      };
      expect((await op('/op/v0/device/battery/forceChargeTime/set', times)).body.result).toEqual({
        WorkMode: 'TimePeriods',
        SchedulePeriods: [{ start: '23:00', end: '06:00', mode: 'ForceCharge', minSocOnGrid: 10, fdSoc: 10, fdPwr: 6000, maxSoc: 100 }],
      });
      const read = await openApiCall(t, 'GET', '/op/v0/device/battery/forceChargeTime/get', { sn: sn() }, key);
      expect(read.body.result).toMatchObject({
        enable1: true,
        startTime1: { hour: 23, minute: 0 },
        endTime1: { hour: 5, minute: 59 },
        enable2: false,
      });
      // A force-charge schedule does not lock the SoC.
      expect((await op('/op/v0/device/battery/soc/set', { sn: sn(), minSoc: 20, minSocOnGrid: 30 })).body.errno).toBe(0);
    } finally {
      stop();
    }
  });

  it('refuses overlapping groups (42023) and groups Sunstack cannot keep (40257), sending nothing', async () => {
    const before = (await commandsOf(sn())).length;
    const group = (startHour: number, endHour: number, workMode = 'SelfUse') => ({
      enable: 1,
      startHour,
      startMinute: 0,
      endHour,
      endMinute: 59,
      workMode,
    });
    expect((await op('/op/v1/device/scheduler/enable', { deviceSN: sn(), groups: [group(1, 3), group(3, 4)] })).body.errno).toBe(
      Errno.schedulePeriodsOverlap,
    );
    expect((await op('/op/v3/device/scheduler/enable', { deviceSN: sn(), groups: [group(1, 3, 'PeakShaving')] })).body.errno).toBe(
      Errno.bodyInvalid,
    );
    const short = { enable: 1, startHour: 1, startMinute: 0, endHour: 1, endMinute: 10, workMode: 'SelfUse' };
    expect((await op('/op/v1/device/scheduler/enable', { deviceSN: sn(), groups: [short] })).body.errno).toBe(Errno.bodyInvalid);
    expect((await op('/op/v0/device/setting/set', { sn: sn(), key: 'WorkMode', value: 'ForceCharge' })).body.errno).toBe(Errno.bodyInvalid);
    expect((await op('/op/v0/device/battery/soc/set', { sn: sn(), minSoc: 5, minSocOnGrid: 5 })).body.errno).toBe(Errno.bodyInvalid);
    expect((await commandsOf(sn())).length).toBe(before);
  });

  it('answers 41981 when the device refuses, 41982 when it stays silent, and 41982 at once for an offline datalogger (nothing queued)', async () => {
    let stop = answering((command) =>
      command.type === 'setting.set' ? { status: 'failed', error: 'MaxSoc: out of range' } : applying(command),
    );
    try {
      expect((await op('/op/v0/device/setting/set', { sn: sn(), key: 'MaxSoc', value: '90' })).body.errno).toBe(Errno.commandFailed);
    } finally {
      stop();
    }
    stop = answering((command) => (command.type === 'setting.set' ? undefined : applying(command)));
    try {
      expect((await op('/op/v0/device/setting/set', { sn: sn(), key: 'MaxSoc', value: '91' })).body.errno).toBe(Errno.commandTimedOut);
    } finally {
      stop();
    }
    const offlineSn = offline.devices[0]?.sn as string;
    expect((await op('/op/v1/device/scheduler/set/flag', { deviceSN: offlineSn, enable: 1 })).body.errno).toBe(Errno.commandTimedOut);
    expect(await commandsOf(offlineSn)).toEqual([]);
  });
});
