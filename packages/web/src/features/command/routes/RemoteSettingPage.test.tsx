// @vitest-environment happy-dom
import type { Command } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { button, setUpScreenTests, tableRows, type, until } from '../../../test/screen.tsx';
import { deviceServer, openDeviceScreen, READ_AT, reportedOf, SN } from '../testDevice.ts';

describe('remote setting screen (issue 18)', () => {
  setUpScreenTests();

  it('reads the connected device on opening, shows what it reported with the plant-local time, and follows the command live', async () => {
    const server = deviceServer();
    const screen = await openDeviceScreen('remote-setting');
    await until(() => server.bodies('/c/v0/device/setting/get').length === 1);
    expect(server.bodies('/c/v0/device/setting/get')).toEqual([{ sn: SN }]);
    // 08:30 UTC is 09:30 in Berlin, the plant's zone.
    expect(screen.field('Minimum SoC')?.textContent).toContain('On the device: 10 % (');
    expect(screen.field('Minimum SoC')?.textContent).toContain('9:30:00');
    expect(screen.field('Work mode')?.textContent).toContain('Self use');
    expect(screen.container.textContent).toContain('02:00–05:00 · Force charge · 3000 W, SoC 10–90 %, FDSoC 10 %');
    expect(screen.container.textContent).toContain('Connected');
    await until(() => tableRows(screen.container).length === 1);
    expect(tableRows(screen.container)[0]?.textContent).toContain('Waiting');

    // The stream tells the state; the screen shows it without asking the server again.
    const listCalls = () => server.bodies('/c/v0/device/command/list').length;
    const before = listCalls();
    const read = server.history[0] as Command;
    server.tell({ ...read, state: 'progress', progress: 40 });
    await until(() => tableRows(screen.container)[0]?.textContent?.includes('In progress') === true);
    server.tell({ ...read, state: 'done', progress: 100, result: { MinSoc: 15, MaxSoc: 50 }, finishedAt: READ_AT + 2_000 });
    await until(() => tableRows(screen.container)[0]?.textContent?.includes('Done') === true);
    expect(tableRows(screen.container)[0]?.textContent).toContain('Minimum SoC 15 %, Maximum SoC 50 %');
    expect(screen.container.querySelector('[role="status"]')?.textContent).toContain('Device answer: Minimum SoC 15 %');
    expect(listCalls()).toBe(before);
    screen.unmount();
  }, 20_000);

  it('refuses invalid values before anything is sent, and sends only what changed', async () => {
    const server = deviceServer();
    const screen = await openDeviceScreen('remote-setting');
    await until(() => server.bodies('/c/v0/device/setting/get').length === 1);

    type(screen.input('Minimum SoC'), '5');
    screen.click('Send changes');
    await until(() => screen.errors().length > 0);
    expect(screen.errors()).toEqual(['SoC must be a whole number from 10 to 100']);
    // Above the maximum the device holds (50 %): refused with the shared rule's message.
    type(screen.input('Minimum SoC'), '60');
    screen.click('Send changes');
    await until(() => screen.errors().includes('Minimum SoC must not exceed maximum SoC'));
    type(screen.input('Export limit'), '7000');
    screen.click('Send changes');
    await until(() => screen.errors().includes('Power must be from 0 to 6000'));
    expect(server.bodies('/c/v0/device/setting/set')).toEqual([]);
    // Undo goes back to what the device reported.
    screen.click('Undo changes');
    await until(() => screen.input('Minimum SoC').value === '10' && screen.input('Export limit').value === '5.0');

    type(screen.input('Export limit'), '3.5');
    type(screen.input('Minimum SoC'), '20');
    screen.click('Send changes');
    await until(() => server.bodies('/c/v0/device/setting/set').length === 1);
    expect(server.bodies('/c/v0/device/setting/set')).toEqual([{ sn: SN, settings: { MinSoc: 20, ExportLimit: 3.5 } }]);
    screen.unmount();
  }, 20_000);

  it('does not read again what the device reported within the last minute', async () => {
    const fresh = { value: 10, at: Date.now() - 5_000 };
    const server = deviceServer(reportedOf({ settings: { MinSoc: fresh } }));
    const screen = await openDeviceScreen('remote-setting');
    await until(() => screen.field('Minimum SoC') !== undefined);
    expect(server.bodies('/c/v0/device/setting/get')).toEqual([]);
    screen.unmount();
  }, 20_000);

  it('says an offline datalogger is offline, reads nothing by itself, and asks before a command that would wait', async () => {
    const server = deviceServer(reportedOf({ connected: false }));
    const screen = await openDeviceScreen('remote-setting');
    expect(screen.container.textContent).toContain('The datalogger is offline');
    expect(screen.container.textContent).toContain('Commands wait until it connects, for at most an hour');
    screen.click('Read from device');
    await until(() => screen.confirmPopup() !== null);
    expect(screen.confirmPopup()?.textContent).toContain('The datalogger is offline. Send the command anyway?');
    expect(server.bodies('/c/v0/device/setting/get')).toEqual([]);
    screen.click('Send', screen.confirmPopup() as ParentNode);
    await until(() => server.bodies('/c/v0/device/setting/get').length === 1);
    screen.unmount();
  }, 20_000);

  it('confirms the sampling interval and a restart before sending them, and refuses an interval out of range', async () => {
    const server = deviceServer();
    const screen = await openDeviceScreen('remote-setting');
    expect(screen.field('Sampling interval')?.textContent).toContain('dataloggers start at 300 s');

    type(screen.input('Sampling interval'), '30');
    screen.click('Apply interval');
    await until(() => screen.confirmPopup() !== null);
    screen.click('Send', screen.confirmPopup() as ParentNode);
    await until(() => screen.errors().includes('The sampling interval must be a whole number of seconds from 60 to 3600'));
    expect(server.bodies('/c/v0/device/config/set')).toEqual([]);

    type(screen.input('Sampling interval'), '600');
    screen.click('Apply interval');
    await until(() => screen.confirmPopup()?.textContent?.includes('Change the sampling interval to 600 s?') === true);
    screen.click('Send', screen.confirmPopup() as ParentNode);
    await until(() => server.bodies('/c/v0/device/config/set').length === 1);
    expect(server.bodies('/c/v0/device/config/set')).toEqual([{ sn: SN, intervalSec: 600 }]);

    screen.click('Restart datalogger');
    await until(() => screen.confirmPopup()?.textContent?.includes(`Restart the datalogger of ${SN}?`) === true);
    expect(server.bodies('/c/v0/device/reboot')).toEqual([]);
    screen.click('Send', screen.confirmPopup() as ParentNode);
    await until(() => server.bodies('/c/v0/device/reboot').length === 1);
    expect(server.bodies('/c/v0/device/reboot')).toEqual([{ sn: SN }]);
    screen.unmount();
  }, 20_000);

  it('shows the interval without modules configuration, and offers neither a change nor a restart', async () => {
    deviceServer();
    const screen = await openDeviceScreen('remote-setting', []);
    expect(screen.field('Sampling interval')?.textContent).toContain('dataloggers start at 300 s');
    expect(screen.input('Sampling interval').disabled).toBe(true);
    expect(button('Apply interval', screen.container)).toBeUndefined();
    expect(button('Restart datalogger', screen.container)).toBeUndefined();
    screen.unmount();
  });
});
