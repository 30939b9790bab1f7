import { randomBytes } from 'node:crypto';
import { commandTopic, Errno } from '@sunstack/shared';
import mqtt, { type MqttClient } from 'mqtt';
import type { ExternalBroker } from '../../config.ts';
import { AppError } from '../../http/errors.ts';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
const COMMANDS_PER_MESSAGE = 200;
const CONNECT_TIMEOUT_MS = 5_000;
/** Mosquitto rewrites its whole configuration file after every command: a large batch takes a while. */
const ANSWER_TIMEOUT_MS = 60_000;

type Command = { command: string } & Record<string, unknown>;
interface Answer {
  command: string;
  error?: string;
}

export interface DeviceCredentials {
  sn: string;
  secret: string;
}

/** One control connection to Mosquitto's dynamic security plugin, for one change of dataloggers' access. */
export interface DynsecSession {
  /** Lets each datalogger connect with its secret (creating its client, or updating and enabling it). */
  provision(devices: DeviceCredentials[]): Promise<void>;
  /** Locks dataloggers out, reversibly: their connections are closed and new ones refused. */
  disable(sns: string[]): Promise<void>;
  enable(sns: string[]): Promise<void>;
  /** Removes dataloggers' clients and roles. */
  remove(sns: string[]): Promise<void>;
  close(): void;
}

export interface Dynsec {
  /** Connects; an unreachable broker or a refused sign-in is `brokerUnavailable`, before anything is changed. */
  open(): Promise<DynsecSession>;
}

export const roleOf = (sn: string) => `dl-${sn}`;

/**
 * A datalogger's rights (protocol.md): publish under dl/{sn}/up/, subscribe to its command topic
 * literally (a wildcard, even under its own topics, is refused). Dynamic security in Mosquitto 2.0
 * has no %c or %u substitution, so each datalogger gets a role of its own. Retained messages are
 * refused by the broker's configuration (retain_available false): the plugin does not see the flag.
 */
export const deviceAcls = (sn: string) => [
  { acltype: 'publishClientSend', topic: `dl/${sn}/up/#`, allow: true },
  { acltype: 'subscribeLiteral', topic: commandTopic(sn), allow: true },
];

/**
 * Dataloggers' accounts in Mosquitto's dynamic security plugin, changed through its control topic
 * by Sunstack's admin client. Each change opens a connection of its own and waits for every answer;
 * a broker that cannot be reached, does not answer or refuses a command is `brokerUnavailable`
 * (the reason goes to the log).
 */
export function createDynsec(broker: ExternalBroker, log: { warn(message: string): void }): Dynsec {
  const unavailable = (reason: string) => {
    log.warn(`mosquitto dynamic security at ${broker.url}: ${reason}`);
    return new AppError(Errno.brokerUnavailable);
  };

  function connect(): Promise<MqttClient> {
    return new Promise((resolve, reject) => {
      const client = mqtt.connect(broker.url, {
        username: broker.username,
        password: broker.password,
        clientId: `sunstack-dynsec-${randomBytes(6).toString('hex')}`,
        reconnectPeriod: 0,
        connectTimeout: CONNECT_TIMEOUT_MS,
        // A command that did not go out now must never go out later, after the caller heard it failed.
        queueQoSZero: false,
      });
      const fail = (error: Error) => {
        client.end(true);
        reject(unavailable(error.message));
      };
      client.once('error', fail);
      client.once('connect', () =>
        client.subscribe(RESPONSE_TOPIC, (error) => {
          client.off('error', fail);
          if (error) return fail(error);
          // Errors now come as closed connections, which fail the request in flight.
          client.on('error', () => {});
          resolve(client);
        }),
      );
    });
  }

  /** Sends one control message and waits for its answers: one request at a time on a connection. */
  function request(client: MqttClient, commands: Command[]): Promise<Answer[]> {
    return new Promise((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        client.off('message', onAnswer);
        client.off('close', onClose);
        outcome();
      };
      const onAnswer = (_: string, payload: Buffer) =>
        settle(() => resolve((JSON.parse(payload.toString('utf8')) as { responses: Answer[] }).responses));
      const onClose = () => settle(() => reject(unavailable('connection lost')));
      const timer = setTimeout(() => settle(() => reject(unavailable('no answer'))), ANSWER_TIMEOUT_MS);
      client.on('message', onAnswer);
      client.on('close', onClose);
      if (!client.connected) return onClose();
      client.publish(CONTROL_TOPIC, JSON.stringify({ commands }));
    });
  }

  /** Runs commands in order; the listed errors mean "already so", any other fails the change. */
  async function apply(client: MqttClient, commands: Command[], harmless: string[]): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let i = 0; i < commands.length; i += COMMANDS_PER_MESSAGE) {
      answers.push(...(await request(client, commands.slice(i, i + COMMANDS_PER_MESSAGE))));
    }
    const failed = answers.find((answer) => answer.error && !harmless.includes(answer.error));
    if (failed) throw unavailable(`${failed.command}: ${failed.error}`);
    return answers;
  }

  const each = (sns: string[], command: string) => sns.map((username) => ({ command, username }));

  return {
    async open() {
      const client = await connect();
      return {
        async provision(devices) {
          const answers = await apply(
            client,
            devices.flatMap(({ sn, secret }) => [
              { command: 'createRole', rolename: roleOf(sn), acls: deviceAcls(sn) },
              { command: 'createClient', username: sn, clientid: sn, password: secret, roles: [{ rolename: roleOf(sn) }] },
            ]),
            ['Role already exists', 'Client already exists'],
          );
          // A client left from an earlier registration (disabled, or its secret never shown) takes the new secret.
          const existing = devices.filter((_, i) => answers[2 * i + 1]?.error === 'Client already exists');
          await apply(
            client,
            existing.flatMap(({ sn, secret }) => [
              { command: 'setClientPassword', username: sn, password: secret },
              { command: 'enableClient', username: sn },
            ]),
            [],
          );
        },
        // A datalogger registered while the embedded broker was in use has no client here.
        disable: async (sns) => void (await apply(client, each(sns, 'disableClient'), ['Client not found'])),
        enable: async (sns) => void (await apply(client, each(sns, 'enableClient'), ['Client not found'])),
        async remove(sns) {
          const commands = sns.flatMap((sn) => [
            { command: 'deleteClient', username: sn },
            { command: 'deleteRole', rolename: roleOf(sn) },
          ]);
          await apply(client, commands, ['Client not found', 'Role not found']);
        },
        close: () => void client.end(true),
      };
    },
  };
}
