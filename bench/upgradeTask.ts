import { createServer } from 'node:net';
import { imageOf, inverterFirmware, uploadFirmware } from '@sunstack/server/src/modules/firmware/testFirmware.ts';
import type { TestAccount, TestApp } from '@sunstack/server/src/test/harness.ts';
import { Access, type UpgradeTask } from '@sunstack/shared';
import { type RunningApp, signedInAccount, startApp } from './appServer.ts';
import { type CommandFleet, startCommandFleet } from './commandFleet.ts';
import type { BenchResult } from './figures.ts';

const DATALOGGERS = 10_000;
const FIRST_SN = 830_000_000_000_000;
const SECRET = 'bench-upgrade-datalogger-secret';
/** The issue names no figure; group remote's (the same command path) is the bar. */
const BUDGET_DISPATCH_PER_S = 2_000;
const IMAGE_BYTES = 16 * 1024;
/** The second figure: this many devices download an image of this size at once. */
const BIG_DEVICES = 200;
const BIG_IMAGE_BYTES = 2 * 1024 * 1024;
/** The simulated dataloggers are split over this many load processes (their open files, see CommandFleetOptions). */
const LOAD_PROCESSES = 2;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The firmware test helpers speak to a test app; the bench's app answers the same calls (uploads go in-process, as setup). */
const asTestApp = (server: RunningApp) =>
  ({
    app: server.app,
    call: async (_method: string, path: string, body: unknown, options: { token?: string }) => ({
      status: 200,
      body: await server.call(path, body, options.token),
    }),
  }) as unknown as TestApp;

/**
 * An upgrade task of 10,000 inverters (issue 20), one per simulated datalogger, through Mosquitto (the shipped
 * configuration). The server (API, ingest, dispatcher, downloads) is one process; the dataloggers in a load process
 * answer with the simulator's command processor: each downloads the image from its own URL, checks size and SHA-256
 * and reports done. Measured: the create call (10,000 commands, their entries and download tokens in one unit of
 * work), commands dispatched per second, and the time until every device is done.
 */
export async function run(): Promise<BenchResult> {
  const port = await freePort();
  const server = await startApp({ WEB_DIST: '/nonexistent', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  let fleet: CommandFleet | undefined;
  try {
    const { token } = await signedInAccount(server, 'upgrade_admin', Access.admin);
    const admin = { token } as TestAccount;
    const uploaded = await uploadFirmware(asTestApp(server), admin, imageOf(IMAGE_BYTES), inverterFirmware('1.50'));
    if (uploaded.errno !== 0) throw new Error(`firmware upload answered ${JSON.stringify(uploaded)}`);
    const firmwareId = uploaded.result.id as number;
    await server.call('/c/v0/firmware/publish', { id: firmwareId }, token);
    fleet = await startCommandFleet(server, {
      owner: 'upgrade_admin',
      firstSn: FIRST_SN,
      count: DATALOGGERS,
      secret: SECRET,
      instance: 'bench-upgrade',
      firmware: { master: '1.42' },
      loadProcesses: LOAD_PROCESSES,
    });
    const { inverters } = fleet;

    const cpuBefore = process.cpuUsage();
    const brokerBefore = fleet.brokerCpuMicros();
    const memoryBefore = process.memoryUsage().rss;
    let memoryPeak = memoryBefore;
    const started = performance.now();
    const created = await server.call('/c/v0/upgrade/create', { name: 'Fleet to 1.50', firmwareId, sns: inverters }, token);
    const createMs = performance.now() - started;
    if (created.errno !== 0 || created.result.sent !== DATALOGGERS)
      throw new Error(`upgrade/create answered ${JSON.stringify(created).slice(0, 300)}`);
    const taskId = created.result.id as number;
    let doneMs = 0;
    let counts: UpgradeTask['counts'];
    for (;;) {
      memoryPeak = Math.max(memoryPeak, process.memoryUsage().rss);
      const { result } = await server.call('/c/v0/upgrade/devices', { id: taskId }, token);
      counts = (result as { task: UpgradeTask }).task.counts;
      if (counts.completed + counts.failed === DATALOGGERS) {
        doneMs = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const cpu = process.cpuUsage(cpuBefore);
    const brokerMsPerDevice = (fleet.brokerCpuMicros() - brokerBefore) / 1000 / DATALOGGERS;
    const [times] = await server.database.scriptTransaction((run) =>
      run(`select extract(epoch from (max(c.sent_at) - t.created_at)) * 1000 as sent_ms,
        extract(epoch from (max(c.sent_at) - min(c.sent_at))) * 1000 as spread_ms
        from upgrade_device u join device_command c on c.id = u.command_id join upgrade_task t on t.id = u.task_id
        where t.id = ${taskId} group by t.created_at`),
    );
    const reasons = await server.database.scriptTransaction((run) =>
      run(`select coalesce(c.error, c.state) as reason, count(*)::int as n
        from upgrade_device u join device_command c on c.id = u.command_id
        where u.task_id = ${taskId} and c.state <> 'done' group by 1 order by 2 desc limit 5`),
    );
    const failures = reasons.map((row) => `${row.n} × "${row.reason}"`).join(', ') || 'none';

    // The second figure: 200 devices download a 2 MB image at once.
    const big = await uploadFirmware(asTestApp(server), admin, imageOf(BIG_IMAGE_BYTES), inverterFirmware('1.60'));
    if (big.errno !== 0) throw new Error(`firmware upload answered ${JSON.stringify(big)}`);
    await server.call('/c/v0/firmware/publish', { id: big.result.id }, token);
    const bigMemoryBefore = process.memoryUsage().rss;
    let bigMemoryPeak = bigMemoryBefore;
    const bigStarted = performance.now();
    const bigCreated = await server.call(
      '/c/v0/upgrade/create',
      { name: 'Big image', firmwareId: big.result.id, sns: inverters.slice(0, BIG_DEVICES) },
      token,
    );
    if (bigCreated.errno !== 0 || bigCreated.result.sent !== BIG_DEVICES)
      throw new Error(`upgrade/create answered ${JSON.stringify(bigCreated).slice(0, 300)}`);
    let bigCounts: UpgradeTask['counts'];
    let bigMs = 0;
    for (;;) {
      bigMemoryPeak = Math.max(bigMemoryPeak, process.memoryUsage().rss);
      const { result } = await server.call('/c/v0/upgrade/devices', { id: bigCreated.result.id }, token);
      bigCounts = (result as { task: UpgradeTask }).task.counts;
      if (bigCounts.completed + bigCounts.failed === BIG_DEVICES) {
        bigMs = performance.now() - bigStarted;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const bigMbPerS = (bigCounts.completed * BIG_IMAGE_BYTES) / 1048576 / (bigMs / 1000);
    const spreadMs = Number(times?.spread_ms);
    const sentMs = Number(times?.sent_ms);
    const dispatchedPerS = DATALOGGERS / (spreadMs / 1000);
    return {
      title: 'Upgrade task of 10,000 devices',
      database: server.engine,
      figures: [
        { name: 'Upgrade task: 10,000 commands made (upgrade/create call)', value: `${(createMs / 1000).toFixed(2)} s` },
        {
          name: 'Upgrade task: commands dispatched per second through Mosquitto (first to last sent)',
          value: `${Math.round(dispatchedPerS).toLocaleString('en')}/s`,
          budget: `>= ${BUDGET_DISPATCH_PER_S.toLocaleString('en')}/s`,
          pass: dispatchedPerS >= BUDGET_DISPATCH_PER_S,
        },
        { name: 'Upgrade task: time until all 10,000 downloaded, verified and done', value: `${(doneMs / 1000).toFixed(1)} s` },
        { name: 'Upgrade task: devices of the 10,000 done', value: counts.completed.toLocaleString('en') },
        { name: 'Upgrade task: Mosquitto CPU per device, from the call to all done', value: `${brokerMsPerDevice.toFixed(3)} ms` },
        { name: 'Upgrade task: 200 devices download a 2 MB image at once, until all done', value: `${(bigMs / 1000).toFixed(1)} s` },
        { name: 'Upgrade task: 200 × 2 MB download throughput (done images)', value: `${bigMbPerS.toFixed(1)} MB/s` },
        { name: 'Upgrade task: 200 × 2 MB server memory (RSS) at most', value: `${Math.round(bigMemoryPeak / 1048576)} MB` },
      ],
      details: [
        `${DATALOGGERS.toLocaleString('en')} simulated dataloggers with one inverter each (master 1.42), in two load processes of their own (simulator ` +
          "`runLoad` with `answerCommands`: the simulator's command processor downloads each image over HTTP from its command's URL, checks " +
          'size and SHA-256 and reports done; installing is instant there), connected to Mosquitto with the shipped configuration. The server ' +
          '(API, ingest, dispatcher, the downloads) is one process. `POST /c/v0/upgrade/create` with 10,000 SNs and a published 16 KB image made ' +
          `the task, 10,000 firmware.upgrade commands, their download tokens and operation log entries in one unit of work in ${(createMs / 1000).toFixed(2)} s; ` +
          `the last command was marked sent ${(sentMs / 1000).toFixed(2)} s after the task was made, first to last sent took ${(spreadMs / 1000).toFixed(2)} s; ` +
          `all devices had finished (${counts.completed.toLocaleString('en')} done, ${counts.failed} failed) ${(doneMs / 1000).toFixed(1)} s after the call began (the task's counts, read every 200 ms). ` +
          `Server CPU from the call to all done: ${((cpu.user + cpu.system) / 1000 / DATALOGGERS).toFixed(2)} ms per device (call, dispatch, download, replies), Mosquitto's ${brokerMsPerDevice.toFixed(3)} ms (the command and four replies); ` +
          `server memory (RSS) ${Math.round(memoryBefore / 1048576)} MB before, at most ${Math.round(memoryPeak / 1048576)} MB while it ran. ` +
          `Not done: ${failures}.`,
        `Then ${BIG_DEVICES} of them were sent a 2 MB image (a second task): ${bigCounts.completed} done, ${bigCounts.failed} failed, ` +
          `${(bigMs / 1000).toFixed(1)} s from the call to the last done (${bigMbPerS.toFixed(1)} MB/s of verified images), ` +
          `server memory (RSS) ${Math.round(bigMemoryBefore / 1048576)} MB before, at most ${Math.round(bigMemoryPeak / 1048576)} MB (read every 100 ms).`,
      ],
    };
  } finally {
    await fleet?.close();
    await server.close();
  }
}
