/**
 * The dataloggers of the connections benchmark, run as a child process so their memory is not the
 * server's. Each connects as the simulator's datalogger does (SN as client id and user name, the
 * secret, a last will), subscribes to its command topic and publishes its status "online", QoS 1:
 * the embedded broker acknowledges once the server has stored it, Mosquitto on receipt. Over IPC the
 * parent asks for so many connections (`connect`), is told when they are all open, and ends them all
 * cleanly (`end`): each reports `{"online":false}` (QoS 1) first, as the simulator does, since
 * Mosquitto sends no last will on a clean disconnect.
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

/** Reports the datalogger offline (acknowledged), then disconnects cleanly. */
async function end(sn: string, client: MqttClient) {
  const status: StatusPayload = { online: false };
  await client.publishAsync(uplinkTopic(sn, 'status'), JSON.stringify(status), { qos: 1 });
  await client.endAsync();
}

const clients: MqttClient[] = [];

/** Runs `work` for `from` … `to` - 1, CONCURRENCY at a time. */
async function pool(from: number, to: number, work: (index: number) => Promise<void>) {
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) {
        const index = next;
        next += 1;
        await work(index);
      }
    }),
  );
}

process.on('message', async (message: ToLoad) => {
  if (message.type === 'connect') {
    const started = performance.now();
    await pool(clients.length, message.upTo, async (index) => {
      clients[index] = await connect(String(job.firstSn + index));
    });
    send({ type: 'connected', seconds: (performance.now() - started) / 1000 });
  } else {
    await pool(0, clients.length, (index) => end(String(job.firstSn + index), clients[index] as MqttClient));
    send({ type: 'ended' });
    process.disconnect();
  }
});
send({ type: 'ready' });
