import { ALARM_RULES, type AlarmRuleName, CLIMATES, climateOfLatitude, expectedEnergy, uplinkTopic } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createRollupJob } from '../telemetry/rollups.ts';
import { createAlarmRules } from './rules.ts';

let t: TestApp;
let rules: ReturnType<typeof createAlarmRules>;

beforeAll(async () => {
  // No jobs: the tests judge the rules at times of their own; the app's rules job judging at the same time raced them.
  t = await startTestApp({}, { jobs: false });
  rules = createAlarmRules(t.database.db);
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** A plant of its own per case (Freiburg im Breisgau), its datalogger online, one device of `type`. */
async function plantWith(type: 'inverter' | 'battery') {
  const plant = await createFleetPlant(t.database.db);
  await t.database.db.execute(sql`update plant set latitude = 47.99, longitude = 7.85 where id = ${plant.plantId}`);
  await t.database.db.execute(sql`update device set type = ${type} where id = ${plant.devices[0]?.id}`);
  await t.database.db.execute(sql`update datalogger set online = true, status_at = now() where sn = ${plant.dataloggerSn}`);
  return plant;
}

/** Samples of the plant's device, as its datalogger reports them. */
async function report(plant: FleetPlant, samples: { ts: number; vars: Record<string, number> }[]) {
  const payload = { seq: 1, samples: samples.map((s) => ({ ...s, device: plant.devices[0]?.sn })) };
  await t.app.ingest.receive(plant.dataloggerSn, uplinkTopic(plant.dataloggerSn, 'telemetry'), Buffer.from(JSON.stringify(payload)));
  await t.app.ingest.flush();
}

/** Samples every 5 minutes over `minutes` up to `at`. */
const every5 = (at: number, minutes: number, vars: (i: number) => Record<string, number>) =>
  Array.from({ length: minutes / 5 + 1 }, (_, i) => ({ ts: at - minutes * MINUTE + i * 5 * MINUTE, vars: vars(i) }));

/** The rule's alarms of the plant: active ones as 'active', cleared ones as 'cleared'. */
async function alarmsOf(plant: FleetPlant, rule: AlarmRuleName) {
  const rows = await selectRows<{ state: string; device: boolean; occurrences: number }>(
    t.database.db,
    sql`select case when cleared_at is null then 'active' else 'cleared' end as state, device_id is not null as device, occurrences
      from alarm where source = 'rule' and code = ${ALARM_RULES[rule].code} and datalogger_sn = ${plant.dataloggerSn} order by id`,
  );
  return rows.map((row) => row.state);
}

const setThresholds = (plant: FleetPlant, settings: Record<string, number>) =>
  t.database.db.execute(
    sql`insert into alarm_threshold (plant_id, settings) values (${plant.plantId}, ${JSON.stringify(settings)}::jsonb)
      on conflict (plant_id) do update set settings = excluded.settings`,
  );

describe('alarm rules', () => {
  it('raises a datalogger offline after the threshold, honours a plant threshold, and clears when it is back', async () => {
    const plant = await plantWith('inverter');
    const at = Date.now();
    await t.database.db.execute(
      sql`update datalogger set online = false, status_at = ${new Date(at - 40 * MINUTE)} where sn = ${plant.dataloggerSn}`,
    );
    await rules.evaluate(new Date(at));
    expect(await alarmsOf(plant, 'dataloggerOffline')).toEqual(['active']);
    // This plant allows an hour: not offline long enough any more.
    await setThresholds(plant, { offlineMinutes: 60 });
    await rules.evaluate(new Date(at));
    expect(await alarmsOf(plant, 'dataloggerOffline')).toEqual(['cleared']);
    // Back to the default, within the flap window: the same alarm comes back, counted twice.
    await t.database.db.execute(sql`delete from alarm_threshold where plant_id = ${plant.plantId}`);
    await rules.evaluate(new Date(at + 5 * MINUTE));
    expect(await alarmsOf(plant, 'dataloggerOffline')).toEqual(['active']);
    const [folded] = await selectRows<{ occurrences: number }>(
      t.database.db,
      sql`select occurrences from alarm where datalogger_sn = ${plant.dataloggerSn} and code = ${ALARM_RULES.dataloggerOffline.code}`,
    );
    expect(folded?.occurrences).toBe(2);
    await t.database.db.execute(
      sql`update datalogger set online = true, status_at = ${new Date(at + 26 * MINUTE)} where sn = ${plant.dataloggerSn}`,
    );
    await rules.evaluate(new Date(at + 26 * MINUTE));
    expect(await alarmsOf(plant, 'dataloggerOffline')).toEqual(['cleared']);
  });

  it('raises one alarm when two evaluations judge the same subject at once (two processes running the rules job)', async () => {
    const plant = await plantWith('inverter');
    const at = Date.now();
    await t.database.db.execute(
      sql`update datalogger set online = false, status_at = ${new Date(at - 40 * MINUTE)} where sn = ${plant.dataloggerSn}`,
    );
    const others = createAlarmRules(t.database.db);
    await Promise.all([rules.evaluate(new Date(at)), others.evaluate(new Date(at)), rules.evaluate(new Date(at))]);
    expect(await alarmsOf(plant, 'dataloggerOffline')).toEqual(['active']);
  });

  it('raises a silent device while its datalogger is online, not while the datalogger itself is offline', async () => {
    const plant = await plantWith('inverter');
    const at = Date.now();
    await report(plant, [{ ts: at - 45 * MINUTE, vars: { pvPower: 1 } }]);
    await t.database.db.execute(sql`update device set last_seen_at = ${new Date(at - 45 * MINUTE)} where id = ${plant.devices[0]?.id}`);
    await rules.evaluate(new Date(at));
    expect(await alarmsOf(plant, 'deviceOffline')).toEqual(['active']);
    await t.database.db.execute(sql`update datalogger set online = false where sn = ${plant.dataloggerSn}`);
    await rules.evaluate(new Date(at));
    expect(await alarmsOf(plant, 'deviceOffline')).toEqual(['cleared']);
  });

  it('raises a battery too cold, and clears it when it warms up', async () => {
    const plant = await plantWith('battery');
    const at = Date.now();
    await report(plant, [{ ts: at - MINUTE, vars: { batTemperature: -3, SoC: 50 } }]);
    await rules.evaluate(new Date(at));
    expect(await alarmsOf(plant, 'batteryTemperatureLow')).toEqual(['active']);
    await report(plant, [{ ts: at, vars: { batTemperature: 4, SoC: 50 } }]);
    await rules.evaluate(new Date(at));
    expect(await alarmsOf(plant, 'batteryTemperatureLow')).toEqual(['cleared']);
  });

  it('raises a SoC below the minimum for the whole window, not a short dip', async () => {
    const low = await plantWith('battery');
    const dip = await plantWith('battery');
    const at = Date.now();
    await report(
      low,
      every5(at, 70, () => ({ SoC: 6 })),
    );
    await report(
      dip,
      every5(at, 70, (i) => ({ SoC: i === 3 ? 12 : 6 })),
    );
    await rules.evaluate(new Date(at));
    expect(await alarmsOf(low, 'socBelowMinimum')).toEqual(['active']);
    expect(await alarmsOf(dip, 'socBelowMinimum')).toEqual([]);
  });

  it('raises grid voltage and frequency out of range, for 50 Hz and 60 Hz grids', async () => {
    const high = await plantWith('inverter');
    const fine60 = await plantWith('inverter');
    const off60 = await plantWith('inverter');
    const at = Date.now();
    await report(high, [{ ts: at, vars: { RVolt: 262, RFreq: 50.7 } }]);
    await report(fine60, [{ ts: at, vars: { RVolt: 230, RFreq: 60.2 } }]);
    await report(off60, [{ ts: at, vars: { RVolt: 230, RFreq: 59.2 } }]);
    await rules.evaluate(new Date(at));
    expect([await alarmsOf(high, 'gridVoltage'), await alarmsOf(high, 'gridFrequency')]).toEqual([['active'], ['active']]);
    expect([await alarmsOf(fine60, 'gridVoltage'), await alarmsOf(fine60, 'gridFrequency')]).toEqual([[], []]);
    expect(await alarmsOf(off60, 'gridFrequency')).toEqual(['active']);
  });

  it('raises no production when inverters stay at zero under a high sun, never at night (a DST night included)', async () => {
    const noon = await plantWith('inverter');
    const night = await plantWith('inverter');
    const producing = await plantWith('inverter');
    // Midday in Freiburg in June, and the night Europe/Berlin springs forward (02:00 → 03:00 local).
    const midday = Date.parse('2026-06-21T11:00:00Z');
    const dstNight = Date.parse('2026-03-29T01:30:00Z');
    await report(
      noon,
      every5(midday, 60, () => ({ pvPower: 0 })),
    );
    await report(
      producing,
      every5(midday, 60, (i) => ({ pvPower: i === 6 ? 0.4 : 0 })),
    );
    await report(
      night,
      every5(dstNight, 60, () => ({ pvPower: 0 })),
    );
    await rules.evaluate(new Date(midday));
    expect(await alarmsOf(noon, 'noProduction')).toEqual(['active']);
    expect(await alarmsOf(producing, 'noProduction')).toEqual([]);
    await rules.evaluate(new Date(dstNight));
    expect(await alarmsOf(night, 'noProduction')).toEqual([]);
    // Judged at night, the noon plant's alarm clears: its hour is no longer one of high sun.
    expect(await alarmsOf(noon, 'noProduction')).toEqual(['cleared']);
  });

  it("raises underperformance when a week's yield stays below the plant's share of its typical-weather expectation", async () => {
    const weak = await plantWith('inverter');
    const healthy = await plantWith('inverter');
    for (const plant of [weak, healthy]) await t.database.db.execute(sql`update plant set pv_size_kwp = 5 where id = ${plant.plantId}`);
    // The last eight days in Freiburg (5 kWp facing south at 30°, assumed): the healthy plant makes 90 % of the model, the weak 30 %.
    const site = { latitude: 47.99, longitude: 7.85, peakKw: 5, surface: { azimuth: 180, tilt: 30 }, climate: climateOfLatitude(47.99) };
    expect(site.climate).toBe(CLIMATES.central);
    const quarter = 15 * MINUTE;
    // Judged now, after the other cases (an alarm is never judged before its last judgement).
    const last = Math.floor(Date.now() / quarter) * quarter;
    const first = last - 8.5 * 1440 * MINUTE;
    for (const [plant, share] of [
      [weak, 0.3],
      [healthy, 0.9],
    ] as const) {
      let total = 1000;
      const samples = [];
      for (let ts = first; ts <= last; ts += quarter) {
        total += share * expectedEnergy(site, ts - quarter, ts, 'typical').kwh;
        samples.push({ ts, vars: { PVEnergyTotal: total } });
      }
      await report(plant, samples);
    }
    await createRollupJob(t.database.db, t.database.kind).settle();
    await rules.evaluate(new Date());
    expect(await alarmsOf(weak, 'underperformance')).toEqual(['active']);
    expect(await alarmsOf(healthy, 'underperformance')).toEqual([]);
    // This plant accepts 20 %: the alarm clears.
    await setThresholds(weak, { performanceMinPercent: 20 });
    await rules.evaluate(new Date());
    expect(await alarmsOf(weak, 'underperformance')).toEqual(['cleared']);
  });
});
