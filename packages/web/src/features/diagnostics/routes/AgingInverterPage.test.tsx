// @vitest-environment happy-dom
import type { AgingRunDetail } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { fakeServer, openScreen, setUpScreenTests, tableRows, until } from '../../../test/screen.tsx';

const HOUR = 3_600_000;
const started = Date.UTC(2026, 10, 26, 8);
const summary = {
  id: 7,
  name: 'Rack A',
  state: 'running' as const,
  startedAt: started,
  endsAt: started + 24 * HOUR,
  createdBy: 'factory',
  outputKw: 9,
  tolerancePct: 5,
  maxTemperature: 70,
  counts: { devices: 3, waiting: 0, running: 1, pass: 0, fail: 2 },
};
const device = {
  plantName: 'Rack',
  timeZone: 'Asia/Shanghai',
  samples: 12,
  maxTemperature: 48.2,
  meanOutput: 9.01,
  judgedAt: started + HOUR,
  latest: { ts: started + HOUR, output: 9.02, temperature: 47.9 },
};
const RUN: AgingRunDetail = {
  ...summary,
  devices: [
    { ...device, sn: 'INV-A', status: 'running', reason: null, reasonValue: null },
    {
      ...device,
      sn: 'INV-B',
      status: 'fail',
      reason: 'fault',
      reasonValue: 1050,
      latest: { ts: started + HOUR, output: 0, temperature: 30 },
    },
    { ...device, sn: 'INV-C', status: 'fail', reason: 'temperature', reasonValue: 74.6, maxTemperature: 74.6 },
  ],
};

describe('ageing inverters screen (issue 24)', () => {
  setUpScreenTests();

  it("shows the newest run's devices live with the reason of each fail, and its criteria", async () => {
    const server = fakeServer({
      '/c/v0/aging/run/list': () => ({ total: 1, runs: [summary] }),
      '/c/v0/aging/run/detail?id=7': () => RUN,
    });
    const screen = openScreen('aging-inverter', { menus: ['aging', 'aging-inverter'] });
    // The first screen of a run loads its lazy chunk and Ant Design's tables: give it time.
    await until(() => tableRows(screen.container).length === 4, 10_000);
    const [run, a, b, c] = tableRows(screen.container).map((row) => row.textContent);
    expect(run).toContain('Rack A');
    expect(run).toContain('0 pass, 2 fail, 1 running, 0 waiting');
    expect(a).toContain('Running');
    expect(a).toContain('9.02 kW');
    expect(b).toContain('Fault 1050: Grid relay check failed');
    expect(c).toContain('Temperature above the limit (74.6 °C)');
    expect(screen.container.textContent).toContain('9.00 kW ± 5 %');
    expect(server.calls.map((call) => call.path)).toContain('/c/v0/aging/run/detail?id=7');
    screen.unmount();
  }, 15_000);
});
