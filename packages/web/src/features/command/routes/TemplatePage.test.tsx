// @vitest-environment happy-dom
import type { Template } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { button, fakeServer, openScreen, setUpScreenTests, tableRows, type, until } from '../../../test/screen.tsx';
import { READ_AT } from '../testDevice.ts';

const NIGHT: Template = {
  id: 5,
  name: 'Night charge',
  strategy: {
    WorkMode: 'TimePeriods',
    MinSoc: 20,
    SchedulePeriods: [{ start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 20, fdSoc: 20, fdPwr: 3000, maxSoc: 90 }],
    PricePeriods: [{ start: '23:00', end: '06:00', kind: 'valley', price: 0.12 }],
  },
  writable: true,
  createdBy: 'admin',
  createdAt: READ_AT,
  updatedAt: READ_AT,
};

function templateServer() {
  return fakeServer({
    '/c/v0/template/list': () => ({
      total: 1,
      currentPage: 1,
      pageSize: 10,
      templates: [NIGHT, { ...NIGHT, id: 6, name: 'Colleague', writable: false }],
    }),
    '/c/v0/template/create': () => ({ id: 9 }),
    '/c/v0/template/update': () => ({}),
    '/c/v0/template/delete': () => ({}),
  });
}

const drawer = () => document.querySelector('.ant-drawer-open') as HTMLElement;
const drawerInput = (label: string) =>
  [...drawer().querySelectorAll('.ant-form-item')]
    .find((item) => item.querySelector('label')?.textContent === label)
    ?.querySelector('input') as HTMLInputElement;
const errors = () => [...drawer().querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);

describe('template screen (issue 18)', () => {
  setUpScreenTests();

  it('lists the templates, saves a new one only once its periods are valid, and deletes after a confirmation', async () => {
    const server = templateServer();
    const screen = openScreen('template', { menus: ['template', 'group-remote'], buttons: ['template.configure'] });
    await until(() => tableRows(screen.container).length === 2);
    expect(tableRows(screen.container)[0]?.textContent).toContain('Work mode By time periods, Minimum SoC 20 %, time periods: 1');
    // A colleague's template is shown, not changed.
    expect(tableRows(screen.container)[1]?.textContent).toContain('View');
    expect(button('Delete', tableRows(screen.container)[1])).toBeUndefined();

    act(() => button('New template', screen.container)?.click());
    await until(() => drawer() !== null && drawerInput('Template name') !== undefined);
    type(drawerInput('Template name'), 'Evening');
    act(() => button('Add time period', drawer())?.click());
    act(() => button('Add time period', drawer())?.click());
    await until(() => drawer().querySelectorAll('fieldset').length === 2);
    // The second starts where the first ends; moved an hour earlier, they overlap.
    const second = drawer().querySelectorAll('fieldset')[1] as HTMLElement;
    type(second.querySelector('input[type="time"]') as HTMLInputElement, '01:00');
    act(() => button('Save template', drawer())?.click());
    await until(() => errors().includes('Time periods must not overlap'));
    expect(server.bodies('/c/v0/template/create')).toEqual([]);
    type(second.querySelector('input[type="time"]') as HTMLInputElement, '02:00');
    act(() => button('Save template', drawer())?.click());
    await until(() => server.bodies('/c/v0/template/create').length === 1);
    expect(server.bodies('/c/v0/template/create')[0]).toMatchObject({
      name: 'Evening',
      strategy: {
        WorkMode: 'TimePeriods',
        MinSoc: 10,
        PricePeriods: [],
        SchedulePeriods: [
          { start: '00:00', end: '02:00', mode: 'ForceCharge' },
          { start: '02:00', end: '04:00', mode: 'ForceCharge' },
        ],
      },
    });

    act(() => button('Delete', tableRows(screen.container)[0])?.click());
    await until(() => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)')?.textContent?.includes('Night charge') === true);
    act(() => button('Delete', document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as ParentNode)?.click());
    await until(() => server.bodies('/c/v0/template/delete').length === 1);
    expect(server.bodies('/c/v0/template/delete')).toEqual([{ id: 5 }]);
    screen.unmount();
  }, 60_000);

  it('offers no new template without template configuration (the server marks every template read-only then)', async () => {
    fakeServer({
      '/c/v0/template/list': () => ({ total: 1, currentPage: 1, pageSize: 10, templates: [{ ...NIGHT, writable: false }] }),
    });
    const screen = openScreen('template', { menus: ['template', 'group-remote'] });
    await until(() => tableRows(screen.container).length === 1);
    expect(button('New template', screen.container)).toBeUndefined();
    expect(button('Delete', tableRows(screen.container)[0])).toBeUndefined();
    expect(tableRows(screen.container)[0]?.textContent).toContain('View');
    screen.unmount();
  });
});
