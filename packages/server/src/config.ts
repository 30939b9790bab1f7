import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so `./data` means the same folder whichever workspace starts the server. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * api: HTTP; jobs: mail and other queued work; ingest: device messages (the embedded broker
 * and its ingest, or a consumer of MQTT_URL); simulator: the simulated fleet (demo only).
 */
export const SERVER_ROLES = ['api', 'jobs', 'ingest', 'simulator'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const urlWithScheme = (schemes: string[]) =>
  z.string().refine((value) => schemes.some((scheme) => value.startsWith(`${scheme}://`)), {
    error: `must start with ${schemes.map((s) => `${s}://`).join(' or ')}`,
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']).optional(),
  DATA_DIR: z.string().min(1).default(`${REPO_ROOT}data`),
  SMTP_URL: urlWithScheme(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Sunstack <no-reply@sunstack.local>'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated roles this process runs; all of them by default. */
  ROLES: z
    .string()
    .default(SERVER_ROLES.join(','))
    .transform((value) => value.split(',').map((role) => role.trim()))
    .pipe(z.array(z.enum(SERVER_ROLES)).min(1)),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  WEB_DIST: z.string().default(`${REPO_ROOT}packages/web/dist`),
  /** The embedded MQTT broker; 1884 so it never clashes with a system broker on 1883. */
  MQTT_HOST: z.string().min(1).default('127.0.0.1'),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1884),
  /** An external broker (Mosquitto, EMQX) instead of the embedded one. */
  MQTT_URL: urlWithScheme(['mqtt', 'mqtts']).optional(),
  /** Sunstack's own client on MQTT_URL: consumes device messages and provisions dataloggers (Mosquitto's dynamic security admin). */
  MQTT_ADMIN_USER: z.string().min(1).optional(),
  MQTT_ADMIN_PASSWORD: z.string().min(1).optional(),
  /** Names this ingest process's persistent sessions on MQTT_URL, so a restart resumes them. */
  INGEST_INSTANCE: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .default('main'),
  /** Raw samples are kept this long; rollups are kept. */
  RAW_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(400),
  /** Raster tiles for the plant map, e.g. https://tiles.example.com/{z}/{x}/{y}.png; without it the map shows bundled outlines. */
  MAP_TILE_URL: urlWithScheme(['http', 'https'])
    .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), { error: 'must contain {z}, {x} and {y}' })
    .optional(),
  /** Credit the tile server asks for, shown in the map's corner. */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(''),
  /** Lets webhooks reach private, loopback and link-local addresses (tests, closed networks); off, such URLs are refused. */
  WEBHOOK_ALLOW_PRIVATE: z.stringbool().default(false),
  /** The bearer token Prometheus scrapes /metrics with; without it /metrics is not served. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** How long an Open API write waits for the device's answer before it answers 41982. */
  OPEN_API_COMMAND_WAIT_MS: z.coerce.number().int().min(100).max(50_000).default(20_000),
  /** Open API calls an account may make in one second, whatever its daily quota (FoxESS answers bursts with 40400 too). */
  OPEN_API_CALLS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(10),
});

/** Variables that need one another. */
const checkedEnvSchema = envSchema.superRefine((env, context) => {
  for (const name of ['MQTT_ADMIN_USER', 'MQTT_ADMIN_PASSWORD'] as const) {
    if (env.MQTT_URL && !env[name]) context.addIssue({ code: 'custom', path: [name], message: 'required with MQTT_URL' });
  }
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  roles: ServerRole[];
  tokenTtlMs: number;
  webDist: string;
  /** The embedded broker's address, or `external`: the broker of MQTT_URL and Sunstack's client there. */
  mqtt: { host: string; port: number; instance: string; external: ExternalBroker | undefined };
  rawRetentionDays: number;
  /** The plant map's tile server (its origin is allowed in the content security policy) and its credit. */
  mapTiles: { url: string | undefined; attribution: string };
  /** Whether webhooks may reach private addresses (WEBHOOK_ALLOW_PRIVATE); off, the SSRF guard refuses them. */
  webhookAllowPrivate: boolean;
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <it>`, and nobody without it. */
  metricsToken: string | undefined;
  /** OPEN_API_COMMAND_WAIT_MS: an Open API write's bounded wait for the device's answer. */
  openApiCommandWaitMs: number;
  /** OPEN_API_CALLS_PER_SECOND: an account's Open API calls in one second. */
  openApiCallsPerSecond: number;
  /** Demo accounts and the simulated fleet exist only on the embedded database, never on DATABASE_URL. */
  demo: boolean;
}

export interface ExternalBroker {
  url: string;
  username: string;
  password: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    roles: e.ROLES,
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3_600_000,
    webDist: e.WEB_DIST,
    mqtt: {
      host: e.MQTT_HOST,
      port: e.MQTT_PORT,
      instance: e.INGEST_INSTANCE,
      external: e.MQTT_URL ? { url: e.MQTT_URL, username: e.MQTT_ADMIN_USER ?? '', password: e.MQTT_ADMIN_PASSWORD ?? '' } : undefined,
    },
    rawRetentionDays: e.RAW_RETENTION_DAYS,
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    metricsToken: e.METRICS_TOKEN,
    openApiCommandWaitMs: e.OPEN_API_COMMAND_WAIT_MS,
    openApiCallsPerSecond: e.OPEN_API_CALLS_PER_SECOND,
    demo: e.DATABASE_URL === undefined,
  };
}
