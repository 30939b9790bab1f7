import { commandTopic, uplinkTopic } from '@sunstack/shared';
import type { MqttClient } from 'mqtt';
import type { FleetPlant } from '../../test/fleetFixture.ts';
import { connectDevice, publish } from '../broker/testClients.ts';

/** A fixture plant's datalogger as a plain MQTT client (not the simulator), online, with the commands that reach it. */
export async function connectDatalogger(brokerUrl: string, device: FleetPlant) {
  const client = await connectDevice(brokerUrl, device.dataloggerSn, device.secret);
  const received: Record<string, unknown>[] = [];
  client.on('message', (_, payload) => received.push(JSON.parse(payload.toString())));
  await client.subscribeAsync(commandTopic(device.dataloggerSn), { qos: 1 });
  await publish(client, uplinkTopic(device.dataloggerSn, 'status'), { online: true });
  return { client, received };
}

/** Publishes a reply of the datalogger to a command. */
export const reply = (client: MqttClient, device: FleetPlant, body: unknown) =>
  publish(client, uplinkTopic(device.dataloggerSn, 'reply'), body);
