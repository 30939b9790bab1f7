import { describe, expect, it } from 'vitest';
import { signedHeaders } from '../packages/server/src/test/harness.ts';
import { useSuite } from './support/suite.ts';
import { DEMO_PASSWORD, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();

/** Calls the API as a demo account, as the web app does (signed headers). */
async function api(path: string, body: unknown, user = 'demo_admin') {
  const post = async (p: string, b: unknown, token = '') => {
    const response = await fetch(`${suite.server.baseUrl}${p}`, {
      method: 'POST',
      headers: { ...signedHeaders(p, token, 'en'), 'content-type': 'application/json' },
      body: JSON.stringify(b),
    });
    return (await response.json()) as { errno: number; result: Record<string, unknown> };
  };
  const login = await post('/c/v0/user/login', { user, password: DEMO_PASSWORD });
  return post(path, body, String(login.result.token));
}

/** The demo plant of demo_user, by name (its id depends on the seed). */
async function freiburgId() {
  const list = await api('/c/v0/plant/list', { name: 'Freiburg' }, 'demo_user');
  return (list.result.plants as { id: number }[])[0]?.id as number;
}

describe('plants and devices of an end user (issue 3)', () => {
  it('edits its plant, links a datalogger and names its charging pile', async () => {
    const id = await freiburgId();
    const sn = '870000000000077';
    const registered = await api('/c/v0/module/create', { sn });
    expect(registered.errno).toBe(0);

    const page = await suite.page();
    await signIn(page, 'demo_user', '/bus/index');
    await page.goto(`/bus/plant/detail?id=${id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL((url) => url.pathname === '/bus/plant/edit');
    await page.getByLabel('City').fill('Freiburg im Breisgau');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === '/bus/plant/detail');
    await visible(page.getByText('Freiburg im Breisgau').first());

    await page.getByRole('button', { name: 'Link serial number' }).click();
    await page.waitForURL((url) => url.pathname === '/bus/plant/linkSn');
    await page.getByLabel('Datalogger SN 1').fill(sn);
    await page.getByLabel('Check code 1').fill(String(registered.result.checkCode));
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/bus/plant/detail');
    await visible(page.getByText(sn));
    await snap(page, 'devices-plant-linked');

    await page.goto('/bus/device/evCharger');
    await page
      .getByRole('button', { name: /Edit charging pile/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/bus/pile/edit');
    await page.getByLabel('Name', { exact: true }).fill('Garage charger');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('The charging pile was saved.'));
    await page.goto('/bus/device/evCharger');
    // In the list (the pile's edit tab, kept across the reload, is named after it too).
    await visible(page.getByRole('table').getByText('Garage charger'));
    await snap(page, 'devices-pile-named');
  });

  it('authorises an integrator for one inverter, which the integrator then sees, and nothing else', async () => {
    const owner = await suite.page();
    await signIn(owner, 'demo_user', '/bus/index');
    await owner.goto('/bus/device/authorisation');
    await owner.getByRole('button', { name: 'Authorise' }).click();
    await owner.getByLabel('Integrator', { exact: true }).fill('demo_integrator');
    await owner.getByRole('combobox', { name: 'Devices' }).click();
    await owner.getByText(/^60H1060A2301001 · Inverter/).click();
    // The device list stays open for more choices; clicking the dialog's title closes it.
    await owner.getByRole('dialog').locator('.ant-modal-title').click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Authorise' }).click();
    await visible(owner.getByText('demo_integrator may now use the chosen devices.'));
    await snap(owner, 'devices-authorised');

    const integrator = await suite.page();
    await signIn(integrator, 'demo_integrator', '/bus/integrator/device/list');
    await visible(integrator.getByText('60H1060A2301001'));
    // Freiburg's EV charger is authorised to nobody (the demo authorises its inverter, battery and heat pump).
    expect(await integrator.getByText('60E0110A2301001').count()).toBe(0);
  });
});

describe('a parallel system (spec /bus/plant/parallelSystem)', () => {
  it('the installer marks a master and a slave among the plant inverters', async () => {
    const list = await api('/c/v0/plant/list', { name: 'Lyon' }, 'demo_installer');
    const id = (list.result.plants as { id: number }[])[0]?.id as number;
    const page = await suite.page();
    await signIn(page, 'demo_installer', '/bus/index');
    await page.goto(`/bus/plant/parallelSystem?id=${id}`);
    await page.getByRole('radio', { name: '60C3015A2302001 is the master' }).check();
    await page.getByRole('checkbox', { name: '60C3015A2302002 is a slave' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('The parallel system was saved.'));
    await snap(page, 'devices-parallel-system');
    // Stored: a fresh load shows it again.
    await page.reload();
    await expect.poll(() => page.getByRole('radio', { name: '60C3015A2302001 is the master' }).isChecked()).toBe(true);
  });
});
