import { commandTopic } from '@sunstack/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createJobLoop, type Listen, whileListening } from '../../core/jobLoop.ts';
import type { CommandRepo, CommandRow } from './repo.ts';

/** Commands sent per pass (a pass holds its rows locked while it publishes them). */
const SEND_BATCH = 2_000;
/** The fallback pause: new commands and dataloggers coming online wake the dispatcher at once. */
const DISPATCH_POLL_MS = 5_000;
const COMMAND_CHANNEL = 'device_command';

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
}) {
  const { commands, expire, publish, listen, now, log } = deps;
  const loop = createJobLoop(
    async () => {
      await expire();
      const sent = await commands.sendWaiting(SEND_BATCH, new Date(now()), (command) =>
        publish(commandTopic(command.dataloggerSn), commandMessage(command)),
      );
      return sent === SEND_BATCH;
    },
    { idleMs: DISPATCH_POLL_MS, onError: (error) => log.error({ err: error }, 'command dispatch failed') },
  );
  return {
    wake: loop.wake,
    async run(signal: AbortSignal) {
      await whileListening(listen, COMMAND_CHANNEL, loop.wake, log, () => loop.run(signal));
    },
  };
}
