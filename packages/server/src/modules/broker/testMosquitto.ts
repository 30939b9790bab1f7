import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '../../config.ts';
import type { FleetPlant } from '../../test/fleetFixture.ts';
import { createDynsec, type DeviceCredentials, deviceAcls, roleOf } from './mosquittoDynsec.ts';

/** A real Mosquitto for tests and benchmarks, run with the shipped configuration. */

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((path) => existsSync(path));
export const ADMIN = { username: 'sunstack', password: randomBytes(12).toString('hex') };
const quiet = { info: () => {}, warn: () => {} };

/** A free port in 18830-18899, the range these tests use (from `first` on). */
export async function freePort(first = 18830): Promise<number> {
  for (let port = first; port <= 18899; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer().once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 18830-18899');
}

export interface Mosquitto {
  url: string;
  /** With the `tls` option: a second listener, over TLS (`mqtts://localhost:…`, a self-signed certificate). */
  tlsUrl?: string;
  /**
   * Stops the broker cleanly (it saves its sessions) and starts it again, with `settings` replacing
   * the shipped file's lines of the same name when given (else as it ran).
   */
  restart(settings?: Record<string, string>): Promise<void>;
  /** Kills the broker (SIGKILL: it saves nothing) and starts it again on the same folder. */
  crash(): Promise<void>;
  stop(): Promise<void>;
  /** The broker's process id (benchmarks read its CPU and memory). */
  pid(): number;
}

/** Resolves once a TCP connection to the port on 127.0.0.1 succeeds (true), or false once `given up` says so. */
async function listening(port: number, givenUp: () => boolean): Promise<boolean> {
  while (!givenUp()) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => {
          socket.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/**
 * Writes dataloggers into the plugin's file before the broker starts, as provisioning would leave
 * them: a client and a role each, the password hashed as the plugin does (PBKDF2-SHA512, 101
 * iterations). Provisioning thousands through the control topic takes minutes, as Mosquitto
 * rewrites the file after every command.
 */
async function writeDataloggers(file: string, dataloggers: DeviceCredentials[]) {
  const config = JSON.parse(await readFile(file, 'utf8')) as { clients: unknown[]; roles: unknown[] };
  const salt = randomBytes(12);
  // One hash per distinct secret: benchmarks give thousands of dataloggers the same one.
  const hashes = new Map<string, string>();
  const hashOf = (secret: string) => {
    let hash = hashes.get(secret);
    if (!hash) {
      hash = pbkdf2Sync(secret, salt, 101, 64, 'sha512').toString('base64');
      hashes.set(secret, hash);
    }
    return hash;
  };
  for (const { sn, secret } of dataloggers) {
    config.roles.push({ rolename: roleOf(sn), acls: deviceAcls(sn) });
    config.clients.push({
      username: sn,
      clientid: sn,
      password: hashOf(secret),
      salt: salt.toString('base64'),
      iterations: 101,
      roles: [{ rolename: roleOf(sn) }],
    });
  }
  await writeFile(file, JSON.stringify(config));
}

/**
 * Mosquitto with the shipped configuration in a folder of its own, set up as README.md says: the
 * plugin's admin client is Sunstack's, and may also send commands to dataloggers. $SYS figures
 * come every second (to see when the ingest has taken everything).
 */
export async function startMosquitto(
  options: {
    dataloggers?: DeviceCredentials[];
    /** Settings that replace the shipped file's lines of the same name (benchmarks compare persistence settings). */
    settings?: Record<string, string>;
    /** Adds a listener over TLS on localhost, with a certificate made for the run (not one Node.js trusts). */
    tls?: boolean;
  } = {},
): Promise<Mosquitto> {
  if (!MOSQUITTO) throw new Error('These tests need Mosquitto 2: apt-get install mosquitto (.ci/run installs it).');
  const dir = await mkdtemp(join(tmpdir(), 'sunstack-mosquitto-'));
  const port = await freePort();
  let tlsListener = '';
  const tlsPort = options.tls ? await freePort(port + 1) : undefined;
  if (tlsPort) {
    const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
        ...['-keyout', key, '-out', cert, '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'],
      ],
      { stdio: 'ignore' },
    );
    tlsListener = `listener ${tlsPort} localhost\ncertfile ${cert}\nkeyfile ${key}\n`;
  }
  const writeConf = async (settings: Record<string, string> = {}) => {
    let shipped = readFileSync(join(REPO, 'deploy/mosquitto/mosquitto.conf'), 'utf8');
    for (const [name, value] of Object.entries(settings)) {
      const line = new RegExp(`^${name} .*$`, 'm');
      shipped = line.test(shipped) ? shipped.replace(line, `${name} ${value}`) : `${shipped}\n${name} ${value}\n`;
    }
    const conf = `${shipped.replaceAll('/var/lib/mosquitto/', `${dir}/`).replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`)}
${tlsListener}user ${userInfo().username}
sys_interval 1
`;
    await writeFile(join(dir, 'mosquitto.conf'), conf);
  };
  await writeConf(options.settings);
  const dynsecFile = join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, ADMIN.username, ADMIN.password]);
  if (options.dataloggers) await writeDataloggers(dynsecFile, options.dataloggers);

  const launch = async () => {
    const process = spawn(MOSQUITTO as string, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    // Its log is kept while it starts, for the error below, then drained unread (it would grow with every connection).
    let output = '';
    let exited = false;
    const onLog = (chunk: Buffer) => {
      output += chunk.toString();
    };
    process.stderr.on('data', onLog);
    process.once('exit', () => {
      exited = true;
    });
    const closed = new Promise((resolve) => process.once('close', resolve));
    // It runs once its listener takes connections (the shipped file does not log "running": no information lines).
    if (!(await listening(port, () => exited))) {
      await closed; // what it wrote before it gave up may still be on its way

      throw new Error(`mosquitto did not start:\n${output}`);
    }
    process.stderr.off('data', onLog);
    process.stderr.resume();
    return process;
  };
  const halt = async (process: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
    const exited = new Promise((resolve) => process.once('exit', resolve));
    process.kill(signal);
    await exited;
  };

  let broker = await launch();
  const ctrl = ['-h', '127.0.0.1', '-p', String(port), '-u', ADMIN.username, '-P', ADMIN.password, 'dynsec'];
  execFileSync('mosquitto_ctrl', [...ctrl, 'addRoleACL', 'admin', 'publishClientSend', 'dl/+/down/#', 'allow'], { stdio: 'ignore' });
  return {
    url: `mqtt://127.0.0.1:${port}`,
    tlsUrl: tlsPort ? `mqtts://localhost:${tlsPort}` : undefined,
    async restart(settings) {
      await halt(broker);
      if (settings) await writeConf(settings);
      broker = await launch();
    },
    async crash() {
      await halt(broker, 'SIGKILL');
      broker = await launch();
    },
    async stop() {
      await halt(broker);
      await rm(dir, { recursive: true, force: true });
    },
    pid: () => broker.pid as number,
  };
}

export const externalConfig = (url: string, env: Record<string, string> = {}): Config =>
  loadConfig({
    MQTT_URL: url,
    MQTT_ADMIN_USER: ADMIN.username,
    MQTT_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });

export async function provision(url: string, ...plants: FleetPlant[]) {
  const broker = await createDynsec({ url, ...ADMIN }, quiet).open();
  await broker.provision(plants.map((p) => ({ sn: p.dataloggerSn, secret: p.secret })));
  broker.close();
}
