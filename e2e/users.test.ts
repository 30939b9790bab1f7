import { describe, expect, it } from 'vitest';
import { expectedLanding } from './support/landing.ts';
import { useSuite } from './support/suite.ts';
import { signIn, snap, storedClient, submitSignIn, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();

describe('user management (issue 3)', () => {
  it('an administrator resets a password; the account signs in with the one-time password and must choose its own', async () => {
    const admin = await suite.page();
    await signIn(admin, 'demo_admin', expectedLanding(255));
    await admin.goto('/bus/user/management');
    const table = admin.locator('.ant-table:visible');
    await visible(table.getByText('demo_user', { exact: true }));
    await snap(admin, 'users-list');

    await admin.getByRole('button', { name: 'Reset the password of demo_user', exact: true }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Reset password' }).click();
    await visible(admin.getByText('One-time password of demo_user:'));
    const oneTime = ((await admin.locator('.ant-modal code').first().textContent()) ?? '').trim();
    expect(oneTime).toMatch(/^[A-Za-z0-9]{12}$/);
    await snap(admin, 'users-one-time-password');
    await admin.getByRole('button', { name: 'Done' }).click();
    await visible(table.getByText('New password pending'));

    // The old password no longer works; the one-time password asks for a new one before anything else.
    const user = await suite.page();
    await submitSignIn(user, 'demo_user', 'demo1234');
    await visible(user.getByText(/^41807-/));
    await submitSignIn(user, 'demo_user', oneTime);
    const dialog = await visible(user.getByRole('dialog', { name: 'Choose your own password' }));
    expect((await storedClient(user))?.token ?? null).toBeNull();
    await snap(user, 'users-forced-change');

    await dialog.getByLabel('New password').fill(oneTime);
    await dialog.getByLabel('Confirm password').fill(oneTime);
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await visible(dialog.getByText('Choose a password other than the one-time password.'));

    await dialog.getByLabel('New password').fill('mine-1234');
    await dialog.getByLabel('Confirm password').fill('mine-1234');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await waitForPath(user, expectedLanding(1));
    await visible(user.getByRole('heading', { name: /^Welcome, / }));
    expect((await storedClient(user))?.token).toEqual(expect.any(String));

    // The account log shows the reset and the replaced password.
    await admin.goto('/bus/logAudit');
    await admin.getByText('Account log', { exact: true }).click();
    const log = admin.locator('.ant-table:visible');
    await visible(log.getByText('Password reset by an operator').first());
    await visible(log.getByText('One-time password replaced').first());
    await snap(admin, 'users-account-log');
  });
});
