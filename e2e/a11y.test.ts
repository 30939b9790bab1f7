import { AxeBuilder } from '@axe-core/playwright';
import { HOME_PATH, LOGIN_PATH } from '@sunstack/shared';
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
});
