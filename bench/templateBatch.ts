import { Access, type Batch, type Strategy } from '@sunstack/shared';
import { signedInAccount, startApp } from './appServer.ts';
import { type CommandFleet, startCommandFleet } from './commandFleet.ts';
import type { BenchResult } from './figures.ts';

const DATALOGGERS = 10_000;
const FIRST_SN = 820_000_000_000_000;
const SECRET = 'bench-template-datalogger-secret';
const BUDGET_DISPATCH_PER_S = 2_000;

const STRATEGY: Strategy = {
  WorkMode: 'TimePeriods',
  MinSoc: 15,
  SchedulePeriods: [
    { start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 15, fdSoc: 15, fdPwr: 3000, maxSoc: 90 },
    { start: '17:00', end: '20:00', mode: 'ForceDischarge', minSocOnGrid: 15, fdSoc: 30, fdPwr: 2500, maxSoc: 100 },
  ],
  PricePeriods: [],
};

/**
 * Group remote at fleet size (issue 18): a template applied to a device group of 10,000 inverters,
 * one per simulated datalogger, through Mosquitto (the shipped configuration). The server (API,
 * ingest, dispatcher) runs here; the dataloggers in a load process answer with the simulator's
 * command processor. Measured: the create call (10,000 commands and their operation log entries in
 * one unit of work), commands dispatched per second (from the batch's creation to the last command
 * marked sent), and the time until every command is done.
 */
export async function run(): Promise<BenchResult> {
  const server = await startApp({ WEB_DIST: '/nonexistent' });
  let fleet: CommandFleet | undefined;
  try {
    const { token } = await signedInAccount(server, 'template_admin', Access.admin);
    fleet = await startCommandFleet(server, {
      owner: 'template_admin',
      firstSn: FIRST_SN,
      count: DATALOGGERS,
      secret: SECRET,
      instance: 'bench-template',
      batteries: true,
    });
    const { connectSeconds } = fleet;
    // A device group of all the inverters.
    await server.database.execute(`
      INSERT INTO asset_group (kind, name, organisation_id, created_by)
      SELECT 'device', 'All batteries', a.organisation_id, a.id FROM account a WHERE a.username = 'template_admin';
      INSERT INTO asset_group_member (group_id, device_sn) SELECT g.id, d.sn FROM asset_group g, device d WHERE g.name = 'All batteries' AND d.type = 'inverter';
      ANALYZE`);
    const [group] = await server.database.scriptTransaction((run) => run(`select id from asset_group where name = 'All batteries'`));
    const template = await server.call('/c/v0/template/create', { name: 'Night charge, evening discharge', strategy: STRATEGY }, token);
    const count = async (query: string) => Number((await server.database.scriptTransaction((run) => run(query)))[0]?.n ?? 0);

    const cpuBefore = process.cpuUsage();
    const brokerBefore = fleet.brokerCpuMicros();
    const started = performance.now();
    const created = await server.call(
      '/c/v0/device/batch/create',
      { target: { kind: 'group', groupId: Number(group?.id) }, templateId: template.result.id },
      token,
    );
    const createMs = performance.now() - started;
    if (created.errno !== 0 || created.result.commands !== DATALOGGERS) throw new Error(`batch/create answered ${JSON.stringify(created)}`);
    const batchId = created.result.batchId as string;
    let doneMs = 0;
    for (;;) {
      const { result } = await server.call(`/c/v0/device/batch/detail?id=${batchId}`, undefined, token);
      const { counts } = result as Batch;
      if (counts.done + counts.failed + counts.cancelled === DATALOGGERS) {
        doneMs = performance.now() - started;
        if (counts.done !== DATALOGGERS) throw new Error(`not every command done: ${JSON.stringify(counts)}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cpu = process.cpuUsage(cpuBefore);
    const brokerMsPerCommand = (fleet.brokerCpuMicros() - brokerBefore) / 1000 / DATALOGGERS;
    const [times] = await server.database.scriptTransaction((run) =>
      run(`select extract(epoch from (max(c.sent_at) - b.created_at)) * 1000 as sent_ms,
        extract(epoch from (max(c.sent_at) - min(c.sent_at))) * 1000 as spread_ms,
        extract(epoch from (max(c.finished_at) - b.created_at)) * 1000 as finished_ms
        from device_command c join command_batch b on b.id = c.batch_id where b.id = '${batchId}' group by b.created_at`),
    );
    const sentMs = Number(times?.sent_ms);
    const spreadMs = Number(times?.spread_ms);
    // Dispatch proper: from the first command sent to the last; and from the batch's creation, its transaction included.
    const dispatchedPerS = DATALOGGERS / (spreadMs / 1000);
    const sinceCreatedPerS = DATALOGGERS / (sentMs / 1000);
    const entries = await count(`select count(*)::int as n from audit_log where after->>'batchId' = '${batchId}'`);
    return {
      title: 'Template to 10,000 dataloggers',
      database: server.engine,
      figures: [
        { name: 'Template batch: 10,000 commands made (batch/create call)', value: `${(createMs / 1000).toFixed(2)} s` },
        {
          name: 'Template batch: commands dispatched per second through Mosquitto (first to last sent)',
          value: `${Math.round(dispatchedPerS).toLocaleString('en')}/s`,
          budget: `>= ${BUDGET_DISPATCH_PER_S.toLocaleString('en')}/s`,
          pass: dispatchedPerS >= BUDGET_DISPATCH_PER_S,
        },
        {
          name: "Template batch: commands sent per second from the batch's creation (its transaction included)",
          value: `${Math.round(sinceCreatedPerS).toLocaleString('en')}/s`,
        },
        { name: 'Template batch: time until all 10,000 done', value: `${(doneMs / 1000).toFixed(1)} s` },
        { name: 'Template batch: Mosquitto CPU per command, from the call to all done', value: `${brokerMsPerCommand.toFixed(3)} ms` },
      ],
      details: [
        `${DATALOGGERS.toLocaleString('en')} simulated dataloggers, each with one inverter and its battery, in a load process of their own (simulator ` +
          "`runLoad` with `answerCommands`: the simulator's command processor checks and applies each setting.set, no physics, no telemetry), " +
          'connected to Mosquitto with the shipped configuration (`deploy/mosquitto/mosquitto.conf`, every datalogger in its dynamic security ' +
          `file); they connected and were online in the database after ${connectSeconds.toFixed(1)} s. The server (API, ingest, command ` +
          'dispatcher) is one process. An administrator sends a template (work mode by time periods, minimum SoC, two periods) to a device ' +
          'group of all 10,000 inverters: `POST /c/v0/device/batch/create` makes the batch, 10,000 setting.set commands and ' +
          `${(entries + 1).toLocaleString('en')} operation log entries (one per command, plus the batch's) in one unit of work in ` +
          `${(createMs / 1000).toFixed(2)} s; the dispatcher (2,000 commands a pass) had marked the last one sent ${(sentMs / 1000).toFixed(2)} s after ` +
          `the batch was made (${Math.round(sinceCreatedPerS).toLocaleString('en')} commands/s), the first to the last sent took ` +
          `${(spreadMs / 1000).toFixed(2)} s (${Math.round(dispatchedPerS).toLocaleString('en')} commands/s); every command was done (the device's reply stored) ${(Number(times?.finished_ms) / 1000).toFixed(1)} s after the batch ` +
          `was made, and ${(doneMs / 1000).toFixed(1)} s after the call began by the batch's own counts (read every 100 ms). Server CPU from the ` +
          `call to all done: ${((cpu.user + cpu.system) / 1000 / DATALOGGERS).toFixed(2)} ms per command (call, dispatch, reply, operation log answer); ` +
          `Mosquitto's: ${brokerMsPerCommand.toFixed(3)} ms per command (from /proc, 10 ms ticks).`,
      ],
    };
  } finally {
    await fleet?.close();
    await server.close();
  }
}
