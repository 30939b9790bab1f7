import { createHash, randomBytes } from 'node:crypto';
import { inventoryPayload, type ReplyPayload, replyPayload } from '@sunstack/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, devicesOf } from '../plant/definition.ts';
import { DEMO_FLEET } from '../plant/fleet.ts';
import { Cleanups, inverterSamples, type Observer, startFileServer, startTestDatalogger } from '../test/observer.ts';
import { CommandProcessor, type CommandTarget, SIMULATED_FAILURE } from './commands.ts';

/** Commands of protocol.md sent over the machine's Mosquitto to a simulated datalogger. */

const cleanups = new Cleanups();
afterEach(() => cleanups.run());

async function replyTo(observer: Observer, id: string, index = 0) {
  await observer.waitFor((message) => message.kind === 'reply' && message.payload.id === id && observer.replies(id).length > index, 5000);
  return replyPayload.parse(observer.replies(id)[index]?.payload);
}

async function finalReply(observer: Observer, id: string, timeoutMs = 8000) {
  await observer.waitFor(
    (message) => message.kind === 'reply' && message.payload.id === id && ['done', 'failed'].includes(message.payload.status as string),
    timeoutMs,
  );
  return replyPayload.parse(observer.replies(id).at(-1)?.payload);
}

describe('commands', () => {
  it('runs each id at most once, answers a repeat with the first reply, fails expired ones, and settings change behaviour', async () => {
    const { plant, sn, observer } = await startTestDatalogger(cleanups);
    const inverter = plant.inverters[0]?.sn as string;

    // config.set first: the 1-second samples it asks for are checked at the end.
    await observer.command(sn, { id: 'cfg-1', type: 'config.set', device: sn, params: { intervalSec: 1 } });
    expect(await replyTo(observer, 'cfg-1')).toEqual({ id: 'cfg-1', status: 'done', result: {} });
    const configuredAt = Date.now();
    await observer.command(sn, { id: 'cfg-2', type: 'config.set', device: sn, params: { intervalSec: 0 } });
    expect(await replyTo(observer, 'cfg-2')).toMatchObject({ status: 'failed', error: expect.stringContaining('intervalSec') });

    await observer.command(sn, { id: 'get-1', type: 'setting.get', device: inverter, params: { keys: ['WorkMode', 'MinSoc'] } });
    expect(await replyTo(observer, 'get-1')).toEqual({ id: 'get-1', status: 'done', result: { WorkMode: 'SelfUse', MinSoc: 10 } });

    await observer.command(sn, {
      id: 'set-1',
      type: 'setting.set',
      device: inverter,
      params: { WorkMode: 'ForceCharge', ForceChargePower: 3 },
    });
    const first = await replyTo(observer, 'set-1');
    expect(first).toEqual({ id: 'set-1', status: 'done', result: { WorkMode: 'ForceCharge', ForceChargePower: 3 } });
    const forcedAt = Date.now();
    // The same id again, even with other params: the first reply, nothing executed.
    await observer.command(sn, { id: 'set-1', type: 'setting.set', device: inverter, params: { WorkMode: 'ForceDischarge' } });
    expect(await replyTo(observer, 'set-1', 1)).toEqual(first);
    // Expired: failed, not executed.
    await observer.command(sn, {
      id: 'set-2',
      type: 'setting.set',
      device: inverter,
      params: { MinSoc: 50 },
      expiresAt: Date.now() - 1000,
    });
    expect(await replyTo(observer, 'set-2')).toEqual({ id: 'set-2', status: 'failed', error: 'expired' });
    // Bad values, unknown keys, unknown devices and malformed commands change nothing.
    await observer.command(sn, { id: 'set-3', type: 'setting.set', device: inverter, params: { MinSoc: 5, MaxSoc: 90 } });
    expect(await replyTo(observer, 'set-3')).toMatchObject({ status: 'failed', error: expect.stringContaining('MinSoc') });
    await observer.command(sn, { id: 'set-4', type: 'setting.set', device: inverter, params: { Turbo: true } });
    expect(await replyTo(observer, 'set-4')).toEqual({ id: 'set-4', status: 'failed', error: 'unknown setting: Turbo' });
    await observer.command(sn, { id: 'set-5', type: 'setting.set', device: 'SSI999', params: { MinSoc: 20 } });
    expect(await replyTo(observer, 'set-5')).toEqual({ id: 'set-5', status: 'failed', error: 'unknown device: SSI999' });
    await observer.command(sn, { id: 'set-6', type: 'setting.nope' as 'setting.set', device: inverter, params: {} });
    expect(await replyTo(observer, 'set-6')).toMatchObject({ status: 'failed', error: expect.stringMatching(/^invalid command: type/) });
    await observer.command(sn, { id: 'get-2', type: 'setting.get', device: inverter, params: {} });
    expect((await replyTo(observer, 'get-2')).result).toMatchObject({
      WorkMode: 'ForceCharge',
      MinSoc: 10,
      MaxSoc: 100,
      ForceChargePower: 3,
    });

    // I-V scan of an inverter's strings; not of a battery.
    await observer.command(sn, { id: 'iv-1', type: 'iv.scan', device: inverter, params: {} });
    const scan = (await replyTo(observer, 'iv-1')).result as { strings: { string: number; points: [number, number][] }[] };
    expect(scan.strings.map((entry) => entry.string)).toEqual([1, 2]);
    await observer.command(sn, { id: 'iv-2', type: 'iv.scan', device: plant.battery?.sn as string, params: {} });
    expect(await replyTo(observer, 'iv-2')).toEqual({ id: 'iv-2', status: 'failed', error: 'I-V scan is not supported by a battery' });

    // Force charge at 3 kW shows in the samples after it (the battery starts half full), now one a second.
    await observer.waitFor((message) => message.kind === 'telemetry' && message.at > Math.max(configuredAt, forcedAt) + 2200, 4000);
    const later = inverterSamples(observer, plant).filter((sample) => sample.ts > forcedAt + 200);
    expect(later.length).toBeGreaterThanOrEqual(2);
    for (const sample of later) {
      expect(sample.vars.batChargePower).toBeGreaterThanOrEqual(2.99);
      expect(sample.ts % 1000).toBe(0);
    }
  }, 20_000);

  it('downloads firmware with a resumed range request, reports progress and the new version; mismatches fail', async () => {
    const file = randomBytes(300_000);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const server = await startFileServer(file, 100_000);
    cleanups.add(() => server.close());
    const { plant, sn, observer } = await startTestDatalogger(cleanups);
    const inverter = plant.inverters[0]?.sn as string;
    const url = `${server.url}/firmware.bin`;

    await observer.command(sn, {
      id: 'fw-1',
      type: 'firmware.upgrade',
      device: inverter,
      params: { url, sha256, size: file.length, version: '1.55', target: 'master' },
    });
    expect(await finalReply(observer, 'fw-1')).toEqual({ id: 'fw-1', status: 'done', result: { version: '1.55' } });
    const replies = observer.replies('fw-1').map((message) => replyPayload.parse(message.payload));
    expect(replies[0]).toEqual({ id: 'fw-1', status: 'accepted' });
    const progress = replies.filter((entry) => entry.status === 'progress').map((entry) => entry.progress as number);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(server.ranges[0]).toBe('');
    expect(server.ranges[1]).toMatch(/^bytes=[1-9][0-9]*-$/);
    const inventory = await observer.waitFor(
      (message) => message.kind === 'inventory' && inventoryPayload.parse(message.payload).devices[0]?.fw.master === '1.55',
    );
    expect(inventoryPayload.parse(inventory.payload).devices[0]?.fw).toMatchObject({ master: '1.55', slave: plant.inverters[0]?.fw.slave });

    const wrong = { url, sha256, size: file.length, version: '1.56', target: 'master' };
    await observer.command(sn, { id: 'fw-2', type: 'firmware.upgrade', device: inverter, params: { ...wrong, sha256: '0'.repeat(64) } });
    expect(await finalReply(observer, 'fw-2')).toEqual({ id: 'fw-2', status: 'failed', error: 'sha256 mismatch' });
    await observer.command(sn, { id: 'fw-3', type: 'firmware.upgrade', device: inverter, params: { ...wrong, size: file.length + 1 } });
    expect((await finalReply(observer, 'fw-3')).error).toMatch(/^size mismatch/);
    await observer.command(sn, {
      id: 'fw-4',
      type: 'firmware.upgrade',
      device: inverter,
      params: { ...wrong, url: `${server.url}/missing.bin` },
    });
    expect(await finalReply(observer, 'fw-4')).toEqual({ id: 'fw-4', status: 'failed', error: 'download failed: HTTP 404' });
    // A server too busy to read the request (408) is asked again, as HTTP allows.
    await observer.command(sn, {
      id: 'fw-busy',
      type: 'firmware.upgrade',
      device: inverter,
      params: { url: `${server.url}/busy.bin`, sha256, size: file.length, version: '1.57', target: 'slave' },
    });
    expect(await finalReply(observer, 'fw-busy')).toEqual({ id: 'fw-busy', status: 'done', result: { version: '1.57' } });
    await observer.command(sn, {
      id: 'fw-5',
      type: 'firmware.upgrade',
      device: plant.battery?.sn as string,
      params: { ...wrong, target: 'afci' },
    });
    expect(await finalReply(observer, 'fw-5')).toEqual({ id: 'fw-5', status: 'failed', error: 'target afci does not apply to a battery' });

    // The datalogger's own firmware: it restarts and reports the new version in its status.
    await observer.command(sn, {
      id: 'fw-6',
      type: 'firmware.upgrade',
      device: sn,
      params: { url, sha256, size: file.length, version: '2.10', target: 'module' },
    });
    const online = await observer.waitFor((message) => message.kind === 'status' && message.payload.fw === '2.10', 8000);
    expect(online.payload.online).toBe(true);
    expect(await finalReply(observer, 'fw-6')).toEqual({ id: 'fw-6', status: 'done', result: { version: '2.10' } });
    // Failed upgrades were never applied.
    expect(inventoryPayload.parse(observer.of('inventory').at(-1)?.payload).devices[0]?.fw.master).toBe('1.55');
  }, 20_000);

  it('uploads a text log with PUT, and a reboot comes back online', async () => {
    const server = await startFileServer(Buffer.alloc(1));
    cleanups.add(() => server.close());
    const { plant, sn, observer } = await startTestDatalogger(cleanups);
    await observer.command(sn, {
      id: 'log-1',
      type: 'log.upload',
      device: plant.battery?.sn as string,
      params: { kind: 'battery', url: `${server.url}/upload` },
    });
    expect(await finalReply(observer, 'log-1')).toEqual({ id: 'log-1', status: 'done', result: {} });
    expect(observer.replies('log-1')[0]?.payload).toEqual({ id: 'log-1', status: 'accepted' });
    expect(server.uploads).toHaveLength(1);
    expect(server.uploads[0]?.method).toBe('PUT');
    expect(server.uploads[0]?.body).toContain(`battery log of ${plant.battery?.sn} via datalogger ${sn}`);
    expect(server.uploads[0]?.body).toMatch(/"SoC":/);

    const before = observer.messages.length;
    await observer.command(sn, { id: 'boot-1', type: 'reboot', device: sn, params: {} });
    expect(await replyTo(observer, 'boot-1')).toEqual({ id: 'boot-1', status: 'done', result: {} });
    await observer.waitFor((message) => message.kind === 'status' && message.payload.online === false, 3000, before);
    await observer.waitFor((message) => message.kind === 'status' && message.payload.online === true, 3000, before);
  }, 15_000);
});

describe('simulated failures', () => {
  const plant = DEMO_FLEET.find((candidate) => candidate.battery) as (typeof DEMO_FLEET)[number];
  /** A datalogger's command processor over an in-memory device: only its answers matter here. */
  function processor(options: { failureShare?: number; timeoutShare?: number }) {
    const replies: ReplyPayload[] = [];
    let settings: Record<string, unknown> = defaultSettings(plant);
    const target = {
      sn: plant.datalogger.sn,
      now: Date.now,
      devices: () => devicesOf(plant),
      features: { battery: true, peakShaving: false },
      settings: (kind) => (kind === 'inverter' ? settings : undefined),
      changeSettings: (_kind, changed) => {
        settings = changed;
      },
      reply: async (reply) => {
        replies.push(reply);
      },
    } as Pick<CommandTarget, 'sn' | 'now' | 'devices' | 'features' | 'settings' | 'changeSettings' | 'reply'> as CommandTarget;
    return { commands: new CommandProcessor(target, { ...options, seed: 7 }), replies, settings: () => settings };
  }
  const command = (i: number, minSoc = 20) =>
    JSON.stringify({
      id: `c-${i}`,
      type: 'setting.set',
      device: plant.datalogger.sn,
      params: { MinSoc: minSoc },
      expiresAt: Date.now() + 60_000,
    });
  const COUNT = 2_000;

  it('fails a configured share of commands without running them and leaves another unanswered, the same ids each time', async () => {
    const { commands, replies, settings } = processor({ failureShare: 0.1, timeoutShare: 0.05 });
    for (let i = 0; i < COUNT; i++) await commands.handle(command(i));
    const failed = replies.filter((reply) => reply.status === 'failed');
    expect(failed.every((reply) => reply.error === SIMULATED_FAILURE)).toBe(true);
    expect(failed.length / COUNT).toBeGreaterThan(0.08);
    expect(failed.length / COUNT).toBeLessThan(0.12);
    const unanswered = COUNT - replies.length;
    expect(unanswered / COUNT).toBeGreaterThan(0.035);
    expect(unanswered / COUNT).toBeLessThan(0.065);
    expect(replies.filter((reply) => reply.status === 'done').length).toBe(COUNT - failed.length - unanswered);

    // Sent again (with other params): the first answer again, or silence again; a failed one changed nothing.
    const first = [...replies];
    replies.length = 0;
    const failedIds = new Set(failed.map((reply) => reply.id));
    for (let i = 0; i < COUNT; i++) {
      const id = `c-${i}`;
      if (failedIds.has(id)) await commands.handle(command(i, 90));
    }
    expect(replies).toEqual(first.filter((reply) => failedIds.has(reply.id)));
    expect(settings().MinSoc).toBe(20);
  });

  it('answers every command by default', async () => {
    const { commands, replies } = processor({});
    for (let i = 0; i < 200; i++) await commands.handle(command(i));
    expect(replies.map((reply) => reply.status)).toEqual(Array(200).fill('done'));
  });
});
