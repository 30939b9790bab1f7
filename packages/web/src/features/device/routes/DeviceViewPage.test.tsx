// @vitest-environment happy-dom
import type { Command, DeviceDetail, DeviceSettingsReported } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { button, FakeStream, fakeServer, openScreen, setUpScreenTests, tableRows, type, until } from '../../../test/screen.tsx';

const READ_AT = Date.UTC(2026, 2, 1, 8, 30);
const METER = '60M3000A2302001';
const BATTERY = '60B1104A2301001';
const INVERTER = '60H1060A2301001';

function detailOf(fields: Pick<DeviceDetail, 'sn' | 'type' | 'name'> & Partial<DeviceDetail>): DeviceDetail {
  return {
    model: 'M3-DTSU',
    dataloggerSn: '860000000000002',
    plantId: 7,
    plantName: 'Lyon bakery',
    ratedPowerKw: null,
    firmware: { master: '1.0' },
    status: 1,
    lastSeenAt: READ_AT,
    createdAt: READ_AT - 86_400_000,
    parallelRole: null,
    writable: true,
    authorisable: true,
    inverterSn: null,
    ...fields,
  };
}

function reportedOf(sn: string, settings: Record<string, unknown>, fields: Partial<DeviceSettingsReported> = {}): DeviceSettingsReported {
  return {
    sn,
    connected: true,
    controllable: true,
    timeZone: 'Europe/Paris',
    settings: Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, { value, at: READ_AT }])),
    intervalSec: null,
    ...fields,
  };
}

/** A device's server: its detail, its live values, what it reported, and its commands (made by the calls, told on its stream). */
function deviceServer(detail: DeviceDetail, commanded: DeviceSettingsReported, vars: Record<string, number>) {
  const history: Command[] = [];
  const streams: FakeStream[] = [];
  const queued = (type: Command['type']) => (body: Record<string, unknown>) => {
    const id = `00000000-0000-4000-8000-00000000000${history.length + 1}`;
    const { sn, settings, ...params } = body;
    history.unshift({
      id,
      sn: String(sn),
      dataloggerSn: detail.dataloggerSn,
      type,
      params: (settings as Record<string, unknown>) ?? params,
      state: 'queued',
      progress: null,
      result: null,
      error: null,
      createdBy: 'demo_installer',
      createdAt: READ_AT,
      sentAt: null,
      updatedAt: READ_AT,
      expiresAt: READ_AT + 3_600_000,
      finishedAt: null,
    });
    return { commandId: id };
  };
  const server = fakeServer({
    [`/c/v0/device/detail?sn=${detail.sn}`]: () => detail,
    [`/c/v0/device/real/stream?sn=${detail.sn}`]: () => {
      const stream = new FakeStream();
      setTimeout(() => stream.push({ sn: detail.sn, ts: READ_AT, vars, timeZone: 'Europe/Paris', today: {} }), 0);
      return stream;
    },
    '/c/v0/device/history/query': () => ({ resolutionMs: 300_000, series: [] }),
    '/c/v0/device/battery/health/query': () => ({
      timeZone: 'Europe/Paris',
      soh: 97.5,
      sohAt: READ_AT,
      capacityKwh: 10.4,
      cycles: 41.2,
      dischargedKwh: 428.5,
      cycleSource: 'plant',
      months: [
        { month: '2026-10', soh: 97.8, cycles: 35.1 },
        { month: '2026-11', soh: 97.5, cycles: 41.2 },
      ],
    }),
    [`/c/v0/device/setting/reported?sn=${commanded.sn}`]: () => commanded,
    '/c/v0/device/command/list': () => ({ total: history.length, currentPage: 1, pageSize: 10, commands: history }),
    [`/c/v0/device/command/stream?sn=${commanded.sn}`]: () => {
      streams.push(new FakeStream());
      return streams.at(-1);
    },
    '/c/v0/device/setting/get': queued('setting.get'),
    '/c/v0/device/setting/set': queued('setting.set'),
    [`/c/v0/plant/real/flow?id=${detail.plantId}`]: () => ({
      ts: READ_AT,
      pv: 0,
      load: 0.4,
      grid: 0.4,
      battery: 0,
      soc: 64,
      evCharger: null,
      heatPump: null,
      today: { chargeEnergyTotal: 1.5, dischargeEnergyTotal: 2 },
    }),
  });
  const tell = (...commands: Command[]) => streams.at(-1)?.push({ commands });
  return { ...server, history, tell };
}

async function open(name: string, sn: string, text: string) {
  const screen = openScreen(name, { menus: ['device', name], query: { sn } });
  await until(() => screen.container.textContent?.includes(text) === true, 10_000);
  const field = (label: string) =>
    [...screen.container.querySelectorAll<HTMLElement>('.ant-form-item')].find((item) =>
      item.querySelector('label')?.textContent?.startsWith(label),
    );
  const input = (label: string) => field(label)?.querySelector('input') as HTMLInputElement;
  const errors = () => [...screen.container.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
  const click = (name: string, within: ParentNode = screen.container) => act(() => button(name, within)?.click());
  return { ...screen, field, input, errors, click };
}

describe('meter view (meter management and details)', () => {
  setUpScreenTests();

  it("shows the meter's readings, reads its settings on opening, refuses a CT ratio out of range and sends only what changed", async () => {
    const meter = detailOf({ sn: METER, type: 'meter', name: '' });
    const server = deviceServer(meter, reportedOf(METER, { CtRatio: 40, CtDirection: 'Forward' }), { meterPower: -2.35, RVolt: 231.2 });
    const screen = await open('device-meter', METER, 'Meter settings');
    await until(() => server.bodies('/c/v0/device/setting/get').length === 1);
    expect(server.bodies('/c/v0/device/setting/get')).toEqual([{ sn: METER }]);
    await until(() => screen.container.textContent?.includes('Meter power') === true);
    expect(screen.container.textContent).toContain('-2.35 kW');
    expect(screen.field('CT ratio')?.textContent).toContain('On the device: 40 (');
    expect(screen.field('CT direction')?.textContent).toContain('Forward');
    // 08:30 UTC is 09:30 in Paris, the plant's zone.
    expect(screen.field('CT ratio')?.textContent).toContain('9:30:00');
    // No inverter field on a meter.
    expect(screen.field('Minimum SoC')).toBeUndefined();

    type(screen.input('CT ratio'), '0');
    screen.click('Send changes');
    await until(() => screen.errors().length > 0);
    expect(screen.errors()).toEqual(['The CT ratio must be a whole number from 1 to 9999']);
    type(screen.input('CT ratio'), '80');
    screen.click('Send changes');
    await until(() => server.bodies('/c/v0/device/setting/set').length === 1);
    expect(server.bodies('/c/v0/device/setting/set')).toEqual([{ sn: METER, settings: { CtRatio: 80 } }]);

    // The command goes live to the meter's answer, in the card and in the history.
    await until(() => tableRows(screen.container).some((row) => row.textContent?.includes('Change settings: CT ratio 80')));
    const sent = server.history[0] as Command;
    server.tell({ ...sent, state: 'done', progress: 100, result: { CtRatio: 80 }, finishedAt: READ_AT + 2_000 });
    await until(() => screen.container.querySelector('[role="status"]')?.textContent?.includes('Device answer: CT ratio 80') === true);
    screen.unmount();
  }, 20_000);

  it('says an offline meter is offline and reads nothing by itself', async () => {
    const meter = detailOf({ sn: METER, type: 'meter', name: 'Grid meter' });
    const server = deviceServer(meter, reportedOf(METER, { CtRatio: 40, CtDirection: 'Forward' }, { connected: false }), {});
    const screen = await open('device-meter', METER, 'Meter settings');
    expect(screen.container.textContent).toContain('The datalogger is offline');
    expect(server.bodies('/c/v0/device/setting/get')).toEqual([]);
    screen.unmount();
  }, 20_000);
});

describe('battery view: its limits and force-charge windows through its inverter', () => {
  setUpScreenTests();

  it("edits the battery's limits and windows on its inverter, keeping the inverter's other periods", async () => {
    const battery = detailOf({ sn: BATTERY, type: 'battery', name: '', model: 'B-10.4', inverterSn: INVERTER });
    const periods = [
      { start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 10, fdSoc: 10, fdPwr: 3000, maxSoc: 90 },
      { start: '17:00', end: '20:00', mode: 'ForceDischarge', minSocOnGrid: 10, fdSoc: 20, fdPwr: 2000, maxSoc: 100 },
    ];
    const server = deviceServer(
      battery,
      reportedOf(INVERTER, { WorkMode: 'SelfUse', MinSoc: 10, MaxSoc: 100, ExportLimit: 6, ForceChargePower: 5, SchedulePeriods: periods }),
      { SoC: 64, batVolt: 52.1 },
    );
    const screen = await open('device-battery', BATTERY, 'Battery limits');
    expect(screen.container.textContent).toContain(`The battery's inverter ${INVERTER} holds these settings`);
    // Its health: the SoH it reports and the cycles counted from its plant's discharge.
    await until(() => screen.container.textContent?.includes('41.2') ?? false);
    expect(screen.container.textContent).toContain('Battery health');
    expect(screen.container.textContent).toContain('97.5 %');
    expect(screen.container.textContent).toContain("energy the plant's inverter discharged");
    await until(() => server.bodies('/c/v0/device/setting/get').length === 1);
    expect(server.bodies('/c/v0/device/setting/get')).toEqual([{ sn: INVERTER }]);
    // The battery's limits only: not the export limit.
    expect(screen.field('Minimum SoC')).toBeDefined();
    expect(screen.field('Export limit')).toBeUndefined();
    // MinSoc against the maximum the inverter holds.
    type(screen.input('Maximum SoC'), '5');
    screen.click('Send changes');
    await until(() => screen.errors().includes('SoC must be a whole number from 10 to 100'));
    type(screen.input('Maximum SoC'), '90');
    type(screen.input('Minimum SoC'), '20');
    screen.click('Send changes');
    await until(() => server.bodies('/c/v0/device/setting/set').length === 1);
    expect(server.bodies('/c/v0/device/setting/set')[0]).toEqual({ sn: INVERTER, settings: { MinSoc: 20, MaxSoc: 90 } });

    // One window, in force charge; the inverter does not follow its periods now: sending switches it.
    const windows = screen.container.querySelectorAll('[role="group"]');
    expect(windows.length).toBe(1);
    expect(screen.container.textContent).toContain('the inverter runs "Self use" now');
    expect(screen.container.textContent).toContain('Other time periods, kept as they are: 1');
    screen.click('Remove window 1');
    await until(() => screen.container.querySelectorAll('[role="group"]').length === 0);
    screen.click('Send windows');
    await until(() => server.bodies('/c/v0/device/setting/set').length === 2);
    expect(server.bodies('/c/v0/device/setting/set')[1]).toEqual({
      sn: INVERTER,
      settings: { SchedulePeriods: [periods[1]] },
    });
    screen.unmount();
  }, 20_000);
});
