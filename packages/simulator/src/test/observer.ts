import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CommandPayload, commandTopic, parseUplinkTopic, telemetryPayload, type UplinkKind } from '@sunstack/shared';
import mqtt, { type MqttClient } from 'mqtt';
import { type DataloggerOptions, SimulatedDatalogger } from '../device/datalogger.ts';
import type { PlantDefinition } from '../plant/definition.ts';
import { DEMO_FLEET, withDatalogger } from '../plant/fleet.ts';

/**
 * Test helpers against a real broker: the machine's Mosquitto (127.0.0.1:1883, anonymous) unless
 * SIMULATOR_TEST_MQTT_URL says otherwise. SNs are random so parallel test files never collide.
 */

export const TEST_BROKER = process.env.SIMULATOR_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** A random 15-digit datalogger SN starting with 86. */
export function randomSn(): string {
  return `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;
}

export interface Received {
  sn: string;
  kind: UplinkKind;
  payload: Record<string, unknown>;
  at: number;
}

/** Subscribes to `dl/{sn}/up/#` of the given SNs and keeps every message in arrival order. */
export class Observer {
  readonly messages: Received[] = [];
  private constructor(private readonly client: MqttClient) {}

  static async start(sns: string[]): Promise<Observer> {
    const client = await mqtt.connectAsync(TEST_BROKER, {
      clientId: `observer-${Math.random().toString(16).slice(2)}`,
      reconnectPeriod: 0,
    });
    const observer = new Observer(client);
    client.on('message', (topic, payload) => {
      const parsed = parseUplinkTopic(topic);
      if (parsed) observer.messages.push({ ...parsed, payload: JSON.parse(payload.toString()), at: Date.now() });
    });
    await client.subscribeAsync(
      sns.map((sn) => `dl/${sn}/up/#`),
      { qos: 1 },
    );
    return observer;
  }

  of(kind: UplinkKind, sn?: string): Received[] {
    return this.messages.filter((message) => message.kind === kind && (sn === undefined || message.sn === sn));
  }

  /** Resolves with the first message (from index `from` on) that matches, or fails after `timeoutMs`. */
  async waitFor(match: (message: Received) => boolean, timeoutMs = 5000, from = 0): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message within ${timeoutMs} ms (${this.messages.length} received)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Sends a command to a datalogger, as the platform would. */
  async command(sn: string, command: Omit<CommandPayload, 'expiresAt'> & { expiresAt?: number }) {
    await this.client.publishAsync(commandTopic(sn), JSON.stringify({ expiresAt: Date.now() + 60_000, ...command }), { qos: 1 });
  }

  /** All replies to a command id, in order. */
  replies(id: string) {
    return this.of('reply').filter((message) => message.payload.id === id);
  }

  async close() {
    await this.client.endAsync();
  }
}

export interface FileServer {
  url: string;
  /** Range headers of every GET, in order ('' when none). */
  ranges: string[];
  uploads: { method: string; body: string }[];
  close(): Promise<void>;
}

/**
 * Serves `file` at /firmware.bin with Range support, cutting the connection of the first full
 * response after `cutAfter` bytes (a dropped download); accepts PUT uploads at /upload.
 */
export async function startFileServer(file: Buffer, cutAfter?: number): Promise<FileServer> {
  const ranges: string[] = [];
  const uploads: { method: string; body: string }[] = [];
  let cut = cutAfter !== undefined;
  let busyAnswered = false;
  const server: Server = createServer((request: IncomingMessage, response) => {
    if (request.url === '/upload') {
      if (request.method !== 'PUT' && request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        uploads.push({ method: request.method as string, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200).end();
      });
      return;
    }
    // A server too busy to read the request in time (408) the first time, the file after.
    if (request.url === '/busy.bin' && !busyAnswered) {
      busyAnswered = true;
      response.writeHead(408).end();
      return;
    }
    if (request.url !== '/firmware.bin' && request.url !== '/busy.bin') {
      response.writeHead(404).end();
      return;
    }
    const range = request.headers.range ?? '';
    ranges.push(range);
    const start = Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? 0);
    if (start >= file.length) {
      response.writeHead(416, { 'content-range': `bytes */${file.length}` }).end();
      return;
    }
    if (start > 0) {
      response.writeHead(206, {
        'content-range': `bytes ${start}-${file.length - 1}/${file.length}`,
        'content-length': file.length - start,
      });
      response.end(file.subarray(start));
      return;
    }
    response.writeHead(200, { 'content-length': file.length });
    if (cut && cutAfter !== undefined) {
      cut = false;
      response.write(file.subarray(0, cutAfter), () => setTimeout(() => response.destroy(), 50));
      return;
    }
    response.end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ranges,
    uploads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Work to undo after each test, last first. */
export class Cleanups {
  private readonly steps: (() => Promise<unknown>)[] = [];
  add(step: () => Promise<unknown>) {
    this.steps.push(step);
  }
  async run() {
    for (const step of this.steps.splice(0).reverse()) await step();
  }
}

const sevilla = DEMO_FLEET.find((plant) => plant.name === 'Sevilla finca') as PlantDefinition;

/** The Sevilla plant (or `base`) behind a random datalogger SN, started against the test broker with an observer. */
export async function startTestDatalogger(cleanups: Cleanups, options: Partial<DataloggerOptions> = {}, base = sevilla) {
  const plant = withDatalogger(base, randomSn());
  const observer = await Observer.start([plant.datalogger.sn]);
  cleanups.add(() => observer.close());
  const datalogger = new SimulatedDatalogger({
    url: TEST_BROKER,
    plant,
    secret: 'test',
    intervalSec: 0.2,
    rebootMs: 300,
    installMs: 200,
    reconnectMs: 200,
    ...options,
  });
  cleanups.add(() => datalogger.stop());
  await datalogger.start();
  // Commands are only heard once the datalogger has subscribed: wait for its first sample.
  await observer.waitFor((message) => message.kind === 'telemetry');
  return { plant, sn: plant.datalogger.sn, observer, datalogger };
}

/** The first inverter's samples received so far, in arrival order, with their arrival time. */
export function inverterSamples(observer: Observer, plant: PlantDefinition) {
  return observer
    .of('telemetry')
    .flatMap((message) => telemetryPayload.parse(message.payload).samples.map((sample) => ({ ...sample, at: message.at })))
    .filter((sample) => sample.device === plant.inverters[0]?.sn);
}
