import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type DataLoop, startDataLoop } from '@sunstack/server/src/dataLoop.ts';
import { externalConfig, type Mosquitto, startMosquitto } from '@sunstack/server/src/modules/broker/testMosquitto.ts';
import { hashDeviceSecret } from '@sunstack/server/src/modules/datalogger/secret.ts';
import { deviceSn } from '@sunstack/simulator';
import type { RunningApp } from './appServer.ts';
import { TICKS_PER_SECOND, ticksOf } from './databaseCpu.ts';
import type { TemplateLoadJob } from './templateBatchLoad.ts';

export interface CommandFleetOptions {
  /** The account that registers the dataloggers (its organisation holds them). */
  owner: string;
  firstSn: number;
  count: number;
  secret: string;
  /** INGEST_INSTANCE of the data loop (its Mosquitto sessions). */
  instance: string;
  /** The inverters' firmware as the inventory reports it, when it matters. */
  firmware?: Record<string, string>;
  /** A battery beside each inverter (battery settings go only to inverters with one); its SN is `B<datalogger SN>`. */
  batteries?: boolean;
  /**
   * Each device holds an MQTT connection and, while it downloads, an HTTP one: 10,000 of each in one process pass its
   * open-file limit (20,000 here), which real devices, each its own host, never share. 1 when absent.
   */
  loadProcesses?: number;
}

export interface CommandFleet {
  /** The dataloggers' SNs, and each one's inverter at the same index. */
  sns: string[];
  inverters: string[];
  /** From the first load process started to every datalogger online in the database. */
  connectSeconds: number;
  /** Mosquitto's CPU time so far, in µs (its saves are most of what a command costs it: bench/RESULTS.md). */
  brokerCpuMicros(): number;
  close(): Promise<void>;
}

const quiet = { info: () => {}, warn: () => {} };

/** Resolves with the child's first line of output. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0] as string);
    });
    child.on('exit', (code) => reject(new Error(`the load process exited with ${code}`)));
  });
}

/**
 * The fleet of the command benchmarks (group remote, upgrade tasks): `count` dataloggers with one inverter each,
 * written straight into the database (one shared secret), Mosquitto with the shipped configuration knowing them all,
 * the server's data loop and command dispatcher on it, and the dataloggers in load processes of their own answering
 * commands with the simulator's command processor. Resolves once every one is online in the database.
 */
export async function startCommandFleet(server: RunningApp, options: CommandFleetOptions): Promise<CommandFleet> {
  const { owner, firstSn, count, secret } = options;
  const sns = Array.from({ length: count }, (_, i) => String(firstSn + i));
  const inverters = sns.map((sn) => deviceSn('C3020', `D${sn}`, 1));
  let mosquitto: Mosquitto | undefined;
  let loop: DataLoop | undefined;
  let loads: ChildProcess[] = [];
  const stop = new AbortController();
  let dispatcher: Promise<void> | undefined;
  const close = async () => {
    for (const child of loads) child.kill();
    stop.abort();
    await dispatcher;
    await loop?.close();
    await mosquitto?.stop();
  };
  try {
    await server.database.execute(`
      INSERT INTO datalogger (sn, secret_hash, organisation_id, registered_by)
      SELECT (${firstSn} + i)::text, '${hashDeviceSecret(secret)}', a.organisation_id, a.id
      FROM account a, generate_series(0, ${count - 1}) AS i WHERE a.username = '${owner}';
      INSERT INTO device (sn, datalogger_sn, type, model, firmware)
      SELECT given.sn, given.datalogger, 'inverter', 'T-20', '${JSON.stringify(options.firmware ?? {})}'::jsonb
      FROM jsonb_to_recordset('${JSON.stringify(inverters.map((sn, i) => ({ sn, datalogger: sns[i] })))}'::jsonb) AS given(sn text, datalogger text);
      ${options.batteries ? `INSERT INTO device (sn, datalogger_sn, type, model) SELECT 'B' || sn, sn, 'battery', 'B-10' FROM datalogger WHERE sn::numeric BETWEEN ${firstSn} AND ${firstSn + count - 1};` : ''}
      ANALYZE`);
    mosquitto = await startMosquitto({ dataloggers: sns.map((sn) => ({ sn, secret })) });
    const brokerUrl = mosquitto.url;
    loop = await startDataLoop(externalConfig(brokerUrl, { INGEST_INSTANCE: options.instance }), server.app.ingest, quiet);
    dispatcher = server.app.runCommandDispatcher(loop.publish, stop.signal);
    const connectStarted = performance.now();
    const processes = options.loadProcesses ?? 1;
    const share = Math.ceil(count / processes);
    loads = Array.from({ length: processes }, (_, index) => {
      const job: TemplateLoadJob = {
        url: brokerUrl,
        firstSn: firstSn + index * share,
        count: Math.min(share, count - index * share),
        secret,
      };
      const script = fileURLToPath(new URL('./templateBatchLoad.ts', import.meta.url));
      return spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
    });
    const connected = (
      await Promise.all(loads.map(async (child) => (JSON.parse(await firstLine(child)) as { connected: number }).connected))
    ).reduce((sum, n) => sum + n, 0);
    if (connected !== count) throw new Error(`${connected} of ${count} dataloggers connected`);
    const online = async () =>
      Number((await server.database.scriptTransaction((run) => run('select count(*)::int as n from datalogger where online')))[0]?.n);
    while ((await online()) < count) await new Promise((resolve) => setTimeout(resolve, 250));
    const broker = mosquitto;
    return {
      sns,
      inverters,
      connectSeconds: (performance.now() - connectStarted) / 1000,
      brokerCpuMicros: () => ((ticksOf(broker.pid()) ?? 0) * 1_000_000) / TICKS_PER_SECOND,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
