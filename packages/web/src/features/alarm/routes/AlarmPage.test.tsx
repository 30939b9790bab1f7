// @vitest-environment happy-dom
import type { AlarmSummary } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { alarmSummary as alarm, alarmQueryAnswer } from '../../../test/alarms.ts';
import { plantSummaryOf } from '../../../test/fixtures.ts';
import { button, fakeServer, openScreen, setUpScreenTests, sleep, tableRows, type, until } from '../../../test/screen.tsx';
import { REALTIME_REFRESH_MS } from '../components/AlarmList.tsx';

const now = Date.now();

/** The server as the screen sees it: the alarms it answers now (acknowledging changes them), and every call's body. */
function alarmServer(alarms: AlarmSummary[]) {
  const server = fakeServer({
    '/c/v0/alarm/query': (body) => alarmQueryAnswer(alarms, body),
    '/c/v0/alarm/ack': (body) => {
      for (const a of alarms)
        if ((body.ids as number[]).includes(a.id)) a.acknowledgement = { at: Date.now(), by: 'me', comment: String(body.comment) };
    },
    '/c/v0/plant/list': () => ({ total: 1, currentPage: 1, pageSize: 20, plants: [plantSummaryOf({ id: 3, name: 'Freiburg' })] }),
  });
  return { alarms, acks: () => server.bodies('/c/v0/alarm/ack'), queries: () => server.bodies('/c/v0/alarm/query') };
}

/** Opens the screen and waits for the rows the server has. */
async function openAlarmScreen(expectedRows: number, query: Record<string, string> = {}) {
  const screen = openScreen('alarm', { menus: ['alarm', 'plant', 'inverter-detail'], query });
  const rows = () => tableRows(screen.container);
  await until(() => rows().length === expectedRows);
  return { ...screen, rows };
}

describe('alarm screen (issue 5)', () => {
  setUpScreenTests();

  it('asks for every active alarm, filtered by the plant of the address, and refreshes by itself without a spinner', async () => {
    const server = alarmServer([alarm(1)]);
    const screen = await openAlarmScreen(1, { plantId: '3' });
    const [first] = server.queries();
    expect(first).toMatchObject({ view: 'realtime', plantId: 3, currentPage: 1, pageSize: 10 });
    // No raised-at range: an alarm raised weeks ago and still active stays in view.
    expect(first).not.toHaveProperty('begin');
    expect(first).not.toHaveProperty('end');
    expect(screen.rows()).toHaveLength(1);

    // A new alarm arrives at the server: the list shows it at the next refresh, never blanking or spinning meanwhile.
    server.alarms.push(alarm(2, { severity: 'warning', code: 1040 }));
    let spun = false;
    let blank = false;
    const deadline = Date.now() + REALTIME_REFRESH_MS + 2_000;
    while (screen.rows().length < 2 && Date.now() < deadline) {
      spun ||= screen.container.querySelector('.ant-table .ant-spin-spinning') !== null;
      blank ||= screen.rows().length === 0;
      await act(() => sleep(50));
    }
    expect(screen.rows()).toHaveLength(2);
    expect(spun).toBe(false);
    expect(blank).toBe(false);
    // Every refresh asks again for all active alarms.
    expect(server.queries().length).toBeGreaterThan(1);
    expect(server.queries().at(-1)).not.toHaveProperty('begin');
    screen.unmount();
  }, 15_000);

  it('keeps the two lists apart: History asks for cleared alarms of the last 7 days, Realtime keeps its active ones', async () => {
    const server = alarmServer([alarm(1), alarm(2, { code: 1040, severity: 'warning', clearedAt: now - 60_000 })]);
    const screen = await openAlarmScreen(1);
    expect(screen.rows().map((row) => row.textContent)).toEqual([expect.stringContaining('Grid overvoltage')]);
    const historyTab = [...screen.container.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === 'History');
    act(() => historyTab?.click());
    await until(() => screen.rows().length === 2);
    const history = server.queries().at(-1) as { view: string; begin: number; end: number };
    expect(history.view).toBe('history');
    expect(history.end - history.begin).toBe(7 * 86_400_000);
    const [realtimeList, historyList] = [...screen.container.querySelectorAll('.ant-table')];
    expect(realtimeList?.textContent).toContain('Grid overvoltage');
    expect(realtimeList?.textContent).not.toContain('Fan fault');
    expect(historyList?.textContent).toContain('Fan fault');
    expect(historyList?.textContent).not.toContain('Grid overvoltage');
    expect(historyList?.querySelector('thead')?.textContent).toContain('Cleared at');
    screen.unmount();
  });

  it('acknowledges the chosen alarms with a required comment, then shows who acknowledged', async () => {
    const server = alarmServer([alarm(1), alarm(2)]);
    const screen = await openAlarmScreen(2);
    const checkbox = screen.rows()[1]?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    act(() => checkbox?.click());
    act(() => button('Acknowledge (1)')?.click());
    await until(() => document.querySelector('.ant-modal textarea') !== null);

    // No comment: the form says so and nothing is sent.
    act(() => document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')?.click());
    await until(() => document.querySelector('.ant-modal')?.textContent?.includes('This field is required.') === true);
    expect(server.acks()).toEqual([]);

    type(document.querySelector('.ant-modal textarea') as HTMLTextAreaElement, '  Technician informed  ');
    act(() => document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')?.click());
    await until(() => server.acks().length > 0);
    expect(server.acks()).toEqual([{ ids: [2], comment: 'Technician informed' }]);
    await until(() => screen.rows()[1]?.textContent?.includes('Technician informed') === true);
    expect(screen.rows()[0]?.textContent).not.toContain('Technician informed');
    screen.unmount();
  }, 15_000);
});
