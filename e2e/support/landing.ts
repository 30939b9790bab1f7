import { readFileSync } from 'node:fs';
import { HOME_PATH, landingPath, ROUTES, type RouteDef } from '@sunstack/shared';
import type { Locator, Page } from 'playwright-core';
import { WEB_SRC } from './paths.ts';

/**
 * The route names that have a screen, read from the SCREENS table of
 * packages/web/src/app/screens.ts (that module imports React and Vite globs, so it is parsed
 * rather than imported). Only those routes exist in the web app.
 */
export function builtScreenNames(): string[] {
  const source = readFileSync(`${WEB_SRC}app/screens.ts`, 'utf8');
  const table = source.match(/export const SCREENS[^{]*\{([\s\S]*?)\n\};/)?.[1];
  if (!table) throw new Error('Could not find the SCREENS table in packages/web/src/app/screens.ts; update e2e/support/landing.ts.');
  const names = [...table.matchAll(/^\s*'?([\w-]+)'?\s*:/gm)].map((match) => match[1] as string);
  if (!names.includes('login') || !names.includes('index')) {
    throw new Error(`Unexpected SCREENS table in screens.ts (found ${names.join(', ')}); update e2e/support/landing.ts.`);
  }
  return names;
}

export function builtRoutes(): RouteDef[] {
  const names = builtScreenNames();
  return ROUTES.filter((route) => names.includes(route.name));
}

/**
 * Where a role lands after signing in (spec section 2), among the screens that exist:
 * /bus/index for everyone; the integrator's device list for the integrator once that screen is
 * in screens.ts (until then the integrator lands on /bus/index too).
 */
export function expectedLanding(access: number): string {
  return landingPath(access, builtRoutes());
}

/**
 * What the landing screen shows once it is ready: the home tab greets the account by name; the
 * integrator's device list (empty in a fresh demo: devices come with the dataloggers' inventory)
 * says so.
 */
export function landingReady(page: Page, access: number, displayName: string): Locator {
  if (expectedLanding(access) === HOME_PATH) return page.getByRole('heading', { name: `Welcome, ${displayName}` });
  return page.getByText('No devices yet. Devices appear when their datalogger reports its inventory.');
}
