import { describe, expect, it } from 'vitest';
import { signedHeaders } from '../packages/server/src/test/harness.ts';
import { useSuite } from './support/suite.ts';
import { chooseOption, DEMO_PASSWORD, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();

/** Calls the API as a demo account, as the web app does (signed headers). */
async function api(path: string, body: unknown, user = 'demo_admin') {
  const post = async (p: string, b: unknown, token = '') => {
    const response = await fetch(`${suite.server.baseUrl}${p}`, {
      method: 'POST',
      headers: { ...signedHeaders(p, token, 'en'), 'content-type': 'application/json' },
      body: JSON.stringify(b),
    });
    return (await response.json()) as { errno: number; result: { token: string } & Record<string, unknown> };
  };
  const login = await post('/c/v0/user/login', { user, password: DEMO_PASSWORD });
  return post(path, body, login.result.token);
}

describe('plants across branches (issue 3)', () => {
  it('an installer creates a plant with a datalogger, the end user sees it, another installer cannot', async () => {
    const sn = '870000000000042';
    const registered = await api('/c/v0/module/create', { sn });
    expect(registered.errno).toBe(0);

    // A browser in New York: the plant's zone comes from its country, not from the browser (issue 21 defect 2).
    const installer = await suite.page({ timezoneId: 'America/New_York' });
    await signIn(installer, 'demo_installer', '/bus/index');
    await installer.goto('/bus/plant/add');
    await installer.getByLabel('Site name').fill('E2E rooftop');
    await chooseOption(installer.getByLabel('Country or region'), 'Germany', 'Germany');
    await visible(installer.getByText('Set from the country: Europe/Berlin. Change it if the plant keeps another time.'));
    await installer.getByLabel('City').fill('Stuttgart');
    await installer.getByLabel('Datalogger SN 1').fill(sn);
    await installer.getByLabel('Check code 1').fill(String(registered.result.checkCode));
    await installer.getByLabel("Owner (end user's user name)").fill('demo_user');
    await installer.getByRole('button', { name: 'Create plant' }).click();
    await visible(installer.getByRole('heading', { name: 'E2E rooftop' }).or(installer.getByText('E2E rooftop').first()));
    await installer.waitForURL((url) => url.pathname === '/bus/plant/detail');
    const plantId = new URL(installer.url()).searchParams.get('id');
    await visible(installer.getByText(sn));
    await visible(installer.getByText(/^Europe\/Berlin \(UTC\+0[12]:00\)/));
    await snap(installer, 'plant-created-by-installer');

    const owner = await suite.page();
    await signIn(owner, 'demo_user', '/bus/index');
    await owner.goto('/bus/plant');
    await visible(owner.getByRole('link', { name: 'E2E rooftop' }).or(owner.getByText('E2E rooftop')));
    await snap(owner, 'plant-seen-by-owner');

    const other = await suite.page();
    await signIn(other, 'demo_installer2', '/bus/index');
    await other.goto('/bus/plant');
    await visible(other.getByText('Sevilla finca'));
    expect(await other.getByText('E2E rooftop').count()).toBe(0);
    await other.goto(`/bus/plant/detail?id=${plantId}`);
    await visible(other.getByText('This plant does not exist or you cannot see it.'));
    await snap(other, 'plant-hidden-from-other-installer');
  });

  it('refuses a datalogger whose check code does not match its SN, showing the errno message and the field', async () => {
    const installer = await suite.page();
    await signIn(installer, 'demo_installer', '/bus/index');
    await installer.goto('/bus/plant/add');
    await installer.getByLabel('Site name').fill('Nowhere');
    await chooseOption(installer.getByLabel('Country or region'), 'France', 'France');
    await installer.getByLabel('Datalogger SN 1').fill('999999999999999');
    await installer.getByLabel('Check code 1').fill('ABCD2345');
    await installer.getByRole('button', { name: 'Create plant' }).click();
    await visible(
      installer.getByText("41908-The check code does not match the serial number. Both are printed on the datalogger's label."),
    );
    await visible(installer.getByText('This check code does not match the serial number.'));
  });

  it("takes a new plant's zone from its position where its country keeps several times", async () => {
    const installer = await suite.page({ timezoneId: 'America/New_York' });
    await signIn(installer, 'demo_installer', '/bus/index');
    await installer.goto('/bus/plant/add');
    await chooseOption(installer.getByLabel('Country or region'), 'France', 'France');
    await visible(installer.getByText('Set from the country: Europe/Paris. Change it if the plant keeps another time.'));
    // Spain keeps two times (the Canaries an hour behind): the field asks again, until the position says.
    await chooseOption(installer.getByLabel('Country or region'), 'Spain', 'Spain');
    await expect.poll(() => installer.getByText('Europe/Paris').count()).toBe(0);
    await installer.getByLabel('Latitude').fill('28.1');
    await installer.getByLabel('Longitude').fill('-15.43');
    await visible(installer.getByText("Set from the plant's position: Atlantic/Canary. Change it if the plant keeps another time."));
    await visible(installer.getByTitle('Atlantic/Canary'));
    await snap(installer, 'plant-zone-from-position');
  });
});
