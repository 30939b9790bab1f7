/**
 * The dataloggers of the connections benchmark, run as a child process so their memory is not the
 * server's. Each connects as the simulator's datalogger does (SN as client id and user name, the
 * secret, a last will), subscribes to its command topic and publishes its status "online", QoS 1:
 * the acknowledgement comes once the server has stored it. Over IPC the parent asks for so many
 * connections (`connect`), is told when they are all open, and ends them all cleanly (`end`).
 */
import { commandTopic, type StatusPayload, uplinkTopic } from '@sunstack/shared';
import mqtt, { type MqttClient } from 'mqtt';
import type { ServerJob } from './connectionsServer.ts';

export type ToLoad = { type: 'connect'; upTo: number } | { type: 'end' };
export type FromLoad = { type: 'ready' } | { type: 'connected'; seconds: number } | { type: 'ended' };

/** Connections being opened at once. */
const CONCURRENCY = 200;

const job = JSON.parse(process.argv[2] as string) as ServerJob & { url: string };
const send = (message: FromLoad) => process.send?.(message);

async function connect(sn: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(job.url, {
    clientId: sn,
    username: sn,
    password: job.secret,
    clean: true,
    keepalive: 60,
    reconnectPeriod: 0,
    will: { topic: uplinkTopic(sn, 'status'), payload: Buffer.from('{"online":false}'), qos: 1, retain: false },
  });
  const [granted] = await client.subscribeAsync(commandTopic(sn), { qos: 1 });
  if (granted?.qos !== 1) throw new Error(`${sn}: subscription to its command topic refused`);
  const status: StatusPayload = { online: true, fw: '1.0.0', ip: '192.0.2.10', signal: -67 };
  await client.publishAsync(uplinkTopic(sn, 'status'), JSON.stringify(status), { qos: 1 });
  return client;
}

const clients: MqttClient[] = [];

/** Connects the next dataloggers until `upTo` are connected. */
async function connectUpTo(upTo: number) {
  let next = clients.length;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < upTo) {
        const sn = String(job.firstSn + next);
        next += 1;
        clients.push(await connect(sn));
      }
    }),
  );
}

process.on('message', async (message: ToLoad) => {
  if (message.type === 'connect') {
    const started = performance.now();
    await connectUpTo(message.upTo);
    send({ type: 'connected', seconds: (performance.now() - started) / 1000 });
  } else {
    await Promise.all(clients.map((client) => client.endAsync()));
    send({ type: 'ended' });
    process.disconnect();
  }
});
send({ type: 'ready' });
