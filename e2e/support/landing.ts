import { HOME_PATH } from '@sunstack/shared';
import type { Locator, Page } from 'playwright-core';
import { DEMO_GRANTS } from '../../packages/server/src/seed/demo.ts';
// The web app's own list of the screens that exist (it imports nothing but shared).
import { landingScreen } from '../../packages/web/src/lib/screens.ts';

/**
 * Where a role lands after signing in (spec section 2), among the screens that exist:
 * /bus/index for everyone but the integrator, who lands on its device list.
 */
export function expectedLanding(access: number): string {
  return landingScreen(access);
}

/**
 * What the landing screen shows once it is ready: the home tab greets the account by name; the
 * integrator's device list shows a device the demo's owners authorised to it.
 */
export function landingReady(page: Page, access: number, displayName: string): Locator {
  if (expectedLanding(access) === HOME_PATH) return page.getByRole('heading', { name: `Welcome, ${displayName}` });
  return page.getByText(DEMO_GRANTS[0]?.sn as string, { exact: true });
}
