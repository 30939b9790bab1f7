// @vitest-environment happy-dom
import { Errno, type FaultRecordResult } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { button, fakeServer, openScreen, refusal, setUpScreenTests, tableRows, until } from '../../../test/screen.tsx';

const DAY = 86_400_000;

/** A fleet where the inverters of model H6 fail far more often than those of C15. */
const RECORD: FaultRecordResult = {
  total: { alarms: 60, occurrences: 75, devices: 40 },
  codes: {
    groups: 2,
    rows: [
      { code: 1001, severity: 'fault', alarms: 50, occurrences: 60, devices: 31 },
      { code: 9999, severity: 'fault', alarms: 10, occurrences: 15, devices: 9 },
    ],
  },
  models: {
    groups: 2,
    rows: [
      { subject: 'inverter', model: 'H6', alarms: 50, occurrences: 60, devices: 30, fleetDevices: 100 },
      { subject: 'inverter', model: 'C15', alarms: 10, occurrences: 15, devices: 10, fleetDevices: 900 },
    ],
  },
  firmware: {
    groups: 1,
    rows: [{ subject: 'inverter', version: '1.42', alarms: 60, occurrences: 75, devices: 40, fleetDevices: 1_000 }],
  },
};

/** The server as the screen sees it: one answer for the fault record, and the body of every call for it. */
function recordServer() {
  const server = fakeServer({ '/c/v0/alarm/faultRecord': () => RECORD });
  return { records: () => server.bodies('/c/v0/alarm/faultRecord') };
}

async function openFaultRecord() {
  const screen = openScreen('fault-record', { menus: ['alarm', 'fault-record'] });
  const { container } = screen;
  const rows = () => tableRows(container);
  // The first screen of a run loads its lazy chunk and Ant Design's tables: give it time.
  await until(() => rows().length > 0, 10_000);
  const show = async (dimension: string) => {
    const option = [...container.querySelectorAll<HTMLElement>('.ant-segmented-item')].find((item) => item.textContent === dimension);
    act(() => option?.click());
    await until(
      () => container.querySelector('thead')?.textContent?.includes(dimension === 'By code' ? 'Severity' : 'Share affected') === true,
    );
  };
  return { ...screen, rows, show };
}

describe('fault record screen (issue 5)', () => {
  setUpScreenTests();

  it('asks for the last 7 days and shows the codes by name, an unknown one by its number, with the totals', async () => {
    const server = recordServer();
    const screen = await openFaultRecord();
    const [first] = server.records();
    expect(Object.keys(first ?? {}).sort()).toEqual(['begin', 'end']);
    expect(Number(first?.end) - Number(first?.begin)).toBe(7 * DAY);
    expect(screen.rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Grid overvoltage'),
      expect.stringContaining('Code 9999'),
    ]);
    expect(screen.container.textContent).toContain('60 alarms, 75 occurrences, 40 devices affected');
    screen.unmount();
  }, 15_000);

  it('shows models with the share of their fleet affected, the one far above its type in red, and narrows to a model', async () => {
    const server = recordServer();
    const screen = await openFaultRecord();
    await screen.show('By model');
    const [h6, c15] = screen.rows();
    expect(h6?.textContent).toContain('30%');
    expect(c15?.textContent).toContain('1.1%');
    // Inverters: 40 of 1,000 affected on average (4 %); H6 at 30 % stands out, C15 does not.
    expect(h6?.querySelector('.ant-progress-status-exception')).not.toBeNull();
    expect(c15?.querySelector('.ant-progress-status-exception')).toBeNull();

    act(() => h6?.querySelector<HTMLElement>('[aria-label="Show only model H6"]')?.click());
    await until(() => server.records().some((body) => body.model === 'H6'));
    expect(server.records().at(-1)).toMatchObject({ subject: 'inverter', model: 'H6' });
    // Back on the codes, with the model in its box.
    await until(() => screen.container.querySelector('thead')?.textContent?.includes('Severity') === true);
    expect(screen.container.querySelector<HTMLInputElement>('input[aria-label="Model"]')?.value).toBe('H6');
    screen.unmount();
  }, 15_000);

  it('opens the alarms of a code raised in the same range on the alarm screen', async () => {
    const server = recordServer();
    const screen = await openFaultRecord();
    act(() => screen.container.querySelector<HTMLElement>('[aria-label="Open the alarms of code 1001"]')?.click());
    await until(() => screen.where()?.startsWith('/bus/alarm?') === true);
    const query = new URLSearchParams(screen.where()?.split('?')[1]);
    expect(query.get('code')).toBe('1001');
    const [first] = server.records();
    // The same rolling range (it ends a moment later).
    expect(Number(query.get('end')) - Number(query.get('begin'))).toBe(7 * DAY);
    expect(Number(query.get('begin'))).toBeGreaterThanOrEqual(Number(first?.begin));
    screen.unmount();
  }, 15_000);

  it('says a refused record (no error record query) where it would be, not as an empty table, and offers no export', async () => {
    fakeServer({ '/c/v0/alarm/faultRecord': () => refusal(Errno.noPermission) });
    const screen = openScreen('fault-record', { menus: ['alarm', 'fault-record'] });
    await until(() => screen.container.textContent?.includes('This could not be loaded.') === true, 10_000);
    expect(tableRows(screen.container)).toEqual([]);
    expect(button('Export to Excel', screen.container)).toBeUndefined();
    screen.unmount();
  });
});
