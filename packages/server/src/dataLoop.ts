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

/** Connections each ingest process keeps to an external broker: each holds one unacknowledged message at a time. */
const EXTERNAL_CONNECTIONS = 8;
const SHARED_GROUP = '$share/sunstack-ingest';

/**
 * Starts the device side: the embedded broker with the ingest behind it, or, with MQTT_URL, a
 * consumer of the external broker's shared subscription (several processes split the load).
 * Either way a message is acknowledged only after the ingest has stored it.
 */
export async function startDataLoop(
  config: Config,
  ingest: IngestService,
  log: { info(message: string): void; warn(message: string): void },
): Promise<DataLoop> {
  if (!config.mqtt.url) {
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

  const url = config.mqtt.url;
  const clients: MqttClient[] = [];
  for (let i = 0; i < EXTERNAL_CONNECTIONS; i += 1) {
    const client = mqtt.connect(url, {
      // Persistent sessions: what the broker delivered but this process did not acknowledge comes again after a restart.
      clientId: `sunstack-ingest-${config.mqtt.instance}-${i}`,
      clean: false,
      reconnectPeriod: 2_000,
    });
    // mqtt.js sends the PUBACK when this callback is called: after the message is durable.
    client.handleMessage = (packet, done) => {
      const topic = 'topic' in packet ? String(packet.topic) : '';
      const parsed = parseUplinkTopic(topic);
      const payload = 'payload' in packet ? Buffer.from(packet.payload as Buffer) : Buffer.alloc(0);
      if (!parsed) return done();
      ingest.receive(parsed.sn, topic, payload).then(() => done());
    };
    client.on('connect', () => client.subscribe(`${SHARED_GROUP}/dl/+/up/#`, { qos: 1 }));
    client.on('error', (error) => log.warn(`mqtt ${url}: ${error.message}`));
    clients.push(client);
  }
  log.info(`consuming ${url} with ${EXTERNAL_CONNECTIONS} connections`);
  const publisher = clients[0] as MqttClient;
  return {
    brokerUrl: url,
    publish: (topic, payload) =>
      new Promise((resolve, reject) => publisher.publish(topic, payload, { qos: 1 }, (error) => (error ? reject(error) : resolve()))),
    close: async () => {
      await Promise.all(clients.map((client) => client.endAsync()));
      await ingest.flush();
    },
  };
}
