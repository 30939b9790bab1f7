import { inventoryPayload } from '@sunstack/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanups, Observer, randomSn, TEST_BROKER } from '../test/observer.ts';
import { runLoad } from './runLoad.ts';

/** The benchmarks' load dataloggers over the machine's Mosquitto. */
const cleanups = new Cleanups();
afterEach(() => cleanups.run());

describe('runLoad', () => {
  it("with answerCommands, each datalogger answers its commands with the simulator's command processor and sends no telemetry", async () => {
    const sn = randomSn();
    const observer = await Observer.start([sn]);
    cleanups.add(() => observer.close());
    const load = runLoad({ url: TEST_BROKER, dataloggers: [{ sn, secret: 'test' }], rate: 0, answerCommands: true });
    cleanups.add(async () => {
      await load.stop();
    });
    const inventory = inventoryPayload.parse((await observer.waitFor((message) => message.kind === 'inventory')).payload);
    const inverter = inventory.devices[0]?.sn as string;
    const period = { start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 20, fdSoc: 20, fdPwr: 3000, maxSoc: 90 };
    await observer.command(sn, {
      id: 'set-1',
      type: 'setting.set',
      device: inverter,
      params: { WorkMode: 'TimePeriods', SchedulePeriods: [period] },
    });
    await observer.command(sn, { id: 'set-2', type: 'setting.set', device: inverter, params: { MinSoc: 95, MaxSoc: 90 } });
    await observer.command(sn, { id: 'get-1', type: 'setting.get', device: inverter, params: { keys: ['WorkMode', 'SchedulePeriods'] } });
    await observer.waitFor((message) => message.kind === 'reply' && message.payload.id === 'get-1');
    expect(observer.replies('set-1').map((reply) => reply.payload)).toEqual([
      { id: 'set-1', status: 'done', result: { WorkMode: 'TimePeriods', SchedulePeriods: [period] } },
    ]);
    expect(observer.replies('set-2')[0]?.payload).toMatchObject({ status: 'failed', error: 'MinSoc: validation.minSocAboveMax' });
    expect(observer.replies('get-1')[0]?.payload).toEqual({
      id: 'get-1',
      status: 'done',
      result: { WorkMode: 'TimePeriods', SchedulePeriods: [period] },
    });
    expect(load.report()).toMatchObject({ commandsAnswered: 3, messagesSent: 0 });
    expect(observer.of('telemetry')).toEqual([]);
  });
});
