import type { FastifyInstance } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** Test helpers of the device protocol tests, for either broker. */

/** Connects as datalogger `sn` with `password`; rejects with the broker's refusal. */
export function connectDevice(url: string, sn: string, password: string, extra: IClientOptions = {}): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: sn,
      username: sn,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...extra,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** The sum of a figure's lines on the app's /metrics (all label sets that start with `name`). */
export async function metricValue(http: FastifyInstance, name: string) {
  const text = (await http.inject({ method: 'GET', url: '/metrics' })).body;
  return text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** Publishes JSON (or a string as it is) at QoS 1; resolves on the PUBACK. */
export const publish = (client: MqttClient, topic: string, payload: unknown, options: { retain?: boolean } = {}) =>
  client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1, ...options });
