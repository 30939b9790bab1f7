// @vitest-environment happy-dom
import { Errno } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { fakeServer, openScreen, refusal, setUpScreenTests, until } from '../../../test/screen.tsx';

const MENUS = { menus: ['plant-maintain', 'curve', 'curve-diagnosis', 'curve-detail', 'aging', 'aging-inverter-detail'] };
const shows = (screen: { container: HTMLElement }, text: string) =>
  until(() => screen.container.textContent?.includes(text) ?? false, 10_000);

// Hidden screens are reached through links that carry what they show; opened without it, or with something out of
// scope, they say so instead of loading for ever (session 32).
describe('diagnostics screens opened without what they show', () => {
  setUpScreenTests();

  it('a scan task without an id, and one the server does not give, are not found', async () => {
    const server = fakeServer({ '/c/v0/iv/task/detail?id=9': () => refusal(Errno.notFound) });
    const missing = openScreen('curve-diagnosis', MENUS);
    await shows(missing, 'This scan task does not exist or you cannot see it.');
    missing.unmount();
    const refused = openScreen('curve-diagnosis', { ...MENUS, query: { id: '9' } });
    await shows(refused, 'This scan task does not exist or you cannot see it.');
    expect(server.calls.map((call) => call.path)).toEqual(['/c/v0/iv/task/detail?id=9']);
  });

  it("a string's curve without its scan and string is not found, and asks nothing", async () => {
    const server = fakeServer({});
    const screen = openScreen('curve-detail', { ...MENUS, query: { scan: '4' } });
    await shows(screen, 'This string scan does not exist or you cannot see it.');
    expect(server.calls).toEqual([]);
  });

  it('an ageing inverter without its run or serial number is not found', async () => {
    const server = fakeServer({ '/c/v0/aging/device/detail?runId=7&sn=NOPE': () => refusal(Errno.notFound) });
    const missing = openScreen('aging-inverter-detail', { ...MENUS, query: { run: '7' } });
    await shows(missing, 'This inverter is not in the run, or you cannot see it.');
    missing.unmount();
    const refused = openScreen('aging-inverter-detail', { ...MENUS, query: { run: '7', sn: 'NOPE' } });
    await shows(refused, 'This inverter is not in the run, or you cannot see it.');
    expect(server.calls.map((call) => call.path)).toEqual(['/c/v0/aging/device/detail?runId=7&sn=NOPE']);
  });
});
