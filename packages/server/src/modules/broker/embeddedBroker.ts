import { createServer, type Server, type Socket } from 'node:net';
import { DATALOGGER_SN, parseUplinkTopic, uplinkTopic } from '@sunstack/shared';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { acceptMqttConnection, BrokerRefusal, ReasonCode } from './mqtt5Bridge.ts';

export interface EmbeddedBrokerOptions {
  host: string;
  port: number;
  /** Whether `password` is the secret issued to datalogger `sn`. */
  authenticate(sn: string, password: string): Promise<boolean>;
  /** Stores a device message; resolves when it is durable, and only then is it acknowledged. */
  receive(sn: string, topic: string, payload: Buffer): Promise<void>;
  log: { warn(message: string): void };
}

export interface EmbeddedBroker {
  port: number;
  /** Sends a command down to a datalogger (dl/{sn}/down/cmd), QoS 1. */
  publish(topic: string, payload: string): Promise<void>;
  connectedClients(): number;
  close(): Promise<void>;
}

const NOT_AUTHORISED = 5;

/**
 * The in-process MQTT broker (Aedes) of the embedded setup, enforcing the protocol's rules: a
 * datalogger connects with its SN as client id and user name and its secret as password, may
 * publish only under dl/{sn}/up/ without retain, and subscribe only to dl/{sn}/down/ topics
 * without wildcards. A publish is acknowledged once the ingest has stored it. MQTT 3.1.1 and 5.0 alike.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    // The platform's own heartbeat topic is of no use to devices, which may not subscribe to $SYS.
    heartbeatInterval: 3_600_000,
    drainTimeout: 30_000,
    maxTopicLevels: 8,

    authenticate(client: Client, username: string | undefined, password: Buffer | undefined, callback) {
      const refuse = () => {
        const error = new Error('not authorised') as AuthenticateError;
        error.returnCode = NOT_AUTHORISED;
        callback(error, false);
      };
      if (!username || username !== client.id || !DATALOGGER_SN.test(username) || !password) return refuse();
      options.authenticate(username, password.toString('utf8')).then(
        (ok) => (ok ? callback(null, true) : refuse()),
        () => refuse(),
      );
    },

    authorizePublish(client: Client | null, packet: PublishPacket, callback) {
      const topic = client ? parseUplinkTopic(packet.topic) : null;
      if (!client || !topic || topic.sn !== client.id || packet.retain) {
        return callback(new BrokerRefusal(`publish to ${packet.topic} refused`, ReasonCode.notAuthorized));
      }
      // Not stored (the database failed): no acknowledgement; the client is disconnected and sends it again.
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      options.receive(client.id, packet.topic, payload).then(
        () => callback(null),
        (error: Error) => callback(error),
      );
    },

    authorizeSubscribe(client: Client, subscription, callback) {
      const own = `dl/${client.id}/down/`;
      const allowed = subscription.topic.startsWith(own) && !/[+#]/.test(subscription.topic);
      callback(null, allowed ? subscription : null);
    },

    // Device messages are for the ingest, never forwarded to other clients.
    authorizeForward(client: Client, packet) {
      return packet.topic.startsWith(`dl/${client.id}/down/`) ? packet : null;
    },
  });

  // A clean disconnect sends no last will; the datalogger is offline all the same.
  broker.on('clientDisconnect', (client: Client) => {
    // A datalogger that reconnected has taken its id over already; the old connection says nothing.
    const current = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[client.id];
    if (!DATALOGGER_SN.test(client.id) || (current && current !== client)) return;
    options
      .receive(client.id, uplinkTopic(client.id, 'status'), Buffer.from('{"online":false}'))
      .catch((error: Error) => options.log.warn(`offline status of ${client.id} not stored: ${error.message}`));
  });
  broker.on('clientError', (client: Client, error: Error) => options.log.warn(`mqtt client ${client.id}: ${error.message}`));
  broker.on('connectionError', (client: Client, error: Error) => options.log.warn(`mqtt connection ${client.id ?? ''}: ${error.message}`));

  // Closed with the broker: Aedes closes those it serves, but not those still to show their protocol.
  const sockets = new Set<Socket>();
  // MQTT 3.1.1 clients reach Aedes as they are, MQTT 5 clients through a translation (mqtt5Bridge.ts).
  // noDelay: a command or an acknowledgement goes out at once, not after the client's delayed ACK of the packet before.
  const server: Server = createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    acceptMqttConnection(socket, broker.handle);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    port,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
    connectedClients: () => broker.connectedClients,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
