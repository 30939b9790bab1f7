import { parseUplinkTopic } from '@sunstack/shared';
import mqtt, { type MqttClient } from 'mqtt';
import type { Config } from './config.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './modules/broker/embeddedBroker.ts';
import type { IngestService } from './modules/ingest/service.ts';

export interface DataLoop {
  /** Where dataloggers connect (mqtt://host:port). */
  brokerUrl: string;
  /** Sends a message down to a datalogger. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connections an ingest process keeps to an external broker. mqtt.js hands over one message at a
 * time per connection, so each connection stores the messages of its share of the dataloggers
 * (by SN) and acknowledges the others at once: several messages reach each database batch, and a
 * datalogger's messages are stored in the order they were sent.
 *
 * Every connection subscribes to all device messages, without a shared subscription
 * ($share/...): Mosquitto 2.0 loses shared subscriptions when it restarts (the sessions come back
 * without them, and what arrives until the ingest subscribes again is acknowledged to the device
 * and dropped), while it restores plain ones with their sessions.
 */
const EXTERNAL_CONNECTIONS = 8;
const UPLINK = 'dl/+/up/#';
const RETRY_MS = 1_000;

/** The connection that stores a datalogger's messages. */
function shareOf(sn: string) {
  let hash = 0;
  for (let i = 0; i < sn.length; i += 1) hash = (hash * 31 + sn.charCodeAt(i)) >>> 0;
  return hash % EXTERNAL_CONNECTIONS;
}

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
    const broker: EmbeddedBroker = await startEmbeddedBroker({
      host: config.mqtt.host,
      port: config.mqtt.port,
      authenticate: ingest.authenticate,
      receive: ingest.receive,
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

  const clients: MqttClient[] = [];
  function consume(share: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const client = mqtt.connect(url, {
        username,
        password,
        // Persistent sessions: what arrived while this process was away, or was not acknowledged, comes after a restart.
        clientId: `sunstack-ingest-${config.mqtt.instance}-${share}`,
        clean: false,
        reconnectPeriod: 2_000,
      });
      clients.push(client);
      // mqtt.js sends the PUBACK when `done` is called: once the message is durable, or at once if another connection stores it.
      client.handleMessage = (packet, done) => {
        const topic = 'topic' in packet ? String(packet.topic) : '';
        const sn = parseUplinkTopic(topic)?.sn;
        // Not a device message (the ingest would only count it), or another connection's datalogger.
        if (sn === undefined || shareOf(sn) !== share) return done();
        const payload = 'payload' in packet ? Buffer.from(packet.payload as Buffer) : Buffer.alloc(0);
        store(sn, topic, payload).then((stored) => {
          if (stored) done();
        });
      };
      // Every connection subscribes again, which a session that kept its subscription takes as a no-op.
      client.on('connect', () =>
        client.subscribe(UPLINK, { qos: 1 }, (error) => {
          if (!error) return resolve();
          log.warn(`mqtt ${url}: subscription to ${UPLINK} refused: ${error.message}`);
          reject(error);
        }),
      );
      // Before the first subscription an error fails the start (wrong credentials, no broker); later ones are retried.
      client.on('error', (error) => {
        log.warn(`mqtt ${url}: ${error.message}`);
        reject(error);
      });
    });
  }

  try {
    await Promise.all(Array.from({ length: EXTERNAL_CONNECTIONS }, (_, share) => consume(share)));
  } catch (error) {
    for (const client of clients) client.end(true);
    throw error;
  }
  log.info(`consuming ${url} with ${EXTERNAL_CONNECTIONS} connections`);
  const publisher = clients[0] as MqttClient;
  return {
    brokerUrl: url,
    publish: (topic, payload) =>
      new Promise((resolve, reject) => publisher.publish(topic, payload, { qos: 1 }, (error) => (error ? reject(error) : resolve()))),
    close: async () => {
      closed = true;
      await Promise.all(clients.map((client) => client.endAsync()));
      await ingest.flush();
    },
  };
}
