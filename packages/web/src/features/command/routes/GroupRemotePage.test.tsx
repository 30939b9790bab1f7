// @vitest-environment happy-dom
import type { Batch, Template } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { plantSummaryOf } from '../../../test/fixtures.ts';
import { button, FakeStream, fakeServer, openScreen, setUpScreenTests, until } from '../../../test/screen.tsx';
import { commandOf, READ_AT } from '../testDevice.ts';

const BATCH_ID = '00000000-0000-4000-8000-0000000000b1';
const TEMPLATE: Template = {
  id: 5,
  name: 'Night charge',
  strategy: { WorkMode: 'TimePeriods', MinSoc: 20, SchedulePeriods: [], PricePeriods: [] },
  writable: true,
  createdBy: 'admin',
  createdAt: READ_AT,
  updatedAt: READ_AT,
};
const batchOf = (counts: Partial<Batch['counts']> = {}): Batch => ({
  id: BATCH_ID,
  target: { kind: 'plants', label: '2' },
  templateName: 'Night charge',
  settings: { MinSoc: 20 },
  refused: 1,
  withoutBattery: 2,
  counts: { total: 3, done: 0, failed: 0, cancelled: 0, waiting: 3, ...counts },
  createdBy: 'admin',
  createdAt: READ_AT,
});

function batchServer() {
  const batches: Batch[] = [];
  const streams: FakeStream[] = [];
  const server = fakeServer({
    '/c/v0/template/list': () => ({ total: 1, currentPage: 1, pageSize: 20, templates: [TEMPLATE] }),
    '/c/v0/plant/list': () => ({ total: 1, currentPage: 1, pageSize: 20, plants: [plantSummaryOf({ id: 7, name: 'Sunny Acres' })] }),
    '/c/v0/device/batch/list': () => ({ total: batches.length, currentPage: 1, pageSize: 10, batches }),
    '/c/v0/device/batch/create': () => {
      batches.unshift(batchOf());
      return { batchId: BATCH_ID, commands: 3, refused: 1, withoutBattery: 2 };
    },
    [`/c/v0/device/batch/stream?id=${BATCH_ID}`]: () => {
      streams.push(new FakeStream());
      return streams.at(-1);
    },
    '/c/v0/device/batch/retry': () => ({ commands: 1 }),
    '/c/v0/device/batch/cancel': () => ({ commands: 2 }),
    '/c/v0/device/command/list': () => ({
      total: 1,
      currentPage: 1,
      pageSize: 10,
      commands: [commandOf({ id: '00000000-0000-4000-8000-000000000001', type: 'setting.set', state: 'failed', error: 'battery busy' })],
    }),
  });
  return { ...server, push: (batch: Batch) => streams.at(-1)?.push(batch) };
}

/** Opens an antd Select and picks the option that reads `label`. */
async function choose(select: Element, label: string) {
  act(() => {
    select.querySelector('input')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const option = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent === label);
  await until(() => option() !== undefined);
  act(() => option()?.click());
}

describe('group remote screen (issue 18)', () => {
  setUpScreenTests();

  it('sends a template to the plants chosen after a confirmation, says what was refused, and follows the batch live', async () => {
    const server = batchServer();
    const screen = openScreen('group-remote', { menus: ['group-remote'], query: { template: '5' } });
    await until(() => screen.container.textContent?.includes('Send a template') === true);
    await until(() => screen.container.textContent?.includes('Night charge') === true);
    const plants = screen.container.querySelector('[aria-label="Plants"]')?.closest('.ant-select') as Element;
    await choose(plants, 'Sunny Acres');
    act(() => button('Send', screen.container)?.click());
    const popup = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)');
    await until(() => popup()?.textContent?.includes('Send “Night charge” to every inverter you may operate there?') === true);
    expect(server.bodies('/c/v0/device/batch/create')).toEqual([]);
    act(() => button('Send', popup() as ParentNode)?.click());
    await until(() => server.bodies('/c/v0/device/batch/create').length === 1);
    expect(server.bodies('/c/v0/device/batch/create')).toEqual([{ target: { kind: 'plants', plantIds: [7] }, templateId: 5 }]);
    await until(() => screen.container.textContent?.includes('Commands made: 3') === true);
    expect(screen.container.textContent).toContain(
      'Not sent to 1 (out of your scope or without control rights). Not sent to 2 inverters without a battery: the settings are battery settings.',
    );

    // The batch's stream: its counts as the devices answer.
    await until(() => screen.container.querySelector('[role="group"][aria-label="Progress"]') === null);
    server.push(batchOf());
    const stats = () => screen.container.querySelector('[role="group"][aria-label="Progress"]')?.textContent ?? '';
    await until(() => stats().includes('Devices3'));
    server.push(batchOf({ done: 1, failed: 1, waiting: 1 }));
    await until(() => stats() === 'Devices3Done1Failed1Waiting1');
    expect(screen.container.textContent).toContain('1 of 3 done, 1 failed, 1 waiting · refused: 1 · no battery: 2');
    expect(screen.container.textContent).toContain('battery busy');
    act(() => button('Send the failed again (1)', screen.container)?.click());
    await until(() => server.bodies('/c/v0/device/batch/retry').length === 1);
    expect(server.bodies('/c/v0/device/batch/retry')).toEqual([{ id: BATCH_ID }]);
    act(() => button('Cancel those not sent yet', screen.container)?.click());
    await until(() => server.bodies('/c/v0/device/batch/cancel').length === 1);
    server.push(batchOf({ done: 2, failed: 0, cancelled: 1, waiting: 0 }));
    await until(() => stats() === 'Devices3Done2Failed0Waiting0');
    await until(() => button('Cancel those not sent yet', screen.container)?.disabled === true);
    screen.unmount();
  }, 60_000);

  it('sends nothing before a template and a target are chosen', async () => {
    const server = batchServer();
    const screen = openScreen('group-remote', { menus: ['group-remote'] });
    await until(() => screen.container.textContent?.includes('Send a template') === true);
    expect(button('Send', screen.container)?.disabled).toBe(true);
    expect(server.bodies('/c/v0/device/batch/create')).toEqual([]);
    // No group choice without group management.
    expect(screen.container.textContent).not.toContain('Group');
    screen.unmount();
  }, 40_000);
});
