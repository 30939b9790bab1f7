import { Access, HOME_PATH, LOGIN_PATH, NO_PERMISSIONS_PATH, NOT_FOUND_PATH } from '@sunstack/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectedLanding, landingReady } from './support/landing.ts';
import { useSuite } from './support/suite.ts';
import { pathOf, signIn, snap, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();

async function expectErrorPage(page: Page, title: string, text: string) {
  await visible(page.getByRole('heading', { level: 1, name: title, exact: true }));
  await visible(page.getByText(text, { exact: true }));
}

describe('guard, signed out', () => {
  it('sends a console screen to /login', async () => {
    const page = await suite.page();
    await page.goto(HOME_PATH);
    await waitForPath(page, LOGIN_PATH);
    await visible(page.getByRole('heading', { name: 'Sign in', level: 1 }));
    await snap(page, 'guard-signed-out-to-login');
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await suite.page();
    await page.goto('/no/such/page');
    await waitForPath(page, NOT_FOUND_PATH);
    await expectErrorPage(page, '404', 'The page you are looking for does not exist.');
    await snap(page, 'error-404');

    // Signed out, the way out is the sign-in page.
    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await waitForPath(page, LOGIN_PATH);
  });

  it('renders the 403 and 5xx pages', async () => {
    const page = await suite.page();
    await page.goto('/error/403');
    await expectErrorPage(page, '403', 'You are not allowed to open this page.');
    expect(pathOf(page)).toBe('/error/403');
    await snap(page, 'error-403');

    await page.goto('/error/5xx');
    await expectErrorPage(page, 'Server error', 'Something went wrong on the server. Please try again later.');
    expect(pathOf(page)).toBe('/error/5xx');
    await snap(page, 'error-5xx');
  });
});

describe('guard, signed in', () => {
  it('warns "No permissions!" and shows /error/noPermissions when the integrator opens the user center', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_integrator', expectedLanding(Access.integrator));
    await visible(landingReady(page, Access.integrator, 'Demo Integrator'));

    await page.goto('/user/center');
    await visible(page.getByText('No permissions!', { exact: true }));
    await waitForPath(page, NO_PERMISSIONS_PATH);
    await expectErrorPage(page, 'No permissions', 'Your account has no permission for this page.');
    await snap(page, 'error-no-permissions');

    // Signed in, the way out is the role's landing screen.
    await page.getByRole('button', { name: 'Back to home' }).click();
    await waitForPath(page, expectedLanding(Access.integrator));
    await visible(landingReady(page, Access.integrator, 'Demo Integrator'));
  });
});
