import type { Socket } from 'node:net';
import { parseUplinkTopic, UPLINK_KINDS } from '@sunstack/shared';
import mqtt from 'mqtt';
import type { Config } from './config.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './modules/broker/embeddedBroker.ts';
import { createMessageOrder } from './modules/broker/messageOrder.ts';
import { startMqttConsumer } from './modules/broker/mqttConsumer.ts';
import type { IngestService } from './modules/ingest/service.ts';

export interface DataLoop {
  /** Where dataloggers connect (mqtt://host:port). */
  brokerUrl: string;
  /** Sends a message down to a datalogger. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const REPLIES = 'dl/+/up/reply';
/**
 * What the ingest's main session takes: every uplink kind but replies, which are the replies session's. Each copy a
 * broker delivers costs it a persistence change (Mosquitto saves after `autosave_interval` of them, walking the whole
 * fleet's subscriptions), and with `dl/+/up/#` every reply went to both sessions (bench/RESULTS.md, "Upgrade task").
 */
const UPLINK = UPLINK_KINDS.filter((kind) => kind !== 'reply').map((kind) => `dl/+/up/${kind}`);
/** What the main session subscribed to before: a persistent session keeps it until it is ended. */
const FORMER_UPLINK = ['dl/+/up/#'];
const RETRY_MS = 1_000;

/**
 * Starts the device side: the embedded broker with the ingest behind it, or, with MQTT_URL, a
 * consumer of the external broker with persistent sessions (one ingest process per broker).
 * Either way a message is acknowledged only after the ingest has stored it.
 */
export async function startDataLoop(
  config: Config,
  ingest: IngestService,
  log: { info(message: string): void; warn(message: string): void },
): Promise<DataLoop> {
  if (!config.mqtt.external) {
    // Aedes handles the packets of one read side by side, and a datalogger's connect sequence (its
    // inventory, then samples of the devices it names) often arrives in one: on PostgreSQL the samples
    // were looked up before the inventory was stored, dropped as of unknown devices and acknowledged.
    // So the same order as behind an external broker; a failed message resolves false (unacknowledged).
    // Replies keep an order of their own, as behind Mosquitto: never behind their datalogger's telemetry.
    const stored = (sn: string, topic: string, payload: Buffer) =>
      ingest.receive(sn, topic, payload).then(
        () => true,
        () => false,
      );
    const storeInOrder = createMessageOrder(stored);
    const replyInOrder = createMessageOrder(stored);
    const broker: EmbeddedBroker = await startEmbeddedBroker({
      host: config.mqtt.host,
      port: config.mqtt.port,
      authenticate: ingest.authenticate,
      async receive(sn, topic, payload) {
        const uplink = parseUplinkTopic(topic);
        // Not a device message: the ingest counts it as refused.
        if (!uplink) return ingest.receive(sn, topic, payload);
        const inOrder = uplink.kind === 'reply' ? replyInOrder : storeInOrder;
        if (!(await inOrder(uplink.sn, uplink.kind, topic, payload))) throw new Error(`${topic} not stored`);
      },
      log,
    });
    log.info(`MQTT broker on mqtt://${config.mqtt.host}:${broker.port}`);
    return {
      brokerUrl: `mqtt://${config.mqtt.host}:${broker.port}`,
      publish: broker.publish,
      close: async () => {
        await broker.close();
        await ingest.flush();
      },
    };
  }

  const { url, username, password } = config.mqtt.external;
  let closed = false;

  /** Stores a message, again after a pause if the ingest could not; false when closed first (then it stays unacknowledged). */
  async function store(sn: string, topic: string, payload: Buffer) {
    while (!closed) {
      try {
        await ingest.receive(sn, topic, payload);
        return true;
      } catch (error) {
        log.warn(`ingest of ${topic} failed, trying again: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    return false;
  }

  const storeInOrder = createMessageOrder(store);
  const replyInOrder = createMessageOrder(store);

  // Device replies in a persistent session of their own, read without the pause: someone waits for
  // each (the console, a batch). In the consumer below a reply waited for its 100 ms pause and for
  // every telemetry message of its datalogger still being written (bench/RESULTS.md, "Replies in a
  // session of their own"). Still in order per datalogger (accepted before done), but never behind
  // its telemetry. Subscribed first, so that no reply the consumer below still gets from its former
  // subscription, and lets go, is missing here.
  const replies = await startMqttConsumer({
    url,
    username,
    password,
    clientId: `sunstack-replies-${config.mqtt.instance}`,
    topics: [REPLIES],
    readPauseMs: 0,
    handle: (topic, payload) => {
      const uplink = parseUplinkTopic(topic);
      return uplink ? replyInOrder(uplink.sn, uplink.kind, topic, payload) : Promise.resolve(true);
    },
    log,
  });
  // One persistent session and plain subscriptions, not shared ones ($share/...): Mosquitto 2.0
  // loses shared subscriptions when it restarts (sessions come back without them, and what arrives
  // until the ingest subscribes again is dropped), while it restores plain ones. So one ingest
  // process per broker. A topic of no known kind reaches no session: the broker drops it.
  const consumer = await startMqttConsumer({
    url,
    username,
    password,
    clientId: `sunstack-ingest-${config.mqtt.instance}`,
    topics: UPLINK,
    formerTopics: FORMER_UPLINK,
    handle: (topic, payload) => {
      const uplink = parseUplinkTopic(topic);
      // Not a device message: the ingest counts it as refused, and it is acknowledged.
      if (!uplink) return ingest.receive('', topic, payload).then(() => true);
      // Replies are the replies consumer's (above); the former subscription may still bring some, let go.
      if (uplink.kind === 'reply') return Promise.resolve(true);
      return storeInOrder(uplink.sn, uplink.kind, topic, payload);
    },
    log,
  });
  // Commands down go through a connection of their own (mqtt.js: QoS 1 with its retries).
  const publisher = mqtt.connect(url, {
    username,
    password,
    clientId: `sunstack-commands-${config.mqtt.instance}`,
    reconnectPeriod: 2_000,
  });
  publisher.on('error', (error) => log.warn(`mqtt ${url} (commands): ${error.message}`));
  // A command goes out at once, not after the broker's delayed ACK of the one before (Nagle's algorithm).
  publisher.on('connect', () => (publisher.stream as Partial<Socket>).setNoDelay?.(true));
  log.info(`consuming ${url}`);
  return {
    brokerUrl: url,
    publish: (topic, payload) =>
      new Promise((resolve, reject) => publisher.publish(topic, payload, { qos: 1 }, (error) => (error ? reject(error) : resolve()))),
    close: async () => {
      closed = true;
      await Promise.all([consumer.close(), replies.close(), publisher.endAsync()]);
      await ingest.flush();
    },
  };
}
