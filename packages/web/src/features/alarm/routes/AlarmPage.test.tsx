// @vitest-environment happy-dom
import type { AlarmSummary } from '@sunstack/shared';
import { message } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TabHost } from '../../../app/tabs/TabHost.tsx';
import { useTabStore } from '../../../app/tabs/tabStore.ts';
import { useClientStore } from '../../../lib/clientStore.ts';
import { initI18n, loadConsoleStrings } from '../../../lib/i18n.ts';
import { QueryProvider } from '../../../lib/queryClient.tsx';
import { REALTIME_REFRESH_MS } from '../components/AlarmList.tsx';

// React asks for this flag before it lets act() flush updates outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = Date.now();
const alarm = (id: number, fields: Partial<AlarmSummary> = {}): AlarmSummary => ({
  id,
  source: 'device',
  code: 1001,
  severity: 'fault',
  subject: 'inverter',
  sn: `INV-${id}`,
  dataloggerSn: '100000000000001',
  plantId: 3,
  plantName: 'Freiburg',
  raisedAt: now - id * 60_000,
  lastRaisedAt: now - id * 60_000,
  clearedAt: null,
  occurrences: 1,
  acknowledgement: null,
  ...fields,
});

/** The server as the screen sees it: the alarms it answers now, and every call's body. */
function fakeServer(alarms: AlarmSummary[]) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const answer = (result: unknown) =>
    new Response(JSON.stringify({ errno: 0, result }), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      if (path === '/c/v0/alarm/query') {
        const shown = alarms.filter((a) => (body.view === 'realtime' ? a.clearedAt === null : a.clearedAt !== null));
        return answer({ total: shown.length, totalCapped: false, currentPage: body.currentPage, pageSize: body.pageSize, alarms: shown });
      }
      if (path === '/c/v0/alarm/ack') {
        for (const a of alarms)
          if ((body.ids as number[]).includes(a.id)) a.acknowledgement = { at: Date.now(), by: 'me', comment: String(body.comment) };
        return answer({});
      }
      if (path === '/c/v0/plant/list') return answer({ total: 1, currentPage: 1, pageSize: 20, plants: [{ id: 3, name: 'Freiburg' }] });
      return answer({});
    }),
  );
  return { alarms, calls, queries: () => calls.filter((c) => c.path === '/c/v0/alarm/query') };
}

/** Types into an input as a person does (React listens to the native input event). */
function type(input: HTMLTextAreaElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function until(check: () => boolean, ms = 3_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await act(() => sleep(25));
  }
}

/** Screens still mounted: unmounted after each test even when it failed, before the fake server goes. */
const mounted = new Set<() => void>();

/** Opens the screen and waits for the rows the server has (the query cache is the app's one, shared by the tests). */
async function openAlarmScreen(expectedRows: number, query: Record<string, string> = {}) {
  useClientStore.setState({ token: 'token', access: 255, language: 'en', tabView: false, menus: ['alarm', 'plant', 'inverter-detail'] });
  useTabStore.getState().open({ id: 'alarm', name: 'alarm', title: 'alarm', path: '/bus/alarm', query });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryProvider>
        <MemoryRouter>
          <TabHost />
        </MemoryRouter>
      </QueryProvider>,
    ),
  );
  const rows = () => [...container.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row')];
  await until(() => rows().length === expectedRows);
  const button = (name: string) =>
    [...document.body.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement;
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
  };
  mounted.add(unmount);
  return { container, rows, button, unmount };
}

describe('alarm screen (issue 5)', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadConsoleStrings();
  });
  afterEach(async () => {
    for (const unmount of [...mounted]) unmount();
    // Toasts (antd's message, outside the screen's root) would go on animating after the test.
    act(() => message.destroy());
    // Let calls already on their way reach the fake server before it goes: no refresh may hit the network.
    await act(() => sleep(50));
    vi.unstubAllGlobals();
    useTabStore.getState().reset();
  });

  it('asks for every active alarm, filtered by the plant of the address, and refreshes by itself without a spinner', async () => {
    const server = fakeServer([alarm(1)]);
    const screen = await openAlarmScreen(1, { plantId: '3' });
    const [first] = server.queries();
    expect(first?.body).toMatchObject({ view: 'realtime', plantId: 3, currentPage: 1, pageSize: 10 });
    // No raised-at range: an alarm raised weeks ago and still active stays in view.
    expect(first?.body).not.toHaveProperty('begin');
    expect(first?.body).not.toHaveProperty('end');
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
    expect(server.queries().at(-1)?.body).not.toHaveProperty('begin');
    screen.unmount();
  }, 15_000);

  it('keeps the two lists apart: History asks for cleared alarms of the last 7 days, Realtime keeps its active ones', async () => {
    const server = fakeServer([alarm(1), alarm(2, { code: 1040, severity: 'warning', clearedAt: now - 60_000 })]);
    const screen = await openAlarmScreen(1);
    expect(screen.rows().map((row) => row.textContent)).toEqual([expect.stringContaining('Grid overvoltage')]);
    const historyTab = [...screen.container.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === 'History');
    act(() => historyTab?.click());
    await until(() => screen.rows().length === 2);
    const history = server.queries().at(-1)?.body as { view: string; begin: number; end: number };
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
    const server = fakeServer([alarm(1), alarm(2)]);
    const screen = await openAlarmScreen(2);
    const checkbox = screen.rows()[1]?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    act(() => checkbox?.click());
    act(() => screen.button('Acknowledge (1)').click());
    await until(() => document.querySelector('.ant-modal textarea') !== null);

    // No comment: the form says so and nothing is sent.
    act(() => document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')?.click());
    await until(() => document.querySelector('.ant-modal')?.textContent?.includes('This field is required.') === true);
    expect(server.calls.some((c) => c.path === '/c/v0/alarm/ack')).toBe(false);

    type(document.querySelector('.ant-modal textarea') as HTMLTextAreaElement, '  Technician informed  ');
    act(() => document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')?.click());
    await until(() => server.calls.some((c) => c.path === '/c/v0/alarm/ack'));
    expect(server.calls.find((c) => c.path === '/c/v0/alarm/ack')?.body).toEqual({ ids: [2], comment: 'Technician informed' });
    await until(() => screen.rows()[1]?.textContent?.includes('Technician informed') === true);
    expect(screen.rows()[0]?.textContent).not.toContain('Technician informed');
    screen.unmount();
  }, 15_000);
});
