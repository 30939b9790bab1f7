// @vitest-environment happy-dom
import { Errno, type NotificationSubscription } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useClientStore } from '../../../lib/clientStore.ts';
import { plantSummaryOf, userInfoOf } from '../../../test/fixtures.ts';
import { button, fakeServer, mount, refusal, setUpScreenTests, type, until } from '../../../test/screen.tsx';
import { NotificationDrawer } from './NotificationDrawer.tsx';

const SECRET = `whsec_${'a'.repeat(43)}`;

const subscription = (id: number, fields: Partial<NotificationSubscription> = {}): NotificationSubscription => ({
  id,
  plantId: null,
  plantName: '',
  severities: ['warning', 'fault'],
  email: true,
  push: false,
  webhookUrl: null,
  storm: false,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});

/** The server as the drawer sees it: the subscriptions it holds (saving and deleting change them), every call, and what `save` answers. */
function subscriptionServer(subscriptions: NotificationSubscription[], saveRefused?: number) {
  const server = fakeServer({
    '/c/v0/alarm/subscription/list': () => ({ subscriptions }),
    '/c/v0/alarm/subscription/save': (body) => {
      if (saveRefused) return refusal(saveRefused);
      // One subscription per plant (or whole scope): saving again replaces it.
      const same = subscriptions.findIndex((s) => s.plantId === body.plantId);
      const saved = subscription(same >= 0 ? (subscriptions[same] as NotificationSubscription).id : subscriptions.length + 10, {
        ...(subscriptions[same] ?? {}),
        ...(body as Partial<NotificationSubscription>),
      });
      subscriptions.splice(same >= 0 ? same : subscriptions.length, 1, saved);
      return { subscription: saved, secret: body.webhookUrl ? SECRET : null };
    },
    '/c/v0/alarm/subscription/delete': (body) => {
      subscriptions.splice(
        subscriptions.findIndex((s) => s.id === body.id),
        1,
      );
    },
    '/c/v0/plant/list': () => ({ total: 1, currentPage: 1, pageSize: 20, plants: [plantSummaryOf({ id: 3, name: 'Freiburg' })] }),
    '/c/v0/user/info': () => userInfoOf({ email: 'me@example.com' }),
  });
  return {
    calls: server.calls,
    saves: () => server.bodies('/c/v0/alarm/subscription/save'),
    deletes: () => server.bodies('/c/v0/alarm/subscription/delete'),
  };
}

async function openDrawer(plantSearch = true) {
  useClientStore.setState({ token: 'token', access: 255, language: 'en' });
  mount(<NotificationDrawer open plantSearch={plantSearch} onClose={() => {}} />);
  const drawer = () => document.querySelector('.ant-drawer') as HTMLElement;
  await until(() => drawer() != null && drawer().querySelector('.ant-skeleton') === null);
  const modal = () => document.querySelector<HTMLElement>('.ant-modal');
  const items = () => [...drawer().querySelectorAll<HTMLElement>('ul:not(.ant-skeleton-paragraph) > li')].map((item) => item.textContent);
  return { drawer, modal, items };
}

describe('alarm notification drawer (issue 5)', () => {
  setUpScreenTests();

  it('lists the subscriptions: whole scope, a plant, a plant no longer seen; severities and channels', async () => {
    subscriptionServer([
      subscription(1),
      subscription(2, {
        plantId: 3,
        plantName: 'Freiburg',
        severities: ['fault'],
        email: false,
        webhookUrl: 'https://hooks.example.com/a',
      }),
      subscription(3, { plantId: 9, plantName: '', storm: true }),
    ]);
    const view = await openDrawer();
    expect(view.items()).toEqual([
      expect.stringMatching(/^All plants in my scopeWarningFaultEmail$/),
      expect.stringMatching(/^FreiburgFaultWebhookhttps:\/\/hooks\.example\.com\/a$/),
      expect.stringMatching(/^A plant you no longer seeWarningFaultEmailSummarising$/),
    ]);
  });

  it('says when there is none', async () => {
    subscriptionServer([]);
    const view = await openDrawer();
    expect(view.drawer().textContent).toContain('No notifications yet.');
  });

  it('asks for at least one channel in words, sends nothing until then, and shows the new webhook secret once', async () => {
    const server = subscriptionServer([]);
    const view = await openDrawer();
    act(() => button('Add')?.click());
    await until(() => view.modal()?.querySelector('form') != null);
    const form = view.modal() as HTMLElement;
    await until(() => form.textContent?.includes('To me@example.com, in the language of your account.') === true);

    // Email and push off, no webhook: the channel message, under the email switch; nothing is sent.
    const [emailSwitch, pushSwitch] = form.querySelectorAll<HTMLButtonElement>('button[role="switch"]');
    act(() => emailSwitch?.click());
    act(() => pushSwitch?.click());
    act(() => button('Save', form)?.click());
    await until(
      () =>
        form.textContent?.includes('Choose at least one channel: turn on email or push notifications, or enter a webhook URL.') === true,
    );
    expect(form.textContent).not.toContain('This field is required.');
    expect(server.saves()).toEqual([]);

    // A webhook is a channel: saved for every plant in scope, then its secret is shown with a copy button.
    type(form.querySelector('input[type="url"]') as HTMLInputElement, '  https://hooks.example.com/sunstack ');
    await until(() => !form.textContent?.includes('Choose at least one channel'));
    act(() => button('Save', form)?.click());
    await until(() => view.modal()?.textContent?.includes(SECRET) === true);
    expect(server.saves()).toEqual([
      { plantId: null, severities: ['warning', 'fault'], email: false, push: false, webhookUrl: 'https://hooks.example.com/sunstack' },
    ]);
    const secretDialog = view.modal() as HTMLElement;
    expect(secretDialog.textContent).toContain('It is shown only once and cannot be shown again.');
    expect(secretDialog.querySelector('.ant-typography-copy')).not.toBeNull();
    act(() => button('I have copied it', secretDialog)?.click());
    await until(() => view.items().length === 1);
    expect(view.items()[0]).toContain('Webhook');
  });

  it('shows the SSRF guard’s refusal under the webhook URL', async () => {
    useClientStore.setState({ errorMessages: { en: { [Errno.webhookUrlRefused]: 'This webhook address cannot be used.' } } });
    const server = subscriptionServer([], Errno.webhookUrlRefused);
    const view = await openDrawer();
    act(() => button('Add')?.click());
    await until(() => view.modal()?.querySelector('form') != null);
    const form = view.modal() as HTMLElement;
    type(form.querySelector('input[type="url"]') as HTMLInputElement, 'http://10.0.0.1/hook');
    act(() => button('Save', form)?.click());
    await until(
      () =>
        form.querySelector('.ant-form-item-explain-error')?.textContent ===
        `${Errno.webhookUrlRefused}-This webhook address cannot be used.`,
    );
    expect(server.saves()).toHaveLength(1);
    expect(view.modal()?.textContent).not.toContain('whsec_');
  });

  it('edits a subscription with its plant fixed, and deletes one after confirmation', async () => {
    const server = subscriptionServer([subscription(2, { plantId: 3, plantName: 'Freiburg', webhookUrl: 'https://hooks.example.com/a' })]);
    const view = await openDrawer();
    act(() => button('Change the notification for Freiburg')?.click());
    await until(() => view.modal()?.querySelector('form') != null);
    const form = view.modal() as HTMLElement;
    expect(form.querySelector('.ant-select-disabled')?.textContent).toContain('Freiburg');
    act(() => form.querySelector<HTMLInputElement>('input[value="warning"]')?.click());
    act(() => button('Save', form)?.click());
    await until(() => server.saves().length === 1);
    // The secret stays (nothing shown), unless a new one is asked for.
    expect(server.saves()[0]).toEqual({
      plantId: 3,
      severities: ['fault'],
      email: true,
      push: false,
      webhookUrl: 'https://hooks.example.com/a',
    });

    act(() => button('Delete the notification for Freiburg')?.click());
    await until(() => button('OK') !== undefined);
    act(() => button('OK')?.click());
    await until(() => server.deletes().length > 0);
    expect(server.deletes()).toEqual([{ id: 2 }]);
    await until(() => view.items().length === 0);
  });

  it('offers an integrator (no plant list) only its whole scope', async () => {
    const server = subscriptionServer([]);
    const view = await openDrawer(false);
    act(() => button('Add')?.click());
    await until(() => view.modal()?.querySelector('form') != null);
    const form = view.modal() as HTMLElement;
    expect(form.querySelector('.ant-select')).toBeNull();
    expect(form.textContent).toContain('All plants in my scope');
    act(() => button('Save', form)?.click());
    await until(() => server.saves().length === 1);
    expect(server.saves()[0]).toEqual({ plantId: null, severities: ['warning', 'fault'], email: true, push: true, webhookUrl: null });
    expect(server.calls.some((c) => c.path === '/c/v0/plant/list')).toBe(false);
  });
});
