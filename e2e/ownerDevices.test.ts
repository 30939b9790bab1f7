import { uplinkTopic } from '@sunstack/shared';
import { DEMO_FLEET_METADATA } from '@sunstack/simulator';
import { describe, it } from 'vitest';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const MINUTE = 60_000;

describe("owners' device figures (issue 21, feature 4)", () => {
  it('shows a battery’s health, an EV charger’s sessions and an inverter’s strings with the weak one flagged', async () => {
    const freiburg = DEMO_FLEET_METADATA[0] as (typeof DEMO_FLEET_METADATA)[number];
    const snOf = (type: string) => freiburg.devices.find((d) => d.type === type)?.sn as string;
    const [inverter, battery, charger] = [snOf('inverter'), snOf('battery'), snOf('evCharger')];
    // The last few minutes: three strings, the third at a third of the others; a car plugged in and charging; the battery's SoH.
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const samples = Array.from({ length: 5 }, (_, i) => {
      const ts = now - (4 - i) * MINUTE;
      return [
        { ts, device: inverter, vars: { pv1Power: 2.4, pv2Power: 2.4, pv3Power: 0.8 } },
        { ts, device: charger, vars: { connectorState: 2, sessionEnergy: 0.2 * (i + 1), chargePower: 11 } },
        { ts, device: battery, vars: { SoC: 50, ResidualEnergy: 5, SOH: 97.5 } },
      ];
    }).flat();
    await suite.server.app.ingest.receive(
      freiburg.dataloggerSn,
      uplinkTopic(freiburg.dataloggerSn, 'telemetry'),
      Buffer.from(JSON.stringify({ seq: 1, samples })),
    );

    const page = await suite.page();
    await signIn(page, 'demo_user', '/bus/index');
    await page.goto(`/bus/device/inverterDetail?sn=${inverter}`);
    const strings = page.locator('.ant-card').filter({ hasText: 'String comparison' });
    await visible(strings.getByText(/String 3 produced far less than the others/));
    await visible(strings.getByRole('img', { name: 'String comparison' }));
    await visible(strings.getByText('Europe/Berlin', { exact: false }));

    await page.goto(`/bus/device/inverterDetail?sn=${charger}`);
    const sessions = page.locator('.ant-card').filter({ hasText: 'Charging sessions' });
    await visible(sessions.getByText('Still plugged in'));
    await visible(sessions.getByRole('cell', { name: '1.00 kWh' }));

    await page.goto(`/bus/device/battery?sn=${battery}`);
    const health = page.locator('.ant-card').filter({ hasText: 'Battery health' });
    await visible(health.getByText('97.5 %'));
    await visible(health.getByText('10 kWh'));
    await snap(page, 'owners-battery-health');
  });
});
