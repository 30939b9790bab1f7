// @vitest-environment happy-dom
import type { AlarmSummary } from '@sunstack/shared';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { changeLanguage, loadAntdLocale } from '../../../lib/i18n.ts';
import { alarmSummary } from '../../../test/alarms.ts';
import { mount, setUpScreenTests, tableRows, Where } from '../../../test/screen.tsx';
import { AlarmTable } from './AlarmTable.tsx';

const HOUR = 3_600_000;
/** What a 1440 px window leaves the alarm screen's table beside the open menu (measured in Chromium). */
const TABLE_ROOM_AT_1440 = 1088;
const now = Date.UTC(2025, 5, 1, 12);
const alarm = (fields: Partial<AlarmSummary> & { id: number }): AlarmSummary =>
  alarmSummary(fields.id, { raisedAt: now - 2 * HOUR, lastRaisedAt: now - 2 * HOUR, ...fields });

function render(props: Partial<Parameters<typeof AlarmTable>[0]> & { alarms: AlarmSummary[] }) {
  const onAcknowledge = vi.fn();
  const onSelect = vi.fn();
  const { container, unmount } = mount(
    <MemoryRouter>
      <AlarmTable
        view="realtime"
        menus={['alarm', 'inverter-detail', 'device-battery', 'plant-detail']}
        language="en"
        now={now}
        selected={[]}
        onSelect={onSelect}
        onAcknowledge={onAcknowledge}
        {...props}
      />
      <Where />
    </MemoryRouter>,
  );
  return { container, rows: () => tableRows(container), onAcknowledge, onSelect, unmount };
}

describe('alarm table (issue 5)', () => {
  setUpScreenTests();

  it('shows severity, the catalogue name with its code, device, plant, a raised-again count and the acknowledgement', () => {
    const view = render({
      alarms: [
        alarm({ id: 1, occurrences: 3, lastRaisedAt: now - HOUR }),
        alarm({ id: 2, code: 2011, severity: 'warning', subject: 'battery', sn: 'BAT-1' }),
        alarm({ id: 3, code: 9999, subject: 'datalogger', sn: '100000000000001', plantId: null, plantName: '' }),
        alarm({ id: 4, code: 1040, severity: 'warning', acknowledgement: { at: now - HOUR, by: 'demo_admin', comment: 'Fan ordered' } }),
        alarm({ id: 5, source: 'rule', code: 90001, severity: 'warning', subject: 'battery', sn: 'BAT-2' }),
      ],
    });
    const [fault, warning, unknown, acknowledged, rule] = view.rows();
    expect(fault?.querySelector('.ant-tag-error')?.textContent).toBe('Fault');
    expect(fault?.textContent).toContain('Grid overvoltage');
    expect(fault?.textContent).toContain('Code 1001');
    expect(fault?.textContent).toContain('Inverter');
    expect(fault?.textContent).toContain('×3');
    expect(warning?.querySelector('.ant-tag-warning')?.textContent).toBe('Warning');
    expect(warning?.textContent).toContain('Battery');
    // A code the catalogue does not know shows as the raw code; a datalogger has no screen to open.
    expect(unknown?.textContent).toContain('Code 9999');
    expect(unknown?.textContent).toContain('Datalogger');
    expect([...(unknown?.querySelectorAll('a') ?? [])].map((a) => a.textContent)).not.toContain('100000000000001');
    expect(acknowledged?.textContent).toContain('demo_admin');
    expect(acknowledged?.textContent).toContain('Fan ordered');
    // A platform rule's alarm says so.
    expect(rule?.textContent).toContain('Code 90001');
    expect(rule?.textContent).toContain('Platform rule');
    // No "Cleared at" column on the realtime list.
    expect(view.container.querySelector('thead')?.textContent).not.toContain('Cleared at');
    view.unmount();
  });

  it('acknowledges one row from its button, and lets only alarms not yet acknowledged be chosen', () => {
    const view = render({
      alarms: [alarm({ id: 5 }), alarm({ id: 6, acknowledgement: { at: now, by: 'someone', comment: 'Seen' } })],
    });
    const [open, done] = view.rows();
    const button = open?.querySelector<HTMLButtonElement>('button[aria-label="Acknowledge Grid overvoltage on INV-5"]');
    act(() => button?.click());
    expect(view.onAcknowledge).toHaveBeenCalledWith([5]);
    expect(open?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.disabled).toBe(false);
    expect(done?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.disabled).toBe(true);
    expect(done?.querySelector('button[aria-label^="Acknowledge"]')).toBeNull();
    view.unmount();
  });

  it('shows the cleared time on the history list and opens a row to the likely cause, the suggested action and when it last came back', () => {
    const lastRaisedAt = now - 2 * HOUR;
    const view = render({
      view: 'history',
      alarms: [alarm({ id: 7, raisedAt: now - 3 * HOUR, lastRaisedAt, occurrences: 2, clearedAt: now - HOUR })],
    });
    expect(view.container.querySelector('thead')?.textContent).toContain('Cleared at');
    const expand = view.container.querySelector<HTMLButtonElement>('button.ant-table-row-expand-icon');
    act(() => expand?.click());
    const details = view.container.querySelector('.ant-table-expanded-row')?.textContent ?? '';
    expect(details).toContain('Likely cause');
    expect(details).toContain('Suggested action');
    // In the plant's zone, wherever the browser is.
    const lastRaised = formatDateTime(lastRaisedAt, 'en', 'Europe/Berlin');
    expect(details).toContain(`Last raised${lastRaised} (Raised 2 times)`);
    expect(details).toContain('Time zoneEurope/Berlin');
    view.unmount();
  });

  it('fits the history list in the width a 1440 px window leaves it beside the open menu, with every column', () => {
    const view = render({ view: 'history', alarms: [alarm({ id: 9, clearedAt: now - HOUR })] });
    const headings = [...view.container.querySelectorAll('thead th')].map((th) => th.textContent);
    for (const heading of ['Severity', 'Alarm', 'Device', 'Plant', 'Raised at', 'Cleared at', 'Acknowledgement']) {
      expect(headings).toContain(heading);
    }
    // The table's width is the sum of its columns (antd sets it for the sideways scroll of narrow windows).
    const width = Number.parseFloat(view.container.querySelector<HTMLTableElement>('table')?.style.width ?? '');
    expect(width).toBeLessThanOrEqual(TABLE_ROOM_AT_1440);
    view.unmount();
  });

  it('links the device, its plant, and the data around the alarm: the device screen with the history range set', () => {
    const view = render({ view: 'history', alarms: [alarm({ id: 8, raisedAt: now - 3 * HOUR, clearedAt: now - 2 * HOUR })] });
    const link = (text: string) => [...view.container.querySelectorAll('a')].find((a) => a.textContent?.trim() === text);
    const where = () => view.container.querySelector('output')?.textContent;
    act(() => link('INV-8')?.click());
    expect(where()).toBe('/bus/device/inverterDetail?sn=INV-8');
    act(() => link('Freiburg')?.click());
    expect(where()).toBe('/bus/plant/detail?id=3');
    act(() => view.container.querySelector<HTMLButtonElement>('button[aria-label="Data around the alarm"]')?.click());
    expect(where()).toBe(`/bus/device/inverterDetail?sn=INV-8&from=${now - 4 * HOUR}&to=${now - HOUR}`);
    view.unmount();
  });

  it("labels the select-all box and the pager's page size for screen readers in the user's language", async () => {
    await changeLanguage('de');
    try {
      const view = render({ alarms: [alarm({ id: 10 })], language: 'de' });
      expect(view.container.querySelector('thead input[type="checkbox"]')?.getAttribute('aria-label')).toBe('Alle auswählen');
      view.unmount();
      // Ant Design's own German leaves the page size in English.
      expect((await loadAntdLocale('de')).Pagination?.page_size).toBe('Seitengröße');
    } finally {
      await changeLanguage('en');
    }
  });
});
