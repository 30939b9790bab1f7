// @vitest-environment happy-dom
import { ALARM_THRESHOLD_DEFAULTS, type AlarmThresholds as Thresholds } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useClientStore } from '../../../lib/clientStore.ts';
import { button, fakeServer, mount, setUpScreenTests, sleep, type, until } from '../../../test/screen.tsx';
import { AlarmThresholds } from './AlarmThresholds.tsx';

/** The server as the section sees it: the plant's own thresholds (kept as saved) and every save's body. */
function thresholdServer(custom: Partial<Thresholds>, writable: boolean) {
  let own = custom;
  const server = fakeServer({
    '/c/v0/alarm/threshold?id=7': () => ({ thresholds: { ...ALARM_THRESHOLD_DEFAULTS, ...own }, custom: own, writable }),
    '/c/v0/alarm/threshold/save': (body) => {
      own = body.thresholds as Partial<Thresholds>;
    },
  });
  return { saves: () => server.bodies('/c/v0/alarm/threshold/save') };
}

async function openSection() {
  useClientStore.setState({ token: 'token', access: 255, language: 'en' });
  const { container } = mount(<AlarmThresholds plantId={7} />);
  await until(() => container.querySelector('form') !== null);
  /** A threshold's form item: its label, input, default and error. */
  const field = (label: string) => {
    const item = [...container.querySelectorAll<HTMLElement>('.ant-form-item')].find((i) =>
      i.querySelector('label')?.textContent?.startsWith(label),
    ) as HTMLElement;
    return {
      item,
      input: item.querySelector('input') as HTMLInputElement,
      error: () => item.querySelector('.ant-form-item-explain-error')?.textContent ?? '',
    };
  };
  return { container, field };
}

describe('alarm thresholds of a plant (issue 5)', () => {
  setUpScreenTests();

  it('shows each threshold with its unit and default, marks the plant’s own, and saves only what differs from the defaults', async () => {
    const server = thresholdServer({ offlineMinutes: 45 }, true);
    const view = await openSection();
    const offline = view.field('Offline after');
    expect(offline.input.value).toBe('45');
    expect(offline.item.textContent).toContain('Own');
    expect(offline.item.textContent).toContain('min');
    expect(offline.item.textContent).toContain('Default: 30 min');
    const frequency = view.field('Grid frequency tolerance');
    expect(frequency.input.value).toBe('0.5');
    expect(frequency.item.textContent).toContain('Default: 0.5 Hz');
    expect(frequency.item.textContent).not.toContain('Own');
    expect(view.field('Battery too cold below').item.textContent).toContain('Default: 0 °C');

    type(view.field('Battery SoC minimum').input, '15');
    act(() => button('Save')?.click());
    await until(() => server.saves().length === 1);
    expect(server.saves()[0]).toEqual({ plantId: 7, thresholds: { offlineMinutes: 45, socMinPercent: 15 } });
  });

  it('says in words what is wrong, from the limits the server checks, and sends nothing', async () => {
    const server = thresholdServer({}, true);
    const view = await openSection();
    type(view.field('Offline after').input, '1');
    type(view.field('SoC below minimum for').input, '20.5');
    type(view.field('Grid voltage lower limit').input, '250');
    type(view.field('Grid voltage upper limit').input, '240');
    type(view.field('Battery SoC minimum').input, '');
    act(() => button('Save')?.click());
    await until(() => view.field('Offline after').error() !== '');
    expect(view.field('Offline after').error()).toBe('Enter a value from 5 to 1440 min.');
    expect(view.field('SoC below minimum for').error()).toBe('Enter a whole number.');
    expect(view.field('Grid voltage upper limit').error()).toBe('The upper limit must be above the lower limit.');
    expect(view.field('Battery SoC minimum').error()).toBe('This field is required.');
    expect(view.field('Grid voltage lower limit').error()).toBe('');
    await act(() => sleep(100));
    expect(server.saves()).toEqual([]);
  });

  it('resets to the defaults after confirmation', async () => {
    const server = thresholdServer({ offlineMinutes: 45, gridVoltageMaxV: 250 }, true);
    const view = await openSection();
    act(() => button('Reset to defaults')?.click());
    await until(() => button('OK') !== undefined);
    act(() => button('OK')?.click());
    await until(() => server.saves().length === 1);
    expect(server.saves()[0]).toEqual({ plantId: 7, thresholds: {} });
    await until(() => view.field('Offline after').input.value === '30');
    expect(view.field('Offline after').item.textContent).not.toContain('Own');
    expect(button('Reset to defaults')?.disabled).toBe(true);
  });

  it('only shows them where the plant may not be changed', async () => {
    thresholdServer({ socMinPercent: 20 }, false);
    const view = await openSection();
    expect(view.container.textContent).toContain('Only those who may change this plant can change its thresholds.');
    expect(view.field('Battery SoC minimum').input.value).toBe('20');
    expect([...view.container.querySelectorAll('input')].every((input) => input.disabled)).toBe(true);
    expect(button('Save')).toBeUndefined();
    expect(button('Reset to defaults')).toBeUndefined();
  });
});
