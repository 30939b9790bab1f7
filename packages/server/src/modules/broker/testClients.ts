import type { FastifyInstance } from 'fastify';
import mqtt, { type IClientOptions, type IConnackPacket, type MqttClient } from 'mqtt';

/** Test helpers of the device protocol tests, for either broker. */

/** Connects as datalogger `sn` with `password`; rejects with the broker's refusal. */
export function connectDevice(url: string, sn: string, password: string, extra: IClientOptions = {}): Promise<MqttClient> {
  return connectDeviceWithConnack(url, sn, password, extra).then(({ client }) => client);
}

/** connectDevice, with the broker's CONNACK (its session flag, and MQTT 5's properties). */
export function connectDeviceWithConnack(
  url: string,
  sn: string,
  password: string,
  extra: IClientOptions = {},
): Promise<{ client: MqttClient; connack: IConnackPacket }> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: sn,
      username: sn,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...extra,
    });
    client.once('connect', (connack) => resolve({ client, connack }));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** METRICS_TOKEN of the apps whose /metrics the protocol tests read. */
export const TEST_METRICS_TOKEN = 'protocol-tests-metrics-token';

/** The sum of a figure's lines on the app's /metrics (all label sets that start with `name`), scraped as Prometheus does. */
export async function metricValue(http: FastifyInstance, name: string) {
  const headers = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };
  const answer = await http.inject({ method: 'GET', url: '/metrics', headers });
  if (answer.statusCode !== 200) throw new Error(`/metrics answered ${answer.statusCode}: is METRICS_TOKEN set to TEST_METRICS_TOKEN?`);
  const text = answer.body;
  return text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** Publishes JSON (or a string as it is) at QoS 1; resolves on the PUBACK. */
export const publish = (client: MqttClient, topic: string, payload: unknown, options: { retain?: boolean } = {}) =>
  client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1, ...options });
