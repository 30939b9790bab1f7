import type { Command, DeviceDetail, DeviceSettingsReported, Permission } from '@sunstack/shared';
import { act } from 'react';
import { button, FakeStream, fakeServer, openScreen, until } from '../../test/screen.tsx';

/** An inverter of the command screens' tests, and a fake server that holds its commands and streams them. */
export const SN = 'INV123456789';
export const READ_AT = Date.UTC(2026, 2, 1, 8, 30);

export const DETAIL: DeviceDetail = {
  sn: SN,
  type: 'inverter',
  name: 'Roof inverter',
  model: 'H3-10.0',
  dataloggerSn: '123456789012345',
  plantId: 7,
  plantName: 'Sunny Acres',
  ratedPowerKw: 10,
  firmware: { master: '1.42' },
  status: 1,
  lastSeenAt: READ_AT,
  createdAt: READ_AT - 86_400_000,
  parallelRole: null,
  inverterSn: null,
  writable: true,
  authorisable: true,
};

export function reportedOf(fields: Partial<DeviceSettingsReported> = {}): DeviceSettingsReported {
  return {
    sn: SN,
    connected: true,
    controllable: true,
    timeZone: 'Europe/Berlin',
    settings: {
      WorkMode: { value: 'SelfUse', at: READ_AT },
      MinSoc: { value: 10, at: READ_AT },
      MaxSoc: { value: 50, at: READ_AT },
      ExportLimit: { value: 5, at: READ_AT },
      SchedulePeriods: {
        value: [{ start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 10, fdSoc: 10, fdPwr: 3000, maxSoc: 90 }],
        at: READ_AT,
      },
    },
    intervalSec: null,
    ...fields,
  };
}

export function commandOf(fields: Partial<Command> & Pick<Command, 'id' | 'type'>): Command {
  return {
    sn: SN,
    dataloggerSn: DETAIL.dataloggerSn,
    params: {},
    state: 'queued',
    progress: null,
    result: null,
    error: null,
    createdBy: 'installer',
    createdAt: READ_AT,
    sentAt: null,
    updatedAt: READ_AT,
    expiresAt: READ_AT + 3_600_000,
    finishedAt: null,
    ...fields,
  };
}

/** The device's server: its detail, what it reported, its command history (which the test changes) and its command stream. */
export function deviceServer(reported = reportedOf(), more: Record<string, (body: Record<string, unknown>) => unknown> = {}) {
  const history: Command[] = [];
  const streams: FakeStream[] = [];
  let next = 0;
  const queued = (type: Command['type']) => (body: Record<string, unknown>) => {
    next += 1;
    const id = `00000000-0000-4000-8000-00000000000${next}`;
    const { sn: _sn, settings, ...params } = body;
    history.unshift(commandOf({ id, type, params: (settings as Record<string, unknown>) ?? params }));
    return { commandId: id };
  };
  const server = fakeServer({
    [`/c/v0/device/detail?sn=${SN}`]: () => DETAIL,
    [`/c/v0/device/setting/reported?sn=${SN}`]: () => reported,
    '/c/v0/device/command/list': () => ({ total: history.length, currentPage: 1, pageSize: 10, commands: history }),
    [`/c/v0/device/command/stream?sn=${SN}`]: () => {
      streams.push(new FakeStream());
      return streams.at(-1);
    },
    '/c/v0/device/setting/get': queued('setting.get'),
    '/c/v0/device/setting/set': queued('setting.set'),
    '/c/v0/device/config/set': queued('config.set'),
    '/c/v0/device/reboot': queued('reboot'),
    '/c/v0/device/list': () => ({ total: 1, currentPage: 1, pageSize: 20, devices: [DETAIL] }),
    ...more,
  });
  /** The device's stream tells the screen that commands changed. */
  const tell = (...commands: Command[]) => streams.at(-1)?.push({ commands });
  return { ...server, history, tell, streams };
}

/** Opens a command screen of the inverter, with helpers to find its form's fields, their errors and the open confirmation. */
export async function openDeviceScreen(name: string, buttons: Permission[] = ['modules.configure']) {
  const screen = openScreen(name, { menus: ['device', name], query: { sn: SN }, buttons });
  // The first screen of a run loads its lazy chunk and Ant Design's forms: give it time.
  await until(() => screen.container.textContent?.includes('Roof inverter') === true, 10_000);
  const field = (label: string) =>
    [...screen.container.querySelectorAll<HTMLElement>('.ant-form-item')].find((item) =>
      item.querySelector('label')?.textContent?.startsWith(label),
    );
  const input = (label: string) => field(label)?.querySelector('input') as HTMLInputElement;
  const errors = () => [...screen.container.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
  const confirmPopup = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)');
  const click = (name: string, within: ParentNode = screen.container) => act(() => button(name, within)?.click());
  return { ...screen, field, input, errors, confirmPopup, click };
}
