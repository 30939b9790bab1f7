import { randomBytes } from 'node:crypto';
import { Access, HOME_PATH, INTEGRATOR_HOME_PATH, LANGUAGE_NAMES } from '@sunstack/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccountRepo } from '../packages/server/src/modules/account/repo.ts';
import { hashPassword } from '../packages/server/src/modules/session/password.ts';
import { DEMO_GRANTS } from '../packages/server/src/seed/demo.ts';
import { uiString } from './support/strings.ts';
import { useSuite } from './support/suite.ts';
import { chooseLanguage, DEMO_PASSWORD, settled, signIn, snap, submitSignIn, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A new account of the manufacturer's branch, as user management or a sign-up would leave it. */
async function newAccount(username: string, access: number) {
  const accounts = createAccountRepo(suite.server.database.db);
  await accounts.insert({
    organisationId: await accounts.rootOrganisationId(),
    username,
    email: `${username}@example.test`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    access,
    clientId: randomBytes(8).toString('hex'),
  });
}

/** Runs `look` signed in as `user` at 1440 px in English, then at 390 px in German. */
async function wideEnglishThenPhoneGerman(
  user: string,
  landing: string,
  look: (page: Page, language: 'en' | 'de', width: number) => Promise<void>,
) {
  for (const [viewport, language] of [
    [WIDE, 'en'],
    [PHONE, 'de'],
  ] as const) {
    const page = await suite.page({ viewport });
    await signIn(page, user, landing);
    if (language === 'de') await chooseLanguage(page, LANGUAGE_NAMES.de, uiString('en', 'header.language'));
    await look(page, language, viewport.width);
  }
}

describe('the integrator demo (issue 21, defect 5)', () => {
  it('lists the devices the demo owners authorised to demo_integrator', async () => {
    await wideEnglishThenPhoneGerman('demo_integrator', INTEGRATOR_HOME_PATH, async (page, language, width) => {
      for (const { sn } of DEMO_GRANTS) await visible(page.getByText(sn, { exact: true }));
      await snap(page, `integrator-devices-${width}-${language}`);
    });
  });

  it('an integrator nobody authorised anything yet is told who does', async () => {
    await newAccount('e2e_integrator', Access.integrator);
    const page = await suite.page({ viewport: WIDE });
    await signIn(page, 'e2e_integrator', INTEGRATOR_HOME_PATH);
    await visible(page.getByText(uiString('en', 'device.noneAuthorised')));
    expect(await page.getByText(uiString('en', 'device.noneYet')).count()).toBe(0);
  });

  it('the integrator changes its own password from the account menu (it has no user center)', async () => {
    const page = await suite.page({ viewport: WIDE });
    await signIn(page, 'demo_integrator', INTEGRATOR_HOME_PATH);
    await page.getByRole('button', { name: /^Account: / }).click();
    expect(await page.getByRole('menuitem', { name: 'User center' }).count()).toBe(0);
    await (await settled(page.getByRole('menuitem', { name: 'Change password' }))).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Change password' }));
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('New password').fill('integrator987');
    await dialog.getByLabel('Confirm password').fill('integrator987');
    await snap(page, 'integrator-change-password');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText(uiString('en', 'userCenter.passwordChanged')));
    await dialog.waitFor({ state: 'hidden' });

    const again = await suite.page();
    await submitSignIn(again, 'demo_integrator', 'integrator987');
    await waitForPath(again, INTEGRATOR_HOME_PATH);
  });
});

describe('an end user without a plant (issue 21, defect 5)', () => {
  it('is told on its home that its installer adds the plant, by its user name', async () => {
    await newAccount('e2e_no_plant', Access.endUser);
    await wideEnglishThenPhoneGerman('e2e_no_plant', HOME_PATH, async (page, language, width) => {
      await visible(page.getByText(uiString(language, 'home.noPlant.title')));
      await visible(page.getByText(uiString(language, 'home.noPlant.installer')));
      await visible(page.getByText('e2e_no_plant', { exact: true }).first());
      await snap(page, `end-user-no-plant-${width}-${language}`);
    });
  });

  it('an end user with a plant sees its fleet, not that note', async () => {
    const page = await suite.page({ viewport: WIDE });
    await signIn(page, 'demo_user', HOME_PATH);
    await visible(
      page
        .getByText('Freiburg family roof')
        .or(page.getByText(uiString('en', 'monitoring.fleet')))
        .first(),
    );
    expect(await page.getByText(uiString('en', 'home.noPlant.title')).count()).toBe(0);
  });
});
