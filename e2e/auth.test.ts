import { HOME_PATH, LOGIN_PATH } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo.ts';
import { signedHeaders } from '../packages/server/src/test/harness.ts';
import { codeIn } from '../packages/server/src/test/mailCapture.ts';
import { expectedLanding, landingReady } from './support/landing.ts';
import { useSuite } from './support/suite.ts';
import { pathOf, settled, signIn, snap, storedClient, submitSignIn, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();

/** The name the seed gives a demo account: demo_distributor -> "Demo Distributor". */
const demoName = (username: string) => username.replace(/^demo_(\w)/, (_, c: string) => `Demo ${c.toUpperCase()}`);

describe('sign-up', () => {
  it('creates an account with the emailed code and lands on the home tab showing the new user', async () => {
    const page = await suite.page();
    const user = 'e2e_new_user';
    const email = 'e2e.new.user@example.test';
    await page.goto('/signUp');
    await visible(page.getByRole('heading', { name: 'Sign up', level: 1 }));

    // Ant Design's button-style radios hide the input: click the visible option, as a user does.
    const accountType = page.getByRole('radiogroup');
    await accountType.getByText('Installer', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Installer' }).isChecked()).toBe(true);
    await accountType.getByText('End user', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'End user' }).isChecked()).toBe(true);
    await page.getByLabel('User name', { exact: true }).fill(user);
    await page.getByLabel('Mobile number').fill('+49 170 1234567');
    await page.getByLabel('Password', { exact: true }).fill('pass1234');
    await page.getByLabel('Confirm password').fill('pass1234');
    await page.getByLabel('Email', { exact: true }).fill(email);

    await page.getByRole('button', { name: 'Send code' }).click();
    const code = codeIn(await suite.server.mail.waitFor(email));
    expect(code).toMatch(/^\d{6}$/);
    await visible(page.getByText(`A verification code was sent to ${email}.`));
    // The button counts down before another code may be asked for. (Not anchored at the start:
    // Ant Design's fading loading icon, labelled "loading", can linger in the name for a while.)
    await visible(page.getByRole('button', { name: /Resend in \d+ s$/ }));
    await page.getByLabel('Verification code').fill(code);

    const country = page.getByRole('combobox', { name: 'Country or region' });
    await country.click();
    await country.fill('Germany');
    // The filtered list holds Germany alone; Enter takes the active option, as a keyboard user does.
    await visible(page.getByTitle('Germany', { exact: true }));
    await country.press('Enter');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await snap(page, 'sign-up-filled');

    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, expectedLanding(1));
    await visible(page.getByRole('heading', { name: `Welcome, ${user}` }));
    await visible(page.getByRole('button', { name: 'Account' }).getByText(user));
    await visible(page.getByRole('cell', { name: 'Role : End user' }));
    await visible(page.getByRole('cell', { name: 'Country or region : Germany' }));
    expect((await storedClient(page))?.token).toEqual(expect.any(String));
    await snap(page, 'sign-up-landed');
  });

  it('shows "The passwords are inconsistent." when the confirmation differs, and does not submit', async () => {
    const page = await suite.page();
    await page.goto('/signUp');
    await page.getByLabel('Password', { exact: true }).fill('pass1234');
    await page.getByLabel('Confirm password').fill('pass1235');
    await page.getByLabel('Confirm password').blur();
    await visible(page.getByText('The passwords are inconsistent.', { exact: true }));
    await snap(page, 'sign-up-passwords-inconsistent');

    // Fixing the confirmation clears the message.
    await page.getByLabel('Confirm password').fill('pass1234');
    await page.getByText('The passwords are inconsistent.', { exact: true }).waitFor({ state: 'detached' });

    // Changing the password re-checks the confirmation (it depends on it).
    await page.getByLabel('Password', { exact: true }).fill('pass12345');
    await visible(page.getByText('The passwords are inconsistent.', { exact: true }));
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('Please accept the terms of service and the privacy policy.'));
    expect(pathOf(page)).toBe('/signUp');
  });
});

describe('sign-in', () => {
  it.each(DEMO_ACCOUNTS)('$username lands where spec section 2 says', async ({ username, access }) => {
    const page = await suite.page();
    // /bus/index for every role; the integrator's device list for demo_integrator (computed from
    // the screens packages/web/src/app/screens.ts registers).
    const landing = expectedLanding(access);
    await signIn(page, username, landing);
    await visible(landingReady(page, access, demoName(username)));
    expect(pathOf(page)).toBe(landing);
    const client = await storedClient(page);
    expect(client).toMatchObject({ access, token: expect.any(String) });
    await snap(page, `sign-in-${username}`);
  });

  it('shows the errno message for a wrong password and stays on /login', async () => {
    const page = await suite.page();
    await submitSignIn(page, 'demo_user', 'not-the-password');
    await visible(page.getByText('41807-Wrong user name or password.', { exact: true }));
    expect(pathOf(page)).toBe(LOGIN_PATH);
    expect((await storedClient(page))?.token ?? null).toBeNull();
    await snap(page, 'sign-in-wrong-password');
  });
});

describe('sign-out', () => {
  it('signs out from the account menu, forgets the token and guards the console again', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_agent', HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo Agent' }));
    const token = (await storedClient(page))?.token;
    expect(token).toEqual(expect.any(String));

    await page.getByRole('button', { name: 'Account' }).click();
    await (await settled(page.getByRole('menuitem', { name: 'Sign out' }))).click();
    await waitForPath(page, LOGIN_PATH);
    await visible(page.getByRole('heading', { name: 'Sign in', level: 1 }));
    expect((await storedClient(page))?.token).toBeNull();
    await snap(page, 'signed-out');

    // The server ended the session too: the old token no longer answers.
    const path = '/c/v0/user/info';
    const answer = (await (
      await fetch(`${suite.server.baseUrl}${path}`, { headers: signedHeaders(path, token as string, 'en') })
    ).json()) as {
      errno: number;
    };
    expect(answer.errno).not.toBe(0);

    await page.goto(HOME_PATH);
    await waitForPath(page, LOGIN_PATH);
    await visible(page.getByRole('heading', { name: 'Sign in', level: 1 }));
  });
});
