import { Access, Errno, OP_REPORT_VARIABLES, type OpReportVariable } from '@sunstack/shared';
import { DEMO_FLEET, SimulatedDatalogger, withDatalogger } from '@sunstack/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { device as deviceTable, plant } from '../../db/schema.ts';
import { createFleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { localDateOf } from '../telemetry/calendar.ts';
import { createKey, openApiCall } from './testClient.ts';

/**
 * The Open API against the real simulated fleet (issue 19): a simulated datalogger with a battery
 * publishes live samples over MQTT into the ingest; the Open API reads its values, and a schedule set
 * through it is applied by the simulated device, which reports it back when asked.
 */
const WAIT = { timeout: 30_000, interval: 250 };
let t: TestApp;
let loop: DataLoop;
let simulator: SimulatedDatalogger;
const stopDispatcher = new AbortController();
let owner: TestAccount;
let key: string;
let inverter: string;
let plantId: number;
let timeZone: string;

beforeAll(async () => {
  t = await startTestApp({ OPEN_API_CALLS_PER_SECOND: '100000', OPEN_API_COMMAND_WAIT_MS: '15000' });
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, { info: () => {}, warn: () => {} });
  void t.app.runCommandDispatcher(loop.publish, stopDispatcher.signal);
  owner = await t.createAccount(Access.endUser);
  key = await createKey(t, owner.token);
  const definition = DEMO_FLEET.find((candidate) => candidate.battery) as (typeof DEMO_FLEET)[number];
  const fixture = await createFleetPlant(t.database.db, { devices: 0, timeZone: definition.timeZone });
  plantId = fixture.plantId;
  timeZone = definition.timeZone;
  await t.database.db.update(plant).set({ ownerId: owner.id }).where(eq(plant.id, fixture.plantId));
  const simulated = withDatalogger(definition, fixture.dataloggerSn);
  inverter = simulated.inverters[0]?.sn as string;
  simulator = new SimulatedDatalogger({
    url: loop.brokerUrl,
    plant: simulated,
    secret: fixture.secret,
    intervalSec: 1,
    // Two days of history every 15 minutes: yesterday whole in the plant's calendar, with its daylight.
    backfillDays: 2,
    backfillFineDays: 0,
  });
  await simulator.start();
}, 120_000);
afterAll(async () => {
  await simulator?.stop();
  stopDispatcher.abort();
  await loop.close();
  await t.close();
});

const op = async (method: 'GET' | 'POST', path: string, input?: Record<string, unknown>) =>
  (await openApiCall(t, method, path, input, key)).body;

describe('the Open API on the simulated fleet', () => {
  it("reads the inverter's live values, as the console does", async () => {
    await expect
      .poll(async () => (await t.database.db.select().from(deviceTable).where(eq(deviceTable.sn, inverter))).length, WAIT)
      .toBe(1);
    // Known once its inventory is stored, with values once its first samples are (an answer without them has no time).
    await expect
      .poll(
        async () => (await op('POST', '/op/v1/device/real/query', { sns: [inverter], variables: ['SoC', 'pvPower'] })).result?.[0]?.time,
        WAIT,
      )
      .toBeTruthy();
    const [real] = (await op('POST', '/op/v1/device/real/query', { sns: [inverter] })).result;
    expect(real.deviceSN).toBe(inverter);
    expect(real.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [A-Z]{3}[+-]\d{4}$/);
    const shown = (await t.call('POST', '/c/v0/device/real/query', { sns: [inverter] }, { token: owner.token })).body.result.devices[0];
    for (const datum of real.datas) if (typeof shown.vars[datum.variable] === 'number') expect(typeof datum.value).toBe('number');
    expect(real.datas.map((d: { variable: string }) => d.variable)).toEqual(expect.arrayContaining(['pvPower', 'PVEnergyTotal']));
  }, 60_000);

  it('sets a schedule the simulated device applies, and reads it back from the device', async () => {
    const group = {
      enable: 1,
      startHour: 1,
      startMinute: 0,
      endHour: 4,
      endMinute: 59,
      workMode: 'ForceCharge',
      minSocOnGrid: 10,
      fdSoc: 90,
      fdPwr: 2000,
      maxSoc: 100,
    };
    const answer = await op('POST', '/op/v1/device/scheduler/enable', { deviceSN: inverter, groups: [group] });
    expect(answer.errno, JSON.stringify(answer)).toBe(0);
    const periods = [{ start: '01:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 10, fdSoc: 90, fdPwr: 2000, maxSoc: 100 }];
    expect(answer.result).toEqual({ WorkMode: 'TimePeriods', SchedulePeriods: periods });
    // The simulated device, asked through the console, holds what it applied.
    const asked = await t.call(
      'POST',
      '/c/v0/device/setting/get',
      { sn: inverter, keys: ['WorkMode', 'SchedulePeriods'] },
      { token: owner.token },
    );
    const id = asked.body.result.commandId as string;
    const detail = async () => (await t.call('GET', `/c/v0/device/command/detail?id=${id}`, undefined, { token: owner.token })).body.result;
    await expect.poll(async () => (await detail()).state, WAIT).toBe('done');
    expect((await detail()).result).toEqual({ WorkMode: 'TimePeriods', SchedulePeriods: periods });
    expect((await op('POST', '/op/v1/device/scheduler/get/flag', { deviceSN: inverter })).result).toEqual({ support: 1, enable: 1 });
    const read = (await op('POST', '/op/v3/device/scheduler/get', { deviceSN: inverter })).result;
    expect(read.groups[0]).toMatchObject({
      enable: 1,
      startHour: 1,
      endHour: 4,
      endMinute: 59,
      workMode: 'ForceCharge',
      extraParam: { fdPwr: 2000, fdSoc: 90 },
    });
    // A period the device cannot keep is refused by the platform before anything is sent.
    const overlap = await op('POST', '/op/v1/device/scheduler/enable', {
      deviceSN: inverter,
      groups: [group, { ...group, startHour: 3, endHour: 6 }],
    });
    expect(overlap.errno).toBe(Errno.schedulePeriodsOverlap);
  }, 60_000);
  it("reports yesterday's energy alike by the hour, by the day and as the console's plant figure", async () => {
    // Yesterday in the plant's calendar, from the history: final once stored (the datalogger stops, for good measure).
    // The history must be in first: a stopped datalogger never sends what it had not generated yet,
    // and on a busy machine the two tests before can end before it has (a stable read of nothing).
    await simulator.whenCaughtUp();
    await simulator.stop();
    const [year, month, day] = localDateOf(Date.now() - 86_400_000, timeZone)
      .split('-')
      .map(Number) as [number, number, number];
    const variables = ['generation', 'PVEnergyTotal'];
    const byHour = async () =>
      (await op('POST', '/op/v0/device/report/query', { sn: inverter, dimension: 'day', year, month, day, variables })).result;
    // All it sent stored and rolled up: the same answer twice across a settled rollup.
    let previous = '';
    await expect
      .poll(async () => {
        await t.app.rollups.settle();
        const current = JSON.stringify(await byHour());
        const stable = current === previous;
        previous = current;
        return stable;
      }, WAIT)
      .toBe(true);
    const hours = (await byHour()) as { variable: string; values: number[] }[];
    const days = (await op('POST', '/op/v0/device/report/query', { sn: inverter, dimension: 'month', year, month, variables })).result as {
      variable: string;
      values: number[];
    }[];
    const plantDays = (
      await t.call('POST', '/c/v0/plant/report/query', { id: plantId, dimension: 'month', year, month }, { token: owner.token })
    ).body.result as { buckets: string[]; series: { variable: string; data: number[] }[] };
    const dayIndex = plantDays.buckets.indexOf(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    expect(dayIndex).toBe(day - 1);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    for (const [index, variable] of variables.entries()) {
      const hourly = hours[index] as { variable: string; values: number[] };
      const daily = (days[index] as { values: number[] }).values[day - 1] as number;
      const plant = plantDays.series.find((series) => series.variable === OP_REPORT_VARIABLES[variable as OpReportVariable])?.data[
        dayIndex
      ];
      expect(hourly.variable).toBe(variable);
      expect(sum(hourly.values)).toBeCloseTo(daily, 2);
      // The plant has this one inverter: its figure, rolled up apart, is the device's.
      expect(plant, variable).toBeCloseTo(daily, 2);
      // A whole day has daylight: the figures compared are not zeros.
      expect(daily, variable).toBeGreaterThan(0);
    }
  }, 60_000);
});
