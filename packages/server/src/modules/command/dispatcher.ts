import { commandTopic } from '@sunstack/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createJobLoop, type Listen, whileListening } from '../../core/jobLoop.ts';
import type { PlatformLog } from '../../core/platformLog.ts';
import type { CommandRepo, CommandRow } from './repo.ts';

/** Commands sent per pass (a pass holds its rows locked while it publishes them). */
const SEND_BATCH = 2_000;
/** The fallback pause: new commands and dataloggers coming online wake the dispatcher at once. */
const DISPATCH_POLL_MS = 5_000;
const COMMAND_CHANNEL = 'device_command';
/**
 * How long a pass waits for the broker to take one more of its commands (PUBACK). A broker that is down or stuck
 * must not hold the pass's rows locked and a database connection for ever: the pass rolls back, and its commands are
 * sent again on a later one (a device runs an id once). A busy broker that takes them slowly is not stuck: with a
 * deadline on each command, a pass of 2,000 behind Mosquitto's saves gave up after 10 s and sent all 2,000 again.
 */
export const PUBLISH_TIMEOUT_MS = 10_000;
export interface DispatchOptions {
  publishTimeoutMs?: number;
}

/** Runs every publish at once; rejects with the first failure, or once none has settled for `ms` while some are out. */
export function publishAll(publishes: (() => Promise<void>)[], ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = publishes.length;
    if (left === 0) return resolve();
    // Settled: later answers neither settle again nor re-arm the timer (refresh would).
    let settled = false;
    const settle = (error?: unknown) => {
      settled = true;
      clearTimeout(stuck);
      if (error) reject(error);
      else resolve();
    };
    const stuck = setTimeout(() => settle(new Error(`the broker: no answer within ${ms} ms`)), ms);
    for (const publish of publishes)
      publish().then(
        () => {
          if (settled) return;
          left -= 1;
          if (left === 0) settle();
          else stuck.refresh();
        },
        (error) => {
          if (!settled) settle(error);
        },
      );
  });
}

/** The protocol's command message (protocol.md, downlink). */
export const commandMessage = (command: CommandRow) =>
  JSON.stringify({
    id: command.id,
    type: command.type,
    device: command.deviceSn,
    params: command.params,
    expiresAt: command.expiresAt.getTime(),
  });

/**
 * The command dispatcher of the ingest role (where the broker is): sends waiting commands of
 * connected dataloggers on dl/{sn}/down/cmd at QoS 1 and expires those past their deadline. Several
 * processes may run it: each claims its rows. Woken by NOTIFY device_command (a new command, any
 * process) and by a datalogger coming online.
 */
export function createCommandDispatcher(deps: {
  commands: CommandRepo;
  /** Expires the commands past their deadline (with their operation log entries). */
  expire: () => Promise<void>;
  publish(topic: string, payload: string): Promise<void>;
  listen: Listen;
  now: () => number;
  log: FastifyBaseLogger;
  platformLog: PlatformLog;
  options?: DispatchOptions;
}) {
  const { commands, expire, publish, listen, now, log, platformLog } = deps;
  const publishTimeoutMs = deps.options?.publishTimeoutMs ?? PUBLISH_TIMEOUT_MS;
  const loop = createJobLoop(
    async () => {
      await expire();
      const sent = await commands.sendWaiting(SEND_BATCH, new Date(now()), (claimed) =>
        publishAll(
          claimed.map((command) => () => publish(commandTopic(command.dataloggerSn), commandMessage(command))),
          publishTimeoutMs,
        ),
      );
      return sent === SEND_BATCH;
    },
    { idleMs: DISPATCH_POLL_MS, onError: platformLog.jobFailed('command dispatch failed') },
  );
  return {
    wake: loop.wake,
    async run(signal: AbortSignal) {
      await whileListening(listen, COMMAND_CHANNEL, loop.wake, log, () => loop.run(signal));
    },
  };
}
