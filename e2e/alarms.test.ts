import { readFile } from 'node:fs/promises';
import { uplinkTopic } from '@sunstack/shared';
import { DEMO_FLEET_METADATA } from '@sunstack/simulator';
import { describe, expect, it } from 'vitest';
import { firstSheetOf } from '../packages/server/src/test/harness.ts';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();

/** Issue 5: an alarm raised by a device shows in the console within 5 seconds. */
const ALARM_SHOWS_WITHIN_MS = 5_000;

describe('alarms (issue 5)', () => {
  it('shows a fault raised by a device in Realtime, acknowledges it with a comment, and moves it to History when it clears', async () => {
    const freiburg = DEMO_FLEET_METADATA[0] as (typeof DEMO_FLEET_METADATA)[number];
    const inverter = freiburg.devices.find((d) => d.type === 'inverter')?.sn as string;
    const { app } = suite.server;
    // Device events as the datalogger sends them (protocol.md dl/{sn}/up/event), through the ingest.
    const sendEvent = (seq: number, ts: number, state: 'raised' | 'cleared') =>
      app.ingest.receive(
        freiburg.dataloggerSn,
        uplinkTopic(freiburg.dataloggerSn, 'event'),
        Buffer.from(JSON.stringify({ seq, events: [{ ts, device: inverter, code: 1001, state }] })),
      );

    const page = await suite.page({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'demo_admin', '/bus/index');
    await page.goto('/bus/alarm');
    await visible(page.getByText('No active alarms in this period.'));
    await visible(page.getByText(/^Live, refreshing every 4 s/));

    // Raised while the screen is open: the realtime list shows it by itself, within 5 seconds.
    const raisedAt = Date.now();
    await sendEvent(1, raisedAt, 'raised');
    const row = page.locator('tr.ant-table-row', { hasText: inverter });
    await row.getByText('Grid overvoltage').waitFor({ timeout: ALARM_SHOWS_WITHIN_MS });
    await visible(row.getByText('Fault', { exact: true }));
    await visible(row.getByText(freiburg.name));
    await snap(page, 'alarms-realtime');

    // Acknowledge it with a comment.
    await row.getByRole('button', { name: `Acknowledge Grid overvoltage on ${inverter}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarms' });
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await visible(dialog.getByText('This field is required.'));
    await dialog.getByLabel('Comment').fill('Grid operator informed');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await visible(row.getByText('Grid operator informed'));
    await visible(row.getByText('demo_admin'));
    await expect(row.getByRole('button', { name: /^Acknowledge / }).count()).resolves.toBe(0);

    // Its likely cause and suggested action.
    await row.getByRole('button', { name: 'Expand row' }).click();
    await visible(page.getByText('Likely cause'));
    await visible(page.getByText('Suggested action'));

    // Cleared by the device: it leaves Realtime by itself, and History shows it with its acknowledgement.
    const clearedAt = raisedAt + 2_000;
    await sendEvent(2, clearedAt, 'cleared');
    await row.waitFor({ state: 'detached', timeout: ALARM_SHOWS_WITHIN_MS });
    await visible(page.getByText('No active alarms in this period.'));
    await page.getByRole('tab', { name: 'History' }).click();
    const cleared = page.locator('tr.ant-table-row', { hasText: inverter });
    await visible(cleared.getByText('Grid overvoltage'));
    await visible(cleared.getByText('Grid operator informed'));
    await visible(page.getByRole('columnheader', { name: 'Cleared at' }));
    await snap(page, 'alarms-history');

    // The history list to xlsx, with the filters shown.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('alarms-history.xlsx');
    const sheet = await firstSheetOf(await readFile(await download.path()));
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining([1001, 'Grid overvoltage', inverter, 'Grid operator informed']));

    // The data around the alarm: the device's detail with its history from an hour before to an hour after.
    await cleared.getByRole('button', { name: 'Data around the alarm' }).click();
    await page.waitForURL((url) => url.pathname === '/bus/device/inverterDetail');
    const address = new URL(page.url()).searchParams;
    expect(address.get('sn')).toBe(inverter);
    expect(Number(address.get('from'))).toBe(raisedAt - 3_600_000);
    expect(Number(address.get('to'))).toBeLessThanOrEqual(Date.now());
    expect(Number(address.get('to'))).toBeGreaterThan(clearedAt);
    // The range reads to the minute in the plant's zone.
    const berlin = (ms: number) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(ms);
    const period = page.locator('.ant-picker-range').filter({ visible: true }).locator('input');
    await expect.poll(() => period.first().inputValue()).toBe(berlin(raisedAt - 3_600_000));
    await expect.poll(() => period.last().inputValue()).toBe(berlin(Number(address.get('to'))));
    await snap(page, 'alarms-data-around');
  });
});
