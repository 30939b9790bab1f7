import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type DataLoop, startDataLoop } from './dataLoop.ts';
import { openDatabase } from './db/client.ts';
import { startFromTemplate } from './db/embeddedTemplate.ts';
import { migrate } from './db/migrate.ts';
import { startDemoFleet } from './demoFleet.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo.ts';

/**
 * The whole server as `npm start` runs it: database and migrations, demo seed, and the roles of
 * the configuration (api, jobs, ingest with its command dispatcher, the demo's simulated fleet).
 * main.ts starts it and stops it on a signal; the first-start benchmark runs the same thing.
 */
export async function startServer(config: Config) {
  if (!config.databaseUrl) await startFromTemplate(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  const app = await buildApp({ config, database });
  const { http } = app;
  app.platformLog.record({
    kind: 'start',
    severity: 'info',
    message: `process started (${config.roles.join(', ')})`,
    details: { roles: config.roles, node: process.version, pid: process.pid },
  });
  if (applied.length > 0) {
    app.platformLog.record({ kind: 'migration', severity: 'info', message: `${applied.length} migrations applied`, details: { applied } });
  }
  // The demo is a convenience: what users changed in it may keep a part from being seeded, never the server from starting.
  const seeded =
    config.demo && (await seedDemo(database).catch((error: unknown) => http.log.error({ err: error }, 'demo seed incomplete')));
  if (seeded) {
    http.log.info(`demo data seeded; accounts ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')} (password ${DEMO_PASSWORD})`);
  }

  const stop = new AbortController();
  const tasks: Promise<unknown>[] = [];
  if (config.roles.includes('jobs')) tasks.push(app.runJobs(stop.signal));
  let dataLoop: DataLoop | undefined;
  if (config.roles.includes('ingest')) {
    dataLoop = await startDataLoop(config, app.ingest, http.log);
    // Commands go out where the broker is.
    tasks.push(app.runCommandDispatcher(dataLoop.publish, stop.signal));
  }
  const fleet =
    config.demo && dataLoop && config.roles.includes('simulator')
      ? await startDemoFleet(config, database, dataLoop.brokerUrl, {
          info: (m) => http.log.info(m),
          warn: (m) => http.log.warn(m),
          error: (m) => http.log.error(m),
        })
      : undefined;
  if (config.roles.includes('api')) {
    await http.listen({ port: config.port, host: config.host });
    http.log.info(`Sunstack console on ${config.publicUrl} (${database.kind}${config.demo ? ', demo' : ''})`);
  }

  return {
    database,
    http,
    dataLoop,
    fleet,
    async close() {
      stop.abort();
      await fleet?.stop();
      await http.close();
      await dataLoop?.close();
      await Promise.allSettled(tasks);
      await database.close();
    },
  };
}
