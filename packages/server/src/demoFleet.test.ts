import { type TelemetryPayload, uplinkTopic } from '@sunstack/shared';
import { DEMO_FLEET, PlantModel } from '@sunstack/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from './db/rawSql.ts';
import { createAlarmRules } from './modules/alarm/rules.ts';
import { DEMO_PASSWORD, seedDemo } from './seed/demo.ts';
import { startTestApp, type TestApp } from './test/harness.ts';

/**
 * The demo stays healthy (issue 21, item 4): the simulated fleet, every device kind included, run over days of its
 * clock into the ingest, with the alarm rules judging every two hours of it, raises no alarm while no fault
 * is simulated: no device goes silent (EMS and gateways used to send their inventory and never a reading).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.database);
});
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAYS = 2;
/** The fleet's clock moves this far between two judgements of the rules (less than their 30 minutes would hide nothing). */
const STRETCH = 2 * HOUR;
const INTERVAL = 5 * MINUTE;

describe('the demo fleet over days', () => {
  it('keeps every device reporting: no device offline, no alarm, every demo plant normal at the end', async () => {
    const rules = createAlarmRules(t.database.db);
    const end = Math.floor(Date.now() / INTERVAL) * INTERVAL;
    const start = end - DAYS * 24 * HOUR;
    const models = DEMO_FLEET.map((plant) => new PlantModel(plant, { startTs: start, faultRate: 0 }));
    const send = (sn: string, kind: 'status' | 'telemetry' | 'event', payload: unknown) =>
      t.app.ingest.receive(sn, uplinkTopic(sn, kind), Buffer.from(JSON.stringify(payload)));
    for (const plant of DEMO_FLEET) await send(plant.datalogger.sn, 'status', { online: true });
    // The seed stamps its devices as seen now; the fleet's clock starts two days back, so they were last seen then.
    await t.database.db.execute(sql`update device set last_seen_at = ${new Date(start)} where datalogger_sn like '86%'`);

    const raised: string[] = [];
    let seq = 0;
    // Two hours of the fleet's clock at a time: each datalogger's samples of them in one message, then the rules.
    for (let from = start; from < end; from += STRETCH) {
      seq++;
      // Side by side, as dataloggers send: the ingest stores them in one batch.
      await Promise.all(
        models.map((model) => {
          const samples: TelemetryPayload['samples'] = [];
          for (let ts = from + INTERVAL; ts <= from + STRETCH; ts += INTERVAL) samples.push(...model.step(ts).samples);
          return send(model.plant.datalogger.sn, 'telemetry', { seq, samples });
        }),
      );
      await t.app.ingest.flush();
      await rules.evaluate(new Date(from + STRETCH));
      const alarms = await selectRows<{ code: number; sn: string | null }>(
        t.database.db,
        sql`select a.code, d.sn from alarm a left join device d on d.id = a.device_id where a.cleared_at is null`,
      );
      for (const alarm of alarms) raised.push(`${new Date(from + STRETCH).toISOString()} ${alarm.code} ${alarm.sn}`);
      if (raised.length > 0) break;
    }
    expect(raised).toEqual([]);

    // Every device of the fleet reported within the last interval of its clock.
    const stale = await selectRows<{ sn: string; type: string }>(
      t.database.db,
      sql`select d.sn, d.type from device d join datalogger dl on dl.sn = d.datalogger_sn
        where dl.sn like '86%' and (d.last_seen_at is null or d.last_seen_at < ${new Date(end - INTERVAL)})`,
    );
    expect(stale).toEqual([]);
    const kinds = await selectRows<{ type: string }>(
      t.database.db,
      sql`select distinct d.type from device d join datalogger dl on dl.sn = d.datalogger_sn where dl.sn like '86%' order by 1`,
    );
    expect(kinds.map((kind) => kind.type)).toEqual(expect.arrayContaining(['ems', 'gateway', 'meter']));

    const token = await t.signIn('demo_admin', DEMO_PASSWORD);
    const summary = await t.call('GET', '/c/v0/plant/summary', undefined, { token });
    expect(summary.body.result.plants).toMatchObject({ total: DEMO_FLEET.length, normal: DEMO_FLEET.length });
  }, 240_000);
});
