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
 * How long a pass waits for the broker to take its commands (PUBACK). A broker that is down or stuck
 * must not hold the pass's rows locked and a database connection for ever: the pass rolls back, and
 * its commands are sent again on a later one (a device runs an id once).
 */
export const PUBLISH_TIMEOUT_MS = 10_000;
export interface DispatchOptions {
  publishTimeoutMs?: number;
}

/** `work`, or a rejection when it has not settled within `ms`. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
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
      const sent = await commands.sendWaiting(SEND_BATCH, new Date(now()), (command) =>
        within(publish(commandTopic(command.dataloggerSn), commandMessage(command)), publishTimeoutMs, 'the broker'),
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
