// @vitest-environment happy-dom
import type { AlarmSummary } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { alarmSummary as alarm, alarmQueryAnswer } from '../../../test/alarms.ts';
import { userInfoOf } from '../../../test/fixtures.ts';
import { fakeServer, openScreen, setUpScreenTests, sleep, until } from '../../../test/screen.tsx';
import { HOME_REFRESH_MS } from '../api/fleetSummary.ts';
import { LATEST_ALARMS_SHOWN } from './LatestAlarmsCard.tsx';

/** The server as the home screen sees it: the account, the alarms it answers now (newest raised first), and every alarm query. */
function homeServer(alarms: AlarmSummary[]) {
  const server = fakeServer({
    '/c/v0/user/info': () => userInfoOf({ countryName: '' }),
    '/c/v0/alarm/query': (body) => alarmQueryAnswer(alarms, body),
  });
  return { alarms, queries: () => server.bodies('/c/v0/alarm/query') };
}

/** Opens the home tab as an account reaching `menus`, and waits for the welcome. */
async function openHome(menus: string[]) {
  const screen = openScreen('index', { menus });
  const { container } = screen;
  await until(() => container.textContent?.includes('Welcome, Demo Admin') ?? false);
  const card = () =>
    [...container.querySelectorAll<HTMLElement>('.ant-card')].find((c) =>
      c.querySelector('.ant-card-head')?.textContent?.startsWith('Latest alarms'),
    );
  const rows = () => [...(card()?.querySelectorAll<HTMLElement>('li') ?? [])];
  const link = (text: string) => [...container.querySelectorAll('a')].find((a) => a.textContent?.trim() === text);
  return { ...screen, card, rows, link };
}

describe('latest alarms on the home screen (issue 4)', () => {
  setUpScreenTests();

  it('lists the newest active alarms in scope: severity, name (the raw code where the catalogue lacks it), plant, device link, how long ago', async () => {
    const server = homeServer([
      alarm(1),
      alarm(2, { code: 9999, severity: 'warning', subject: 'battery', sn: 'BAT-2' }),
      alarm(3, { subject: 'datalogger', sn: '100000000000001', plantId: null, plantName: '' }),
      ...[4, 5, 6, 7, 8].map((id) => alarm(id)),
      alarm(9, { clearedAt: Date.now() }),
    ]);
    const home = await openHome(['alarm', 'inverter-detail', 'device-battery']);
    await until(() => home.rows().length > 0);
    // Every active alarm, however old: no raised-at range, the first page, newest first.
    const [first] = server.queries();
    expect(first).toEqual({ view: 'realtime', currentPage: 1, pageSize: 10 });
    expect(home.card()?.querySelector('.ant-card-head')?.textContent).toContain('Active: 8');

    const rows = home.rows();
    expect(rows).toHaveLength(LATEST_ALARMS_SHOWN);
    for (const [i, sn] of ['INV-1', 'BAT-2', '100000000000001', 'INV-4', 'INV-5', 'INV-6'].entries())
      expect(rows[i]?.textContent).toContain(sn);
    const [fault, unknown, datalogger] = rows;
    expect(fault?.querySelector('.ant-tag-error')?.textContent).toBe('Fault');
    expect(fault?.textContent).toContain('Grid overvoltage');
    expect(fault?.textContent).toContain('Freiburg');
    expect(fault?.textContent).toContain('1 minute ago');
    expect(unknown?.querySelector('.ant-tag-warning')?.textContent).toBe('Warning');
    expect(unknown?.textContent).toContain('Code 9999');
    expect(unknown?.textContent).toContain('2 minutes ago');
    // A datalogger has no screen of its own: its SN is not a link.
    expect(datalogger?.textContent).toContain('100000000000001');
    expect(home.link('100000000000001')).toBeUndefined();

    // The device opens on its screen (a battery on the battery view); "View all" opens the alarm screen.
    act(() => home.link('INV-1')?.click());
    expect(home.where()).toBe('/bus/device/inverterDetail?sn=INV-1');
    act(() => home.link('BAT-2')?.click());
    expect(home.where()).toBe('/bus/device/battery?sn=BAT-2');
    act(() => home.link('View all')?.click());
    expect(home.where()).toBe('/bus/alarm');
  });

  it('says calmly that nothing is active, and shows a new alarm at the home screen refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = homeServer([]);
    const home = await openHome(['alarm', 'inverter-detail']);
    await until(() => home.card()?.textContent?.includes('No active alarms') ?? false);
    expect(home.rows()).toHaveLength(0);
    expect(home.card()?.querySelector('.ant-card-head')?.textContent).not.toContain('Active:');

    server.alarms.push(alarm(1, { raisedAt: Date.now(), code: 1040, severity: 'warning' }));
    await act(() => vi.advanceTimersByTimeAsync(HOME_REFRESH_MS));
    await until(() => home.rows().length === 1);
    expect(home.rows()[0]?.textContent).toContain('Fan fault');
    expect(server.queries()).toHaveLength(2);
  });

  it('is not shown to an account without the alarm screen, which is not asked for alarms', async () => {
    const server = homeServer([alarm(1)]);
    const home = await openHome(['user-center', 'integrator-alarm', 'integrator-device-list']);
    await act(() => sleep(100));
    expect(home.card()).toBeUndefined();
    expect(home.container.textContent).not.toContain('Latest alarms');
    expect(server.queries()).toHaveLength(0);
  });
});
