import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Errno } from '@sunstack/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Config } from './config.ts';
import { createAttemptLimiter } from './core/attempts.ts';
import { createBackgroundWork } from './core/background.ts';
import type { Database } from './db/client.ts';
import { serializeError } from './db/errorLog.ts';
import { createUnitOfWork } from './db/unitOfWork.ts';
import { handleError } from './http/errors.ts';
import { type RouteAccess, registerRequestContext } from './http/requestContext.ts';
import { registerSecurityHeaders, tileSource } from './http/securityHeaders.ts';
import { compileSerializer } from './http/serializer.ts';
import { validateInput } from './http/validator.ts';
import { createJobLoop } from './jobLoop.ts';
import { createAccountRepo } from './modules/account/repo.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { createAccountService } from './modules/account/service.ts';
import { createAlarmRepo } from './modules/alarm/repo.ts';
import { alarmRoutes } from './modules/alarm/routes.ts';
import { createAlarmRules } from './modules/alarm/rules.ts';
import { createAlarmService } from './modules/alarm/service.ts';
import { createAuditRepo } from './modules/audit/repo.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createDynsec } from './modules/broker/mosquittoDynsec.ts';
import { createDataloggerLabels } from './modules/datalogger/checkCode.ts';
import { createDataloggerRepo } from './modules/datalogger/repo.ts';
import { dataloggerRoutes } from './modules/datalogger/routes.ts';
import { createDataloggerService } from './modules/datalogger/service.ts';
import { createDeviceRepo } from './modules/device/repo.ts';
import { deviceRoutes } from './modules/device/routes.ts';
import { createDeviceService } from './modules/device/service.ts';
import { createBranchRepo } from './modules/distributor/repo.ts';
import { branchRoutes } from './modules/distributor/routes.ts';
import { createBranchService } from './modules/distributor/service.ts';
import { createGroupRepo } from './modules/group/repo.ts';
import { groupRoutes } from './modules/group/routes.ts';
import { createGroupService } from './modules/group/service.ts';
import { createIngestMetrics, metricsRoute } from './modules/ingest/metrics.ts';
import { createIngestRepo } from './modules/ingest/repo.ts';
import { createIngestService, type IngestService } from './modules/ingest/service.ts';
import { createInvitationRepo } from './modules/invitation/repo.ts';
import { invitationRoutes } from './modules/invitation/routes.ts';
import { createInvitationService } from './modules/invitation/service.ts';
import { createMailRepo } from './modules/mail/repo.ts';
import { createMailService, type MailService } from './modules/mail/service.ts';
import { metaRoutes } from './modules/meta/routes.ts';
import { createLiveUpdates } from './modules/monitoring/liveUpdates.ts';
import { createMonitoringRepo } from './modules/monitoring/repo.ts';
import { monitoringRoutes } from './modules/monitoring/routes.ts';
import { createMonitoringService } from './modules/monitoring/service.ts';
import { createNotificationRepo } from './modules/notification/repo.ts';
import { notificationRoutes } from './modules/notification/routes.ts';
import { createNotificationService } from './modules/notification/service.ts';
import { createOrganisationRepo } from './modules/organisation/repo.ts';
import { organisationRoutes } from './modules/organisation/routes.ts';
import { createOrganisationService } from './modules/organisation/service.ts';
import { createNamedAccountLookup } from './modules/plant/namedAccount.ts';
import { createPlantRepo } from './modules/plant/repo.ts';
import { plantRoutes } from './modules/plant/routes.ts';
import { createPlantService } from './modules/plant/service.ts';
import { createPlantMapRepo } from './modules/plantMap/repo.ts';
import { plantMapRoutes } from './modules/plantMap/routes.ts';
import { createPlantMapService } from './modules/plantMap/service.ts';
import { createPowerInfoRepo } from './modules/powerInfo/repo.ts';
import { powerInfoRoutes } from './modules/powerInfo/routes.ts';
import { createPowerInfoService } from './modules/powerInfo/service.ts';
import { createSessionRepo } from './modules/session/repo.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { createSessionService } from './modules/session/service.ts';
import { createSessionCache, REVOCATION_CHANNEL } from './modules/session/sessionCache.ts';
import { createTelemetryRepo } from './modules/telemetry/repo.ts';
import { createRollupJob } from './modules/telemetry/rollups.ts';
import { createUserRepo } from './modules/user/repo.ts';
import { userRoutes } from './modules/user/routes.ts';
import { createUserService } from './modules/user/service.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The clock, injectable so tests can move time (token expiry, throttling windows). */
  now?: () => number;
  /** HTTP_TIMEOUTS unless a test scales them down. */
  httpTimeouts?: HttpTimeouts;
}

/**
 * How long a client may take (slow clients hold connections: slowloris). Node answers 408 and
 * closes the connection past any of them. A live stream is not cut: its request is complete once
 * its headers are in, and what follows is the answer.
 */
export interface HttpTimeouts {
  /** A request's headers, from the first byte. */
  headersMs: number;
  /** A whole request, body included: the largest upload (5 MB) needs about 90 KB/s. */
  requestMs: number;
  /** An idle connection between requests (a reverse proxy's own keep-alive to Sunstack must be shorter). */
  keepAliveMs: number;
  /** How often node looks for connections past them (its default, 30 s, let them run that much longer). */
  checkEveryMs: number;
}
export const HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 15_000, requestMs: 60_000, keepAliveMs: 10_000, checkEveryMs: 5_000 };

export interface App {
  http: FastifyInstance;
  mail: MailService;
  /** Device messages in, whichever broker delivers them (started by dataLoop.ts). */
  ingest: IngestService;
  /** The background jobs of the `jobs` role (mail sender, rollup job, raw retention), until `signal` aborts. */
  runJobs(signal: AbortSignal): Promise<void>;
  /** Folds everything stored so far into the rollups at once (tests). */
  rollups: { settle(): Promise<void> };
  /** Every API call and who may make it, for the role and scope test matrices. */
  apiRoutes: ApiRoute[];
}

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** The call's declared input, for the fuzz suite: what its body and its query may hold. */
  body?: ZodType;
  querystring?: ZodType;
}

const API_PREFIXES = ['/c/', '/api/'];
/** A checked session is trusted this long without reading the database; revocations evict it sooner. */
const SESSION_CACHE_TTL_MS = 30_000;
/** How often an idle rollup job looks for new samples: rollups and live views trail the ingest by about this. */
const ROLLUP_POLL_MS = 1_000;
/** Raw samples expire a month at a time; looking once an hour is plenty. */
const RETENTION_POLL_MS = 3_600_000;
/** The alarm rules are judged over the whole fleet this often. */
const ALARM_RULES_POLL_MS = 60_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** Builds the HTTP application and its services; starts nothing. */
export async function buildApp({ config, database, now = Date.now, httpTimeouts = HTTP_TIMEOUTS }: AppOptions): Promise<App> {
  const http = Fastify({
    // Database errors are logged without the statement's parameters (db/errorLog.ts).
    logger: { level: config.logLevel, serializers: { err: serializeError } },
    bodyLimit: 1_048_576,
    http: { headersTimeout: httpTimeouts.headersMs, connectionsCheckingInterval: httpTimeouts.checkEveryMs },
    requestTimeout: httpTimeouts.requestMs,
    keepAliveTimeout: httpTimeouts.keepAliveMs,
    // Shutdown does not wait for keep-alive connections and live streams (clients reconnect).
    forceCloseConnections: true,
    // Bodies are strict objects; a key the schema does not name is an error, never ignored.
    routerOptions: { ignoreTrailingSlash: false },
  });
  http.setValidatorCompiler(validateInput);
  http.setSerializerCompiler(compileSerializer);
  http.setErrorHandler(handleError);
  const apiRoutes: ApiRoute[] = [];
  http.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) return;
    const input = { body: route.schema?.body as ZodType | undefined, querystring: route.schema?.querystring as ZodType | undefined };
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access, ...input });
  });

  registerSecurityHeaders(http, config.mapTiles.url ? [tileSource(config.mapTiles.url)] : []);
  await http.register(compress, { threshold: 2048 });
  // Uploads (spreadsheets now, documents later): one file per call, 5 MB at most for now.
  await http.register(multipart, { limits: { files: 1, fileSize: 5 * 1024 * 1024, fields: 5 } });
  await http.register(swagger, {
    openapi: {
      info: {
        title: 'Sunstack console API',
        version: '1',
        description: [
          'Every call sends the headers `lang`, `token` (empty before sign-in), `timezone`, `timestamp` (ms) and `signature`:',
          'the lowercase hex md5 of path, token, lang and timestamp joined by the four characters `\\r\\n`.',
          'A missing header answers errno 40256, a wrong signature 40258, a timestamp more than 5 minutes off 40259.',
          'Every answer is `{errno, result}`; errno 0 is success. GET /c/v0/errors/message lists the errnos in 12 languages.',
        ].join(' '),
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await http.register(swaggerUi, { routePrefix: '/api/docs' });

  // Repositories query through the unit of work, so a service's change and its audit entry share one transaction.
  const unitOfWork = createUnitOfWork(database.db);
  const { db, transaction } = unitOfWork;
  const accountRepo = createAccountRepo(db);
  const mail = createMailService({
    mails: createMailRepo(db),
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    listen: (channel, handler) => database.listen(channel, handler),
    log: http.log,
  });
  const sessionCache = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_MAX_ENTRIES, now });
  const stopListening = await database.listen(REVOCATION_CHANNEL, sessionCache.evict);
  http.addHook('onClose', stopListening);
  // Before sessions: sign-ins and password changes are written to the account log.
  const audit = createAuditService(createAuditRepo(db), unitOfWork);
  const attempts = createAttemptLimiter(db, now);
  const background = createBackgroundWork(http.log);
  http.addHook('onClose', background.settled);
  const sessions = createSessionService({
    sessions: createSessionRepo(db),
    accounts: accountRepo,
    cache: sessionCache,
    audit,
    attempts,
    tokenTtlMs: config.tokenTtlMs,
    now,
  });
  const invitations = createInvitationService({
    invitations: createInvitationRepo(db),
    accounts: accountRepo,
    mail,
    audit,
    transaction,
    publicUrl: config.publicUrl,
    now,
  });
  const accounts = createAccountService({
    accounts: accountRepo,
    sessions,
    mail,
    audit,
    transaction,
    attempts,
    background,
    invitations,
    now,
  });
  const users = createUserService({ users: createUserRepo(db), accounts: accountRepo, sessions, audit, transaction });

  const plantRepo = createPlantRepo(db);
  const dataloggerRepo = createDataloggerRepo(db);
  const labels = createDataloggerLabels(dataloggerRepo);
  const namedAccount = createNamedAccountLookup({ plants: plantRepo, attempts });
  const plants = createPlantService({ plants: plantRepo, audit, transaction, labels, attempts, namedAccount, now });
  // With an external broker, dataloggers' access is provisioned there (Mosquitto's dynamic security).
  const dynsec = config.mqtt.external && createDynsec(config.mqtt.external, http.log);
  const dataloggers = createDataloggerService({ dataloggers: dataloggerRepo, audit, transaction, labels, dynsec, log: http.log });
  const devices = createDeviceService({ devices: createDeviceRepo(db), plants: plantRepo, namedAccount, audit, transaction });
  const alarms = createAlarmService({ alarms: createAlarmRepo(db), plants: plantRepo, audit, transaction });
  // Alarm notifications: the dispatcher wakes on NOTIFY alarm_notice, written with every alarm change.
  const notifications = createNotificationService({
    repo: createNotificationRepo(db),
    allowPrivateWebhooks: config.webhookAllowPrivate,
    listen: (channel, handler) => database.listen(channel, handler),
    now,
    log: http.log,
  });
  const organisations = createOrganisationService({ organisations: createOrganisationRepo(db), sessions, audit, transaction });
  const plantMap = createPlantMapService({ map: createPlantMapRepo(db), tiles: config.mapTiles });
  const branches = createBranchService({ branches: createBranchRepo(db), audit, transaction });
  const groups = createGroupService({ groups: createGroupRepo(db), audit, transaction });
  const powerInfo = createPowerInfoService({ powerInfo: createPowerInfoRepo(db), sessions, audit, transaction });

  const ingestMetrics = createIngestMetrics();
  const telemetry = createTelemetryRepo(db);
  const live = await createLiveUpdates(database);
  http.addHook('onClose', live.close);
  const ingest = createIngestService(
    { telemetry, repo: createIngestRepo(db), metrics: ingestMetrics },
    {
      retentionDays: config.rawRetentionDays,
      now,
      log: http.log,
    },
  );
  // Live views refresh when the rollups (and with them today's figures) have taken new samples in.
  const rollupJob = createRollupJob(db);
  const rollupLoop = createJobLoop(
    async () => {
      const { more, plantIds } = await rollupJob.round();
      if (plantIds.length > 0) await live.notify(plantIds);
      return more;
    },
    { idleMs: ROLLUP_POLL_MS, onError: (error) => http.log.error({ err: error }, 'rollup round failed') },
  );
  const retentionLoop = createJobLoop(
    async () => {
      const dropped = await telemetry.dropExpiredPartitions(config.rawRetentionDays, now());
      if (dropped.length > 0) http.log.info(`raw samples past ${config.rawRetentionDays} days dropped: ${dropped.join(', ')}`);
      return false;
    },
    { idleMs: RETENTION_POLL_MS, onError: (error) => http.log.error({ err: error }, 'raw retention failed') },
  );
  const alarmRules = createAlarmRules(db);
  const alarmRulesLoop = createJobLoop(
    async () => {
      await alarmRules.evaluate(new Date(now()));
      return false;
    },
    { idleMs: ALARM_RULES_POLL_MS, onError: (error) => http.log.error({ err: error }, 'alarm rules failed') },
  );
  const runJobs = async (signal: AbortSignal) => {
    await Promise.all([
      mail.runSender(signal),
      rollupLoop.run(signal),
      retentionLoop.run(signal),
      alarmRulesLoop.run(signal),
      notifications.run(signal),
    ]);
  };
  metricsRoute(http, ingestMetrics.registry, config.metricsToken);

  const monitoring = createMonitoringService({ monitoring: createMonitoringRepo(db), telemetry, plants: plantRepo, now });

  registerRequestContext(http, sessions, now);
  metaRoutes(http);
  sessionRoutes(http, sessions);
  accountRoutes(http, accounts);
  plantRoutes(http, plants);
  dataloggerRoutes(http, dataloggers);
  deviceRoutes(http, devices);
  alarmRoutes(http, alarms);
  notificationRoutes(http, notifications);
  organisationRoutes(http, organisations);
  auditRoutes(http, audit);
  monitoringRoutes(http, monitoring, live);
  powerInfoRoutes(http, powerInfo);
  userRoutes(http, users);
  plantMapRoutes(http, plantMap);
  branchRoutes(http, branches);
  groupRoutes(http, groups);
  invitationRoutes(http, invitations);

  const indexHtml = join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await http.register(fastifyStatic, { root: config.webDist, index: false });
    http.get('/', (_, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  // Unknown API paths and missing files answer 404 (the client shows "status:404 Api Not Found",
  // or reloads for a chunk a new release removed); every other GET is a screen of the single-page
  // app, which shows its own 404 page for unknown screens.
  http.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] as string;
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix));
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (request.method === 'GET' && !isApi && !isFile && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ errno: Errno.notFound, result: {} });
  });

  return { http, mail, ingest, runJobs, rollups: { settle: rollupJob.settle }, apiRoutes };
}
