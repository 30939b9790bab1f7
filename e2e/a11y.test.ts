import { AxeBuilder } from '@axe-core/playwright';
import { HOME_PATH, LOGIN_PATH, uplinkTopic } from '@sunstack/shared';
import { DEMO_FLEET_METADATA } from '@sunstack/simulator';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const BLOCKING = ['serious', 'critical'];

/**
 * Runs axe-core on the page as it is and answers its serious and critical violations, one line
 * per rule and element. The full list (with help links) is printed, so a failure says what to fix.
 */
async function blockingViolations(page: Page, name: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => BLOCKING.includes(violation.impact ?? ''));
  if (blocking.length > 0) {
    const report = blocking.flatMap((violation) => [
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})`,
      ...violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
    ]);
    console.log(`axe: ${blocking.length} serious/critical rule(s) violated on ${name}:\n${report.join('\n')}`);
  }
  return blocking.flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')}`));
}

describe('accessibility (axe-core)', () => {
  it('the sign-in page has no serious or critical violation', async () => {
    const page = await suite.page();
    await page.goto(LOGIN_PATH);
    await visible(page.getByRole('heading', { name: 'Sign in', level: 1 }));
    await visible(page.getByRole('button', { name: 'Sign in', exact: true }));
    await snap(page, 'axe-login');
    expect(await blockingViolations(page, LOGIN_PATH)).toEqual([]);
  });

  it('the home page (signed in) has no serious or critical violation', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo Admin' }));
    await visible(page.getByRole('cell', { name: 'Role : Administrator' }));
    await snap(page, 'axe-home');
    expect(await blockingViolations(page, HOME_PATH)).toEqual([]);
  });

  it('status and severity tags (home, alarm screen) and the alarm filters are readable: no serious or critical violation', async () => {
    // A fault and a warning, raised by a device through the ingest, so both severities are on screen.
    const freiburg = DEMO_FLEET_METADATA[0] as (typeof DEMO_FLEET_METADATA)[number];
    const inverter = freiburg.devices.find((d) => d.type === 'inverter')?.sn as string;
    const now = Date.now();
    const events = [
      { ts: now - 60_000, device: inverter, code: 1001, state: 'raised' }, // grid overvoltage, a fault
      { ts: now, device: inverter, code: 1040, state: 'raised' }, // fan fault, a warning
    ];
    await suite.server.app.ingest.receive(
      freiburg.dataloggerSn,
      uplinkTopic(freiburg.dataloggerSn, 'event'),
      Buffer.from(JSON.stringify({ seq: 1, events })),
    );

    const page = await suite.page({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'demo_admin', HOME_PATH);
    // Every plant status as a tag (with its count), and the newest alarms with their severity.
    for (const status of ['Normal', 'Alarm', 'Fault', 'Offline'])
      await visible(page.locator('.ant-tag').filter({ hasText: new RegExp(`^${status} \\d+$`) }));
    const latest = page.locator('.ant-card').filter({ hasText: 'Latest alarms' });
    await visible(latest.locator('.ant-tag').filter({ hasText: /^Fault$/ }));
    await visible(latest.locator('.ant-tag').filter({ hasText: /^Warning$/ }));
    await snap(page, 'axe-home-tags');
    expect(await blockingViolations(page, `${HOME_PATH} with alarms`)).toEqual([]);

    await page.goto('/bus/alarm');
    const rows = page.locator('tr.ant-table-row');
    await visible(rows.filter({ hasText: 'Grid overvoltage' }).getByText('Fault', { exact: true }));
    await visible(rows.filter({ hasText: 'Fan fault' }).getByText('Warning', { exact: true }));
    await snap(page, 'axe-alarm');
    expect(await blockingViolations(page, '/bus/alarm')).toEqual([]);
  });
});
