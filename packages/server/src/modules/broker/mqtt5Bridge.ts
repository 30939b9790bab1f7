import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import {
  generate,
  type IConnectPacket,
  type IPublishPacket,
  type ISubscribePacket,
  type Packet,
  parser as packetParser,
} from 'mqtt-packet';

/**
 * MQTT 5 in front of Aedes, which speaks 3.1 and 3.1.1 only. Each connection's first bytes tell
 * its protocol level: a 3.x client is handed to Aedes untouched; a 5.0 client's packets are
 * translated to 3.1.1 on the way in and Aedes's answers back to 5.0 on the way out, so every rule
 * Aedes enforces holds for both. What 5.0 adds and the device protocol does not use (topic
 * aliases, enhanced authentication, subscription identifiers, retained messages, wildcard and
 * shared subscriptions) is announced as absent in the CONNACK and refused with its reason code.
 */

/** MQTT 5 reason codes the bridge sends (MQTT 5.0, section 2.4). */
export const ReasonCode = {
  success: 0x00,
  unspecifiedError: 0x80,
  malformedPacket: 0x81,
  protocolError: 0x82,
  clientIdentifierNotValid: 0x85,
  badUserNameOrPassword: 0x86,
  notAuthorized: 0x87,
  serverUnavailable: 0x88,
  badAuthenticationMethod: 0x8c,
  topicNameInvalid: 0x90,
  topicAliasInvalid: 0x94,
  retainNotSupported: 0x9a,
  sharedSubscriptionsNotSupported: 0x9e,
  subscriptionIdentifiersNotSupported: 0xa1,
  wildcardSubscriptionsNotSupported: 0xa2,
} as const;

/** A refusal of the broker's that an MQTT 5 client is told about in a DISCONNECT, with this reason code. */
export class BrokerRefusal extends Error {
  constructor(
    message: string,
    readonly reasonCode: number,
  ) {
    super(message);
  }
}

/** CONNACK return codes of 3.1.1 (index) as MQTT 5 reason codes. */
const CONNACK_REASON_OF_RETURN_CODE = [
  ReasonCode.success,
  ReasonCode.unspecifiedError, // 1, unacceptable protocol version: the bridge always speaks 3.1.1 to Aedes
  ReasonCode.clientIdentifierNotValid,
  ReasonCode.serverUnavailable,
  ReasonCode.badUserNameOrPassword,
  ReasonCode.notAuthorized,
];

/** What a 5.0 client learns in CONNACK: the features Aedes lacks or the device protocol forbids. */
const ANNOUNCED_LIMITS = {
  retainAvailable: false,
  wildcardSubscriptionAvailable: false,
  sharedSubscriptionAvailable: false,
  subscriptionIdentifiersAvailable: false,
  topicAliasMaximum: 0,
};

const MQTT_5 = { protocolVersion: 5 };
const FIRST_BYTE_OF_CONNECT = 0x10;
/** 3.1's protocol name; 3.1.1 and 5.0 say "MQTT". */
const LONGEST_PROTOCOL_NAME = 'MQIsdp';
/** How long a connection may take to show its protocol level (Aedes's own connect timeout). */
const CONNECT_TIMEOUT_MS = 30_000;
/** How long a closing connection may take to flush its last packet to a client that does not read. */
const CLOSE_FLUSH_MS = 5_000;
/** A 5.0 client's receive maximum when it names none. */
const DEFAULT_RECEIVE_MAXIMUM = 65_535;

/**
 * The protocol level of the CONNECT packet at the start of `bytes`; undefined while too few bytes
 * are in to tell, 0 when they are not the start of a CONNECT (Aedes then refuses them itself).
 */
export function connectProtocolLevel(bytes: Buffer): number | undefined {
  if (bytes.length === 0) return undefined;
  if (bytes[0] !== FIRST_BYTE_OF_CONNECT) return 0;
  // The remaining length takes one to four bytes; then comes the protocol name, then its level.
  for (let at = 1; at <= 4; at += 1) {
    const byte = bytes[at];
    if (byte === undefined) return undefined;
    if (byte < 0x80) {
      const nameAt = at + 1;
      if (bytes.length < nameAt + 2) return undefined;
      const nameLength = bytes.readUInt16BE(nameAt);
      if (nameLength > LONGEST_PROTOCOL_NAME.length) return 0;
      const levelAt = nameAt + 2 + nameLength;
      return levelAt < bytes.length ? bytes[levelAt] : undefined;
    }
  }
  return 0;
}

/**
 * Takes a new TCP connection: once its first bytes show the protocol level, hands it to Aedes
 * (`handle`, Aedes's connection handler) as it is, or through the MQTT 5 translation.
 */
export function acceptMqttConnection(socket: Socket, handle: (stream: Duplex) => void) {
  let received = Buffer.alloc(0);
  const ignoreErrors = () => {};
  const timeout = setTimeout(() => socket.destroy(), CONNECT_TIMEOUT_MS);
  const readProtocolLevel = () => {
    for (let chunk = socket.read(); chunk !== null; chunk = socket.read()) received = Buffer.concat([received, chunk]);
    const level = connectProtocolLevel(received);
    if (level === undefined) return;
    clearTimeout(timeout);
    socket.off('readable', readProtocolLevel);
    socket.unshift(received);
    // In the next turn: a 'readable' listener added inside this one would not hear of the bytes put back.
    setImmediate(() => {
      socket.off('error', ignoreErrors);
      if (socket.destroyed) return;
      if (level === 5) bridgeMqtt5(socket, handle);
      else handle(socket);
    });
  };
  socket.on('error', ignoreErrors);
  socket.once('close', () => clearTimeout(timeout));
  socket.on('readable', readProtocolLevel);
}

/** Serves an MQTT 5 client through Aedes: the client's packets as 3.1.1 in, Aedes's answers as 5.0 out. */
function bridgeMqtt5(socket: Socket, handle: (stream: Duplex) => void) {
  const fromClient = packetParser();
  const fromAedes = packetParser({ protocolVersion: 4 });
  let connectSeen = false;
  let connackSent = false;
  let closing = false;
  let clientMaximumPacketSize = Number.POSITIVE_INFINITY;
  let clientReceiveMaximum = DEFAULT_RECEIVE_MAXIMUM;
  /** QoS 1 and 2 messages sent to the client and not yet acknowledged, by packet id; more wait in line. */
  const unacknowledged = new Set<number>();
  const waitingForReceiveMaximum: IPublishPacket[] = [];
  /** The topic filters of each SUBSCRIBE Aedes has not answered yet, to explain its refusals. */
  const filtersOfSubscribe = new Map<number, string[]>();
  const filterCountOfUnsubscribe = new Map<number, number>();

  // What Aedes sees as its connection: 3.1.1 bytes in either direction.
  const aedesSide = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk: Buffer, _encoding, done) {
      try {
        fromAedes.parse(chunk);
      } catch {
        closeWith(ReasonCode.unspecifiedError);
      }
      if (!socket.writableNeedDrain || socket.destroyed) return done();
      const resume = () => {
        socket.off('drain', resume);
        socket.off('close', resume);
        done();
      };
      socket.on('drain', resume);
      socket.on('close', resume);
    },
    destroy(error, done) {
      // A refusal of Aedes's (a publish it did not allow, a keepalive that ran out) comes as an error.
      if (error) closeWith(error instanceof BrokerRefusal ? error.reasonCode : ReasonCode.unspecifiedError);
      else closeWith();
      done(null);
    },
  });

  /**
   * Ends the connection, telling the client why when there is a reason and it has had its CONNACK.
   * Aedes reads what it was given and then the end, so a DISCONNECT passed on is seen and
   * anything else ends as a lost connection does (the will is published).
   */
  function closeWith(reasonCode?: number) {
    if (closing) return;
    closing = true;
    if (!aedesSide.destroyed) aedesSide.push(null);
    if (socket.destroyed) return;
    if (reasonCode !== undefined && connackSent) sendToClient({ cmd: 'disconnect', reasonCode });
    const flushTimeout = setTimeout(() => socket.destroy(), CLOSE_FLUSH_MS).unref();
    socket.end(() => {
      clearTimeout(flushTimeout);
      socket.destroy();
    });
  }

  function sendToClient(packet: Packet) {
    const bytes = generate(packet, MQTT_5);
    if (!socket.destroyed) socket.write(bytes);
  }

  function sendToAedes(packet: Packet) {
    if (closing) return;
    if (!aedesSide.push(generate(packet))) socket.pause();
  }

  function onClientPacket(packet: Packet) {
    if (closing) return;
    if (!connectSeen) {
      // The first bytes said CONNECT at level 5, so the first packet is that CONNECT.
      if (packet.cmd !== 'connect') return closeWith();
      connectSeen = true;
      return onConnect(packet);
    }
    switch (packet.cmd) {
      case 'publish':
        return onPublish(packet);
      case 'puback':
      case 'pubcomp':
        acknowledged(packet.messageId);
        return sendToAedes({ cmd: packet.cmd, messageId: packet.messageId });
      case 'pubrec':
        // A PUBREC refusing the message ends its exchange (MQTT 5, 4.3.3).
        if ((packet.reasonCode ?? 0) >= ReasonCode.unspecifiedError) acknowledged(packet.messageId);
        return sendToAedes({ cmd: 'pubrec', messageId: packet.messageId });
      case 'pubrel':
        return sendToAedes({ cmd: 'pubrel', messageId: packet.messageId });
      case 'subscribe':
        return onSubscribe(packet);
      case 'unsubscribe':
        filterCountOfUnsubscribe.set(packet.messageId ?? 0, packet.unsubscriptions.length);
        return sendToAedes({ cmd: 'unsubscribe', messageId: packet.messageId, unsubscriptions: packet.unsubscriptions });
      case 'pingreq':
        return sendToAedes({ cmd: 'pingreq' });
      case 'disconnect':
        // Any reason but a normal disconnection publishes the will (MQTT 5, 3.1.2.5); Aedes does so
        // when its connection ends without a DISCONNECT.
        if ((packet.reasonCode ?? 0) === ReasonCode.success) sendToAedes({ cmd: 'disconnect' });
        return closeWith();
      default:
        // AUTH without an authentication method in CONNECT, a second CONNECT, or a server's packet.
        return closeWith(ReasonCode.protocolError);
    }
  }

  function onConnect(connect: IConnectPacket) {
    const properties = connect.properties ?? {};
    if (properties.authenticationMethod !== undefined) {
      connackSent = true;
      sendToClient({ cmd: 'connack', reasonCode: ReasonCode.badAuthenticationMethod, sessionPresent: false });
      return closeWith();
    }
    clientMaximumPacketSize = properties.maximumPacketSize ?? clientMaximumPacketSize;
    clientReceiveMaximum = properties.receiveMaximum ?? clientReceiveMaximum;
    const { will } = connect;
    sendToAedes({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      // A session that expires with the connection is 3.1.1's clean session; one that outlives it
      // is resumed unless the client starts clean. Aedes keeps a kept session until it restarts.
      // A nameless client cannot resume anything (and 3.1.1 requires a clean session of it).
      clean: (properties.sessionExpiryInterval ?? 0) === 0 || connect.clean !== false || connect.clientId === '',
      clientId: connect.clientId,
      keepalive: connect.keepalive,
      // 3.1.1 has no password without a user name; an empty name keeps the choice with the authenticator.
      username: connect.username ?? (connect.password === undefined ? undefined : ''),
      password: connect.password,
      // The will's properties (a delay among them) are dropped: it is published when the connection ends.
      will: will && { topic: will.topic, payload: will.payload, qos: will.qos, retain: will.retain },
    });
  }

  function onPublish(publish: IPublishPacket) {
    // A topic alias is refused by the maximum of 0 the CONNACK announces, a retained message by
    // retainAvailable false; either is a protocol error that ends the connection.
    if (publish.properties?.topicAlias !== undefined) return closeWith(ReasonCode.topicAliasInvalid);
    if (publish.retain) return closeWith(ReasonCode.retainNotSupported);
    // Aedes would close the connection as well, without a reason.
    if (publish.topic === '' || /[+#]/.test(publish.topic)) return closeWith(ReasonCode.topicNameInvalid);
    const { topic, payload, qos, dup, messageId } = publish;
    sendToAedes({ cmd: 'publish', topic, payload, qos, dup, retain: false, messageId });
  }

  function onSubscribe(subscribe: ISubscribePacket) {
    if (subscribe.properties?.subscriptionIdentifier !== undefined) return closeWith(ReasonCode.subscriptionIdentifiersNotSupported);
    const filters = subscribe.subscriptions.map((subscription) => subscription.topic);
    filtersOfSubscribe.set(subscribe.messageId ?? 0, filters);
    // No local, retain as published and retain handling concern messages devices never get.
    const subscriptions = subscribe.subscriptions.map(({ topic, qos }) => ({ topic, qos }));
    sendToAedes({ cmd: 'subscribe', messageId: subscribe.messageId, subscriptions });
  }

  function onAedesPacket(packet: Packet) {
    if (closing) return;
    switch (packet.cmd) {
      case 'connack': {
        const accepted = packet.returnCode === 0;
        connackSent = true;
        return sendToClient({
          cmd: 'connack',
          reasonCode: CONNACK_REASON_OF_RETURN_CODE[packet.returnCode ?? -1] ?? ReasonCode.unspecifiedError,
          sessionPresent: packet.sessionPresent,
          properties: accepted ? ANNOUNCED_LIMITS : undefined,
        });
      }
      case 'publish':
        return sendPublishToClient(packet);
      case 'puback':
      case 'pubrec':
      case 'pubrel':
      case 'pubcomp':
        return sendToClient({ cmd: packet.cmd, messageId: packet.messageId, reasonCode: ReasonCode.success });
      case 'suback':
        return sendToClient({
          cmd: 'suback',
          messageId: packet.messageId,
          granted: subackReasonCodes(packet.messageId ?? 0, packet.granted),
        });
      case 'unsuback': {
        const count = filterCountOfUnsubscribe.get(packet.messageId ?? 0) ?? 1;
        filterCountOfUnsubscribe.delete(packet.messageId ?? 0);
        // Aedes does not say whether a subscription existed; removing one that did not is a success too.
        return sendToClient({ cmd: 'unsuback', messageId: packet.messageId, granted: new Array(count).fill(ReasonCode.success) });
      }
      case 'pingresp':
        return sendToClient({ cmd: 'pingresp' });
      default:
        return;
    }
  }

  /** SUBACK codes of 3.1.1 (granted QoS or 0x80) as MQTT 5 reason codes, one for each filter the client sent. */
  function subackReasonCodes(messageId: number, granted: unknown[]): number[] {
    const filters = filtersOfSubscribe.get(messageId) ?? [];
    filtersOfSubscribe.delete(messageId);
    // Aedes answers a filter named twice once, in the order of first mention.
    const unique = [...new Set(filters)];
    const grantedOfFilter = new Map(unique.map((filter, index) => [filter, granted[index]]));
    return filters.map((filter) => {
      const code = grantedOfFilter.get(filter);
      if (code === 0 || code === 1 || code === 2) return code;
      if (filter.startsWith('$share/')) return ReasonCode.sharedSubscriptionsNotSupported;
      if (/[+#]/.test(filter)) return ReasonCode.wildcardSubscriptionsNotSupported;
      return ReasonCode.notAuthorized;
    });
  }

  function sendPublishToClient(publish: IPublishPacket) {
    const { topic, payload, qos, dup, retain, messageId } = publish;
    const bytes = generate({ cmd: 'publish', topic, payload, qos, dup, retain, messageId }, MQTT_5);
    if (bytes.length > clientMaximumPacketSize) {
      // Too large for the client: dropped as if delivered (MQTT 5, 3.1.2.11.4); the acknowledgement
      // is the client's, given by the bridge.
      if (qos === 1) sendToAedes({ cmd: 'puback', messageId });
      if (qos === 2) sendToAedes({ cmd: 'pubrec', messageId });
      return;
    }
    if (qos === 0 || messageId === undefined) return socket.write(bytes);
    if (unacknowledged.size >= clientReceiveMaximum) return waitingForReceiveMaximum.push(publish);
    unacknowledged.add(messageId);
    socket.write(bytes);
  }

  function acknowledged(messageId: number | undefined) {
    if (messageId === undefined || !unacknowledged.delete(messageId)) return;
    const next = waitingForReceiveMaximum.shift();
    if (next) sendPublishToClient(next);
  }

  /** Packets that cannot be read or translated end this connection and nothing else. */
  function readPackets(parser: ReturnType<typeof packetParser>, onPacket: (packet: Packet) => void, reasonOfFailure: number) {
    parser.on('packet', (packet) => {
      try {
        onPacket(packet);
      } catch {
        closeWith(reasonOfFailure);
      }
    });
    parser.on('error', () => closeWith(reasonOfFailure));
  }
  readPackets(fromClient, onClientPacket, ReasonCode.malformedPacket);
  readPackets(fromAedes, onAedesPacket, ReasonCode.unspecifiedError);

  socket.on('data', (chunk: Buffer) => {
    if (closing) return;
    try {
      fromClient.parse(chunk);
    } catch {
      closeWith(ReasonCode.malformedPacket);
    }
  });
  socket.on('error', () => closeWith());
  socket.on('close', () => closeWith());
  handle(aedesSide);
}
