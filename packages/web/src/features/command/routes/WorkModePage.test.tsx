// @vitest-environment happy-dom
import type { Command } from '@sunstack/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests, type, until } from '../../../test/screen.tsx';
import { deviceServer, openDeviceScreen, READ_AT, reportedOf, SN } from '../testDevice.ts';

const TEMPLATES = { '/c/v0/template/list': () => ({ total: 0, currentPage: 1, pageSize: 20, templates: [] }) };
const timelineLabels = (within: ParentNode) =>
  [...within.querySelectorAll('[role="group"][aria-label="24-hour timeline"] [aria-label]')].map((part) => part.getAttribute('aria-label'));
/** The inputs of the n-th time period (from 1), by their label. */
const periodInput = (within: ParentNode, number: number, label: string) =>
  [...within.querySelectorAll(`fieldset[aria-label="Time period ${number}"] .ant-form-item`)]
    .find((item) => item.querySelector('label')?.textContent === label)
    ?.querySelector('input') as HTMLInputElement;

describe('work mode screen (issue 18)', () => {
  setUpScreenTests();

  it('reads the battery on opening and shows its work mode and periods in the form and on the plant-day timeline', async () => {
    const server = deviceServer(
      reportedOf({ settings: { ...reportedOf().settings, WorkMode: { value: 'TimePeriods', at: READ_AT } } }),
      TEMPLATES,
    );
    const screen = await openDeviceScreen('work-model');
    await until(() => server.bodies('/c/v0/device/setting/get').length === 1);
    expect(screen.container.textContent).toContain('On the device: Work mode By time periods, Minimum SoC 10 %, time periods: 1');
    expect(screen.container.textContent).toContain('What runs when (times in Europe/Berlin)');
    expect(timelineLabels(screen.container)).toEqual(['02:00–05:00 Force charge']);
    expect(periodInput(screen.container, 1, 'Power').value).toBe('3000');
    expect(periodInput(screen.container, 1, 'Max. SoC').value).toBe('90');
    screen.unmount();
  }, 40_000);

  it('refuses an overlapping period and a discharge depth below the minimum SoC before anything is sent', async () => {
    const server = deviceServer(reportedOf(), TEMPLATES);
    const screen = await openDeviceScreen('work-model');
    await until(() => periodInput(screen.container, 1, 'From') !== undefined);
    screen.click('Add time period');
    await until(() => periodInput(screen.container, 2, 'From') !== undefined);
    // The new period starts where the first ends (05:00): moved to 04:00 it overlaps it.
    expect(periodInput(screen.container, 2, 'From').value).toBe('05:00');
    type(periodInput(screen.container, 2, 'From'), '04:00');
    type(periodInput(screen.container, 1, 'Discharge depth (FDSoC)'), '5');
    screen.click('Send to device');
    await until(() => screen.errors().includes('Time periods must not overlap'));
    expect(screen.errors()).toContain('SoC must be a whole number from 10 to 100');
    type(periodInput(screen.container, 1, 'Min. SoC on grid'), '40');
    type(periodInput(screen.container, 1, 'Discharge depth (FDSoC)'), '30');
    screen.click('Send to device');
    await until(() => screen.errors().includes('The discharge depth (FDSoC) must be at least the minimum SoC on grid and at most 100'));
    type(periodInput(screen.container, 1, 'Power'), '6500');
    screen.click('Send to device');
    await until(() => screen.errors().includes('Power must be a whole number of watts from 0 to 6000'));
    expect(server.bodies('/c/v0/device/setting/set')).toEqual([]);
    screen.unmount();
  }, 60_000);

  it('adds at most 8 periods', async () => {
    deviceServer(
      reportedOf({ settings: { WorkMode: { value: 'SelfUse', at: READ_AT }, SchedulePeriods: { value: [], at: READ_AT } } }),
      TEMPLATES,
    );
    const screen = await openDeviceScreen('work-model');
    await until(() => screen.container.textContent?.includes('Add time period') === true);
    for (let added = 0; added < 8; added++) screen.click('Add time period');
    await until(() => periodInput(screen.container, 8, 'From') !== undefined);
    const add = [...screen.container.querySelectorAll('button')].find((button) => button.textContent === 'Add time period');
    expect(add?.disabled).toBe(true);
    screen.unmount();
  }, 40_000);

  it("proposes the agile tariff's 4 cheapest half hours as charging periods, sends them and follows the device's answer", async () => {
    const server = deviceServer(reportedOf(), TEMPLATES);
    const screen = await openDeviceScreen('work-model');
    await until(() => screen.container.textContent?.includes('Agile tariff') === true);
    const tab = [...screen.container.querySelectorAll<HTMLElement>('[role="tab"]')].find((item) => item.textContent === 'Agile tariff');
    act(() => tab?.click());
    const prices = Array.from({ length: 48 }, (_, slot) => (slot === 3 || slot === 4 || slot === 20 || slot === 44 ? 0.05 : 0.3));
    await until(() => screen.container.querySelector('textarea') !== null);
    type(screen.container.querySelector('textarea') as HTMLTextAreaElement, prices.slice(1).join(', '));
    screen.click('Propose 4 charging periods');
    await until(() => screen.container.textContent?.includes('An agile day has 48 prices') === true);
    type(screen.container.querySelector('textarea') as HTMLTextAreaElement, prices.join(', '));
    screen.click('Propose 4 charging periods');
    await until(() => timelineLabels(screen.container).length === 4);
    expect(timelineLabels(screen.container)).toEqual([
      '01:30–02:00 Force charge',
      '02:00–02:30 Force charge',
      '10:00–10:30 Force charge',
      '22:00–22:30 Force charge',
    ]);
    screen.click('Send to device');
    await until(() => server.bodies('/c/v0/device/setting/set').length === 1);
    const [sent] = server.bodies('/c/v0/device/setting/set') as {
      sn: string;
      settings: { WorkMode: string; SchedulePeriods: unknown[] };
    }[];
    expect(sent?.sn).toBe(SN);
    expect(sent?.settings.WorkMode).toBe('TimePeriods');
    expect(sent?.settings.SchedulePeriods[0]).toEqual({
      start: '01:30',
      end: '02:00',
      mode: 'ForceCharge',
      minSocOnGrid: 10,
      fdSoc: 10,
      fdPwr: 3000,
      maxSoc: 100,
    });
    const command = server.history[0] as Command;
    server.tell({ ...command, state: 'done', progress: 100, result: sent?.settings as Record<string, unknown>, finishedAt: READ_AT + 1 });
    await until(() => screen.container.querySelector('[role="status"]')?.textContent?.includes('Done') === true);
    expect(screen.container.querySelector('[role="status"]')?.textContent).toContain('Device answer: Work mode By time periods');
    screen.unmount();
  }, 60_000);

  it('says an offline datalogger is offline and asks before a command that would wait', async () => {
    const server = deviceServer(reportedOf({ connected: false }), TEMPLATES);
    const screen = await openDeviceScreen('work-model');
    expect(screen.container.textContent).toContain('The datalogger is offline');
    screen.click('Send to device');
    await until(() => screen.confirmPopup() !== null);
    expect(screen.confirmPopup()?.textContent).toContain('The datalogger is offline. Send the command anyway?');
    expect(server.bodies('/c/v0/device/setting/get')).toEqual([]);
    expect(server.bodies('/c/v0/device/setting/set')).toEqual([]);
    screen.unmount();
  }, 40_000);
});
