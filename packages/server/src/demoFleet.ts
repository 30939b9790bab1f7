import { join } from 'node:path';
import { DEMO_FLEET_METADATA, type FleetHandle, runFleet } from '@sunstack/simulator';
import { eq, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { selectRows } from './db/rawSql.ts';
import { datalogger } from './db/schema.ts';
import { createDynsec } from './modules/broker/mosquittoDynsec.ts';
import { hashDeviceSecret, newDeviceSecret } from './modules/datalogger/secret.ts';

/**
 * The simulated fleet of the demo (embedded database only), connected to this process's broker
 * (or MQTT_URL's) like real dataloggers. Secrets are shown once at registration and stored only as hashes, so
 * each start issues the fleet's dataloggers fresh ones and hands them to the simulator in memory.
 * History is backfilled from the newest sample already stored, so a restart sends only the gap.
 */
export async function startDemoFleet(
  config: Config,
  database: Database,
  brokerUrl: string,
  log: { info(message: string): void; warn(message: string): void; error(message: string): void },
): Promise<FleetHandle> {
  const { db } = database;
  const secrets = new Map<string, string>();
  for (const { dataloggerSn } of DEMO_FLEET_METADATA) {
    const secret = newDeviceSecret();
    await db
      .update(datalogger)
      .set({ secretHash: hashDeviceSecret(secret) })
      .where(eq(datalogger.sn, dataloggerSn));
    secrets.set(dataloggerSn, secret);
  }
  if (config.mqtt.external) {
    // An external broker checks the secrets itself: it learns the new ones too.
    const broker = await createDynsec(config.mqtt.external, log).open();
    try {
      await broker.provision([...secrets].map(([sn, secret]) => ({ sn, secret })));
    } finally {
      broker.close();
    }
  }
  const fleet = await runFleet({
    url: brokerUrl,
    secretOf: (sn) => secrets.get(sn) ?? '',
    resumeFrom: async (sn) => {
      const [row] = await selectRows<{ newest: number | null }>(
        db,
        sql`select (extract(epoch from max(l.ts)) * 1000)::float8 as newest from telemetry_latest l
          join device d on d.id = l.device_id where d.datalogger_sn = ${sn}`,
      );
      return row?.newest === null || row?.newest === undefined ? undefined : Number(row.newest);
    },
    stateDir: join(config.dataDir, 'simulator'),
    log,
  });
  log.info(`simulated fleet: ${DEMO_FLEET_METADATA.length} plants connected to ${brokerUrl}`);
  return fleet;
}
