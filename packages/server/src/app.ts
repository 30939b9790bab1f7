import { setMaxListeners } from 'node:events';
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
import { diskFileStore } from './core/fileStore.ts';
import type { ModuleParts, Platform } from './core/module.ts';
import { createPlatformLog, type PlatformLog } from './core/platformLog.ts';
import type { Database } from './db/client.ts';
import { serializeError } from './db/errorLog.ts';
import { createUnitOfWork } from './db/unitOfWork.ts';
import { handleError } from './http/errors.ts';
import { type RouteAccess, registerRequestContext } from './http/requestContext.ts';
import { registerRequestTimeout } from './http/requestTimeout.ts';
import { registerSecurityHeaders, tileSource } from './http/securityHeaders.ts';
import { compileSerializer } from './http/serializer.ts';
import { validateInput } from './http/validator.ts';
import { accountModule } from './modules/account/module.ts';
import { accountMigrationModule } from './modules/accountMigration/module.ts';
import { alarmModule } from './modules/alarm/module.ts';
import { apiKeyModule } from './modules/apiKey/module.ts';
import { auditModule } from './modules/audit/module.ts';
import { brandModule } from './modules/brand/module.ts';
import type { DispatchOptions } from './modules/command/dispatcher.ts';
import { commandModule } from './modules/command/module.ts';
import { databaseUpkeepModule } from './modules/databaseUpkeep/module.ts';
import { dataloggerModule } from './modules/datalogger/module.ts';
import { deviceModule } from './modules/device/module.ts';
import { diagnosticsModule } from './modules/diagnostics/module.ts';
import { distributorModule } from './modules/distributor/module.ts';
import { documentModule } from './modules/document/module.ts';
import { economicsModule } from './modules/economics/module.ts';
import { fileModule } from './modules/file/module.ts';
import { fileManagementModule } from './modules/fileManagement/module.ts';
import { firmwareModule } from './modules/firmware/module.ts';
import { groupModule } from './modules/group/module.ts';
import { ingestModule } from './modules/ingest/module.ts';
import type { IngestService } from './modules/ingest/service.ts';
import { invitationModule } from './modules/invitation/module.ts';
import { journalModule } from './modules/journal/module.ts';
import { mailModule } from './modules/mail/module.ts';
import type { MailService } from './modules/mail/service.ts';
import { metaModule } from './modules/meta/module.ts';
import { monitoringModule } from './modules/monitoring/module.ts';
import { notificationModule } from './modules/notification/module.ts';
import { openApiModule } from './modules/openApi/module.ts';
import { organisationModule } from './modules/organisation/module.ts';
import { plantModule } from './modules/plant/module.ts';
import { plantMapModule } from './modules/plantMap/module.ts';
import { platformLogModule } from './modules/platformLog/module.ts';
import { powerInfoModule } from './modules/powerInfo/module.ts';
import type { ReportExportService } from './modules/report/exportService.ts';
import { reportModule } from './modules/report/module.ts';
import { sessionModule } from './modules/session/module.ts';
import { telemetryModule } from './modules/telemetry/module.ts';
import { templateModule } from './modules/template/module.ts';
import { upgradeModule } from './modules/upgrade/module.ts';
import { userModule } from './modules/user/module.ts';
import { workOrderModule } from './modules/workOrder/module.ts';

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
  /**
   * A whole request, body included: the largest timed upload (5 MB) needs about 90 KB/s. An `untimed` call
   * (the device-document upload, spec section 7) has no such limit, only this long without a byte.
   */
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
  /** Sends device commands through the broker's `publish` (the ingest role, beside the data loop), until `signal` aborts. */
  runCommandDispatcher(
    publish: (topic: string, payload: string) => Promise<void>,
    signal: AbortSignal,
    options?: DispatchOptions,
  ): Promise<void>;
  /** The background jobs of the `jobs` role (each module's: mail sender, rollups, retention, alarm rules, notifications), until `signal` aborts. */
  runJobs(signal: AbortSignal): Promise<void>;
  /** Folds everything stored so far into the rollups at once (tests). */
  rollups: { settle(): Promise<void> };
  /** Vacuums the embedded database's tables that are due, as its upkeep job does; answers their names (tests). */
  vacuumDue(): Promise<string[]>;
  /** Report exports (tests run their job's passes). */
  reportExports: ReportExportService;
  /** The platform's own events (server.ts records the start and the migrations applied). */
  platformLog: PlatformLog;
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

const API_PREFIXES = ['/c/', '/api/', '/op/'];

/** Builds the HTTP application and its services; starts nothing. */
export async function buildApp({ config, database, now = Date.now, httpTimeouts = HTTP_TIMEOUTS }: AppOptions): Promise<App> {
  const http = Fastify({
    // Database errors are logged without the statement's parameters (db/errorLog.ts).
    logger: { level: config.logLevel, serializers: { err: serializeError } },
    bodyLimit: 1_048_576,
    http: { headersTimeout: httpTimeouts.headersMs, connectionsCheckingInterval: httpTimeouts.checkEveryMs },
    // The whole request's limit is registerRequestTimeout's, per route (an untimed upload has none).
    requestTimeout: 0,
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

  registerRequestTimeout(http, httpTimeouts.requestMs);
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
  const background = createBackgroundWork(http.log);
  http.addHook('onClose', background.settled);
  const platformLog = createPlatformLog(database.db, http.log);
  http.addHook('onClose', async () => {
    platformLog.close();
    await platformLog.settled();
  });
  const platform: Platform = {
    config,
    database,
    db: unitOfWork.db,
    unitOfWork,
    transaction: unitOfWork.transaction,
    attempts: createAttemptLimiter(unitOfWork.db, now),
    background,
    fileStore: diskFileStore(join(config.dataDir, 'files')),
    platformLog,
    now,
    log: http.log,
    onClose: (hook) => http.addHook('onClose', async () => void (await hook())),
  };

  // Each module builds its own parts; what one module needs of another is handed to it here.
  const { mail, ...mailParts } = mailModule(platform);
  // Before sessions: sign-ins and password changes are written to the account log.
  const { audit, ...auditParts } = auditModule(platform);
  const { sessions, ...sessionParts } = await sessionModule(platform, { audit });
  const { invitations, ...invitationParts } = invitationModule(platform, { audit, mail });
  const { labels, ...dataloggerParts } = dataloggerModule(platform, { audit });
  const { plantRepo, namedAccount, ...plantParts } = plantModule(platform, { audit, labels });
  const { vacuumDue, ...upkeepParts } = databaseUpkeepModule(platform);
  // The rollup job tells the live views (monitoring) which plants' figures changed.
  const { telemetry, rollups, ...telemetryParts } = telemetryModule(platform, { onRolledUp: (plantIds) => live.notify(plantIds) });
  const { live, monitoring, ...monitoringParts } = await monitoringModule(platform, { telemetry, plantRepo });
  const { templates, ...templateParts } = templateModule(platform, { audit });
  const { groupRepo, ...groupParts } = groupModule(platform, { audit });
  const { fromDevices, runDispatcher, commands, states, ...commandParts } = await commandModule(platform, {
    audit,
    templates,
    groups: groupRepo,
  });
  const { ingest, ...ingestParts } = ingestModule(platform, { telemetry, commands: fromDevices });
  const { apiKeys, ...apiKeyParts } = await apiKeyModule(platform, { audit });
  const { files } = fileModule(platform);
  const { reportExports, ...reportParts } = reportModule(platform, { files, mail, audit });
  const { fileUsage: workOrderFiles, ...workOrderParts } = workOrderModule(platform, { audit, mail, files });
  const { fileUsage: documentFiles, ...documentParts } = documentModule(platform, { audit, files });
  const { fileUsage: brandFiles, ...brandParts } = brandModule(platform, { audit, files });
  const { firmware, firmwareRepo, ...firmwareParts } = firmwareModule(platform, { audit, files });
  const modules: ModuleParts[] = [
    metaModule(),
    mailParts,
    auditParts,
    sessionParts,
    accountModule(platform, { audit, mail, sessions, invitations }),
    invitationParts,
    userModule(platform, { audit, sessions }),
    dataloggerParts,
    plantParts,
    deviceModule(platform, { audit, plantRepo, namedAccount }),
    commandParts,
    firmwareParts,
    upgradeModule(platform, { audit, files, firmware, firmwareRepo, states, mail }),
    diagnosticsModule(platform, { audit, commands, states, files }),
    apiKeyParts,
    openApiModule(platform, { apiKeys, monitoring, commands, states, plantRepo }),
    alarmModule(platform, { audit, plantRepo }),
    notificationModule(platform),
    organisationModule(platform, { audit, sessions }),
    distributorModule(platform, { audit }),
    groupParts,
    templateParts,
    powerInfoModule(platform, { audit, sessions }),
    plantMapModule(platform),
    reportParts,
    monitoringParts,
    economicsModule(platform, { telemetry }),
    telemetryParts,
    ingestParts,
    workOrderParts,
    documentParts,
    brandParts,
    accountMigrationModule(platform, { audit, mail }),
    platformLogModule(platform),
    upkeepParts,
    journalModule(platform, { audit }),
    // Each module that keeps files says which are its and what holds them.
    fileManagementModule(platform, { audit, files, usages: [workOrderFiles, documentFiles, brandFiles] }),
  ];

  registerRequestContext(http, sessions, now);
  for (const module of modules) module.routes?.(http);
  const jobs = modules.flatMap((module) => module.jobs ?? []);
  const runJobs = async (signal: AbortSignal) => {
    // Every job loop listens on this one signal: dozens of listeners are the design, not the leak Node warns of past 10.
    setMaxListeners(100, signal);
    await Promise.all(jobs.map((job) => job(signal)));
  };

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

  return { http, mail, ingest, runCommandDispatcher: runDispatcher, runJobs, rollups, vacuumDue, reportExports, platformLog, apiRoutes };
}
