import { Access, Errno, uplinkTopic } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../test/eventStream.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let plant: FleetPlant;
let admin: TestAccount;
let stranger: TestAccount;
let base = '';

beforeAll(async () => {
  t = await startTestApp();
  plant = await createFleetPlant(t.database.db, { timeZone: 'Asia/Tokyo' });
  admin = await t.createAccount(Access.admin);
  stranger = await t.createAccount(Access.endUser);
  base = await t.app.http.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const PATH = '/c/v0/device/real/stream';

describe('device live stream', () => {
  it('answers a device out of scope exactly like a missing one, before any stream opens', async () => {
    const sn = plant.devices[0]?.sn as string;
    const refused = await fetch(`${base}${PATH}?sn=${sn}`, { headers: signedHeaders(PATH, stranger.token, 'en') });
    const missing = await fetch(`${base}${PATH}?sn=NOPE`, { headers: signedHeaders(PATH, stranger.token, 'en') });
    expect(await refused.json()).toEqual({ errno: Errno.notFound, result: {} });
    expect(await missing.json()).toEqual({ errno: Errno.notFound, result: {} });
  });

  it("sends the device now, then its new values and today's energy in its plant's day when data arrives", async () => {
    const sn = plant.devices[0]?.sn as string;
    const abort = new AbortController();
    const response = await fetch(`${base}${PATH}?sn=${sn}`, { headers: signedHeaders(PATH, admin.token, 'en'), signal: abort.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const next = eventsOf<{ [key: string]: unknown; today: Record<string, number> }>(response);
    // Nothing reported yet: no values, no energy, and the zone its exports and "today" use.
    expect(await next()).toEqual({ sn, ts: null, vars: {}, timeZone: 'Asia/Tokyo', today: {} });

    // Two samples a minute apart: their counter increase lands in the later one's local day, today.
    const now = Date.now();
    const samples = [
      { ts: now - 60_000, device: sn, vars: { pvPower: 2, PVEnergyTotal: 10 } },
      { ts: now, device: sn, vars: { pvPower: 2.5, PVEnergyTotal: 10.04 } },
    ];
    await t.app.ingest.receive(
      plant.dataloggerSn,
      uplinkTopic(plant.dataloggerSn, 'telemetry'),
      Buffer.from(JSON.stringify({ seq: 1, samples })),
    );
    const started = Date.now();
    const pushed = await next();
    console.info(`device stream: new data pushed ${Date.now() - started} ms after the ingest stored it`);
    expect(pushed).toMatchObject({ sn, ts: now, vars: { pvPower: 2.5, PVEnergyTotal: 10.04 }, timeZone: 'Asia/Tokyo' });
    expect(pushed?.today.PVEnergyTotal).toBeCloseTo(0.04, 6);
    abort.abort();
  });
});
