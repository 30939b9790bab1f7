import {
  ACCOUNT_LOG_EVENTS,
  AGING_DEVICE_STATUSES,
  AGING_REASONS,
  ALARM_SOURCES,
  type AlarmThresholds,
  COMMAND_STATES,
  COMMAND_TYPES,
  DEVICE_LOG_KINDS,
  DEVICE_TYPES,
  type DeviceLogSummary,
  DOCUMENT_TYPES,
  FAULT_SEVERITIES,
  FIRMWARE_TYPES,
  type FirmwareLimit,
  IV_CAUSES,
  IV_SCAN_STATES,
  type IvPoint,
  JOURNAL_STATES,
  type JournalTexts,
  type KeyPoints,
  type ModuleDatasheet,
  NOTICE_EVENTS,
  PRODUCT_TYPES,
  type PricePeriod,
  QUESTION_CATEGORIES,
  SKIP_REASONS,
  STRATEGY_MODES,
  STRATEGY_STATUSES,
  STRATEGY_TRIGGERS,
  type Strategy,
  type StrategyLimits,
  UPGRADE_DEVICE_TYPES,
  WEBHOOK_EVENTS,
  WORK_ORDER_ENTRY_KINDS,
  WORK_ORDER_STATUSES,
} from '@sunstack/shared';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/** Mirrors the SQL migrations in ./migrations (the migrations are the source of truth; a test checks the two agree). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
const id = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organisation = pgTable('organisation', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  parentId: id('parent_id'),
  kind: text('kind', { enum: ['manufacturer', 'distributor', 'agent'] }).notNull(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  /** '/1/4/9/', set by a trigger from the parent's path. */
  path: text('path').notNull().default(''),
  /** Distributor fields of spec section 3 (0006_groups_distributors.sql). */
  country: text('country').notNull().default(''),
  email: text('email').notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
  /** Company details (power info, 0005_permission_groups.sql): the manufacturer's, with its country and email. */
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  website: text('website').notNull().default(''),
});

export const account = pgTable('account', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organisationId: id('organisation_id').notNull(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  access: smallint('access').notNull(),
  name: text('name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  country: text('country').notNull().default(''),
  city: text('city').notNull().default(''),
  address: text('address').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  introduction: text('introduction').notNull().default(''),
  note: text('note').notNull().default(''),
  language: text('language').notNull().default('en'),
  clientId: text('client_id').notNull(),
  apiMqttEnable: boolean('api_mqtt_enable').notNull().default(false),
  /** Power info: an administrator's department and own permission group (see permissionGroup). */
  departmentId: id('department_id'),
  permissionGroupId: id('permission_group_id'),
  disabledAt: at('disabled_at'),
  /** After an operator set the password (create, reset): change it before anything else. */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const apiKey = pgTable('api_key', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: id('account_id').notNull(),
  name: text('name').notNull(),
  keyHash: bytea('key_hash').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
  lastUsedAt: at('last_used_at'),
  revokedAt: at('revoked_at'),
});

export const apiUsage = pgTable('api_usage', {
  accountId: id('account_id').primaryKey(),
  dailyQuota: integer('daily_quota').notNull().default(1440),
  day: date('day', { mode: 'string' }).notNull(),
  dayCalls: integer('day_calls').notNull().default(0),
  second: bigint('second', { mode: 'number' }).notNull().default(0),
  secondCalls: integer('second_calls').notNull().default(0),
});

export const session = pgTable('session', {
  tokenHash: bytea('token_hash').primaryKey(),
  accountId: id('account_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
  revokedReason: text('revoked_reason', { enum: ['logout', 'changed'] }),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

export const verificationCode = pgTable('verification_code', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  purpose: text('purpose', { enum: ['register', 'reset'] }).notNull(),
  email: text('email').notNull(),
  codeHash: bytea('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Secrets of the installation, made by the migrations (0019): the datalogger label key. */
export const platformSecret = pgTable('platform_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Attempts a limit counts (core/attempts.ts), one row per key; written by take_attempt (0018). */
export const attempt = pgTable('attempt', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: text('key').notNull(),
  at: at('at').notNull(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
  sentAt: at('sent_at'),
  lastError: text('last_error'),
  /** Stored files sent along (migration 0060): read from the file store when the mail goes. */
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
});

/** A file a mail carries: its name in the mail, its type, and its bytes' hash in the file store. */
export interface MailAttachment {
  name: string;
  contentType: string;
  sha256: string;
}

export interface Contact {
  name?: string;
  phone?: string;
  email?: string;
}

export const plant = pgTable('plant', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organisationId: id('organisation_id').notNull(),
  installerId: id('installer_id'),
  ownerId: id('owner_id'),
  name: text('name').notNull(),
  type: text('type', { enum: ['residential', 'commercial', 'utility', 'storage', 'charging'] }).notNull(),
  country: text('country').notNull(),
  city: text('city').notNull().default(''),
  address: text('address').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  timeZone: text('time_zone').notNull(),
  systemSizeKw: numeric('system_size_kw', { mode: 'number' }),
  pvSizeKwp: numeric('pv_size_kwp', { mode: 'number' }),
  feedInTariff: numeric('feed_in_tariff', { mode: 'number' }),
  currency: text('currency').notNull().default('EUR'),
  importPrice: numeric('import_price', { mode: 'number' }),
  panelTilt: numeric('panel_tilt', { mode: 'number' }),
  panelAzimuth: numeric('panel_azimuth', { mode: 'number' }),
  pricePeriods: jsonb('price_periods').$type<PricePeriod[]>().notNull().default([]),
  commissionedOn: date('commissioned_on', { mode: 'string' }),
  gridConnectedOn: date('grid_connected_on', { mode: 'string' }),
  installerContact: jsonb('installer_contact').$type<Contact>().notNull().default({}),
  userContact: jsonb('user_contact').$type<Contact>().notNull().default({}),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
});

export const plantMember = pgTable(
  'plant_member',
  {
    plantId: id('plant_id').notNull(),
    accountId: id('account_id').notNull(),
    role: text('role', { enum: ['viewer', 'installer'] }).notNull(),
    grantedBy: id('granted_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.plantId, table.accountId] })],
);

export const datalogger = pgTable('datalogger', {
  sn: text('sn').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  organisationId: id('organisation_id').notNull(),
  plantId: id('plant_id'),
  registeredBy: id('registered_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  boundAt: at('bound_at'),
  /** What it last said on dl/{sn}/up/status (0008_telemetry.sql). */
  online: boolean('online').notNull().default(false),
  statusAt: at('status_at'),
  firmware: text('firmware').notNull().default(''),
  ip: text('ip').notNull().default(''),
  signal: doublePrecision('signal'),
});

export const device = pgTable('device', {
  sn: text('sn').primaryKey(),
  dataloggerSn: text('datalogger_sn').notNull(),
  plantId: id('plant_id'),
  type: text('type', { enum: DEVICE_TYPES }).notNull(),
  model: text('model').notNull().default(''),
  ratedPowerKw: numeric('rated_power_kw', { mode: 'number' }),
  firmware: jsonb('firmware').$type<Record<string, string>>().notNull().default({}),
  lastSeenAt: at('last_seen_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  /** A display name the owner gives it (EV chargers, 0007_devices.sql); empty shows the SN. */
  name: text('name').notNull().default(''),
  /** Its place in the plant's parallel system of inverters, if any. */
  parallelRole: text('parallel_role', { enum: ['master', 'slave'] }),
  /** The compact id telemetry refers to (0008_telemetry.sql). */
  id: bigserial('id', { mode: 'number' }).notNull(),
});

export const deviceGrant = pgTable(
  'device_grant',
  {
    deviceSn: text('device_sn').notNull(),
    integratorId: id('integrator_id').notNull(),
    canControl: boolean('can_control').notNull().default(false),
    grantedBy: id('granted_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.deviceSn, table.integratorId] })],
);

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: at('at').notNull().defaultNow(),
  actorId: id('actor_id'),
  organisationPath: text('organisation_path').notNull(),
  ip: text('ip').notNull().default(''),
  action: text('action').notNull(),
  objectType: text('object_type').notNull(),
  objectId: text('object_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
});

/** The platform log (0065_platform_log.sql): the platform's own events, bounded by its retention job. */
export const platformLog = pgTable('platform_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: at('at').notNull().defaultNow(),
  kind: text('kind').notNull(),
  severity: text('severity').notNull(),
  message: text('message').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
});

/** The journal (0066_journal.sql): release notes with a title and body per language; who saw which. */
export const journalNote = pgTable('journal_note', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  version: text('version').notNull().default(''),
  state: text('state', { enum: JOURNAL_STATES }).notNull().default('draft'),
  texts: jsonb('texts').$type<JournalTexts>().notNull(),
  publishedAt: at('published_at'),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const journalSeen = pgTable(
  'journal_seen',
  {
    accountId: id('account_id').notNull(),
    noteId: id('note_id').notNull(),
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.noteId] })],
);

/** The account log (0004_user_management.sql): what happened to an account's access. */
export const accountLog = pgTable('account_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: at('at').notNull().defaultNow(),
  accountId: id('account_id'),
  username: text('username').notNull(),
  organisationPath: text('organisation_path').notNull(),
  actorId: id('actor_id'),
  event: text('event', { enum: ACCOUNT_LOG_EVENTS }).notNull(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  detail: text('detail').notNull().default(''),
});

/** Permission groups (power info): named sets of switch codes, assigned to an administrator, a department or a role. */
export const permissionGroup = pgTable('permission_group', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  permissions: text('permissions').array().notNull().default([]),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The manufacturer's departments, a tree ('/3/7/' paths set by a trigger). */
export const department = pgTable('department', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  parentId: id('parent_id'),
  name: text('name').notNull(),
  path: text('path').notNull().default(''),
  permissionGroupId: id('permission_group_id'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const rolePermissionGroup = pgTable('role_permission_group', {
  access: smallint('access').primaryKey(),
  permissionGroupId: id('permission_group_id').notNull(),
});

/** Groups of plants or devices for batch operations (0006_groups_distributors.sql). */
export const assetGroup = pgTable('asset_group', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['plant', 'device'] }).notNull(),
  name: text('name').notNull(),
  organisationId: id('organisation_id').notNull(),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const assetGroupMember = pgTable('asset_group_member', {
  groupId: id('group_id').notNull(),
  plantId: id('plant_id'),
  deviceSn: text('device_sn'),
  addedAt: at('added_at').notNull().defaultNow(),
});

/** Invitations to join a branch (0006_groups_distributors.sql); the token itself is never stored. */
export const invitation = pgTable('invitation', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: bytea('token_hash').notNull(),
  email: text('email').notNull(),
  access: smallint('access').notNull(),
  organisationId: id('organisation_id').notNull(),
  invitedBy: id('invited_by').notNull(),
  language: text('language').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  accountId: id('account_id'),
  revokedAt: at('revoked_at'),
});

/** The newest value of every variable of a device (0008_telemetry.sql). */
export const telemetryLatest = pgTable('telemetry_latest', {
  deviceId: id('device_id').primaryKey(),
  ts: at('ts').notNull(),
  vars: jsonb('vars').$type<Record<string, number>>().notNull(),
});

export const deviceEvent = pgTable(
  'device_event',
  {
    deviceId: id('device_id').notNull(),
    ts: at('ts').notNull(),
    code: integer('code').notNull(),
    state: text('state', { enum: ['raised', 'cleared'] }).notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.ts, table.code, table.state] })],
);

/** Alarms of devices and dataloggers (0011_alarms.sql). */
export const alarm = pgTable('alarm', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  source: text('source', { enum: ALARM_SOURCES }).notNull(),
  code: integer('code').notNull(),
  severity: text('severity', { enum: FAULT_SEVERITIES }).notNull(),
  dataloggerSn: text('datalogger_sn').notNull(),
  deviceId: id('device_id'),
  plantId: id('plant_id'),
  raisedAt: at('raised_at').notNull(),
  lastRaisedAt: at('last_raised_at').notNull(),
  clearedAt: at('cleared_at'),
  occurrences: integer('occurrences').notNull().default(1),
  ackedAt: at('acked_at'),
  ackedBy: id('acked_by'),
  ackComment: text('ack_comment'),
});

/** Thresholds of the alarm rules a plant sets (0013_alarm_rules.sql). */
export const alarmThreshold = pgTable('alarm_threshold', {
  plantId: id('plant_id').primaryKey(),
  settings: jsonb('settings').$type<Partial<AlarmThresholds>>().notNull().default({}),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Alarm notifications (0012_notifications.sql): subscriptions; null plant: every plant in the account's scope. */
export const notificationSubscription = pgTable('notification_subscription', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: id('account_id').notNull(),
  plantId: id('plant_id'),
  severities: text('severities', { enum: FAULT_SEVERITIES }).array().notNull(),
  email: boolean('email').notNull(),
  /** Web Push to every browser the account turned on (0070). */
  push: boolean('push').notNull().default(true),
  webhookUrl: text('webhook_url'),
  webhookSecret: text('webhook_secret'),
  /** Set during a storm: when its next summary is due. */
  summaryDueAt: at('summary_due_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Written by a trigger on `alarm` with every change worth telling; consumed once by the notification job. */
export const alarmNotice = pgTable('alarm_notice', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  alarmId: id('alarm_id').notNull(),
  event: text('event', { enum: NOTICE_EVENTS }).notNull(),
  at: at('at').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Webhook deliveries: the exact body, retried with back-off until delivered or given up. */
export const notificationOutbox = pgTable('notification_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  subscriptionId: id('subscription_id').notNull(),
  event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
  body: text('body').notNull(),
  createdAt: at('created_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').notNull(),
  deliveredAt: at('delivered_at'),
  failedAt: at('failed_at'),
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
});

/** The server's VAPID key pair, made once (0053_web_push.sql). */
export const webPushKey = pgTable('web_push_key', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** A browser of an account that accepted pushes (0053_web_push.sql). */
export const pushEndpoint = pgTable('push_endpoint', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: id('account_id').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Pushes to deliver, retried like webhooks (0053_web_push.sql). */
export const pushOutbox = pgTable('push_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  endpointId: id('endpoint_id').notNull(),
  body: text('body').notNull(),
  createdAt: at('created_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').notNull(),
  deliveredAt: at('delivered_at'),
  failedAt: at('failed_at'),
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
});

/** Notices matched to a subscription within the storm window, and those a storm holds for its summary. */
export const notificationRecent = pgTable('notification_recent', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriptionId: id('subscription_id').notNull(),
  alarmId: id('alarm_id').notNull(),
  event: text('event', { enum: NOTICE_EVENTS }).notNull(),
  occurredAt: at('occurred_at').notNull(),
  matchedAt: at('matched_at').notNull(),
  held: boolean('held').notNull(),
});

/** Commands to devices (migration 0020): the outbox the dispatcher sends from, and each command's state. */
export const deviceCommand = pgTable('device_command', {
  id: uuid('id').primaryKey(),
  deviceSn: text('device_sn').notNull(),
  dataloggerSn: text('datalogger_sn').notNull(),
  type: text('type', { enum: COMMAND_TYPES }).notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
  state: text('state', { enum: COMMAND_STATES }).notNull().default('queued'),
  progress: smallint('progress'),
  result: jsonb('result').$type<Record<string, unknown>>(),
  error: text('error'),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  sentAt: at('sent_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  finishedAt: at('finished_at'),
  auditLogId: id('audit_log_id'),
  batchId: uuid('batch_id'),
});

/** Work model templates (0028_templates_batches.sql): a named battery strategy of an organisation. */
export const strategyTemplate = pgTable('strategy_template', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organisationId: id('organisation_id').notNull(),
  name: text('name').notNull(),
  strategy: jsonb('strategy').$type<Strategy>().notNull(),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Group remote batches (0028_templates_batches.sql): one settings change sent to many devices. */
export const commandBatch = pgTable('command_batch', {
  id: uuid('id').primaryKey(),
  organisationId: id('organisation_id').notNull(),
  targetKind: text('target_kind', { enum: ['device', 'group', 'plants'] }).notNull(),
  targetLabel: text('target_label').notNull(),
  templateName: text('template_name'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  refused: integer('refused').notNull().default(0),
  withoutBattery: integer('without_battery').notNull().default(0),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Stored files (0030_stored_files.sql): what each file in the file store is, whose, and who made it. */
export const storedFile = pgTable('stored_file', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sha256: text('sha256').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  contentType: text('content_type').notNull(),
  name: text('name').notNull(),
  purpose: text('purpose').notNull(),
  organisationId: id('organisation_id').notNull(),
  createdBy: id('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Report exports (0034_report_exports.sql): what to report, for whom, once or every period. */
export const reportDefinition = pgTable('report_definition', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: id('account_id').notNull(),
  organisationId: id('organisation_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['monthly', 'annual'] }).notNull(),
  periodDate: date('period_date', { mode: 'string' }).notNull(),
  summary: text('summary', { enum: ['plant', 'device'] }).notNull(),
  dataTypes: text('data_types').array().notNull(),
  series: text('series').notNull().default(''),
  emailPush: boolean('email_push').notNull().default(false),
  recipients: text('recipients').array().notNull().default([]),
  scheduled: boolean('scheduled').notNull().default(false),
  language: text('language').notNull().default('en'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** One generation of a report export (0034_report_exports.sql): a durable job under a lease. */
export const reportTask = pgTable(
  'report_task',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    definitionId: id('definition_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    scheduleKey: date('schedule_key', { mode: 'string' }),
    state: text('state', { enum: ['generating', 'done', 'failed'] })
      .notNull()
      .default('generating'),
    progress: smallint('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: at('lease_until'),
    xlsxFileId: id('xlsx_file_id'),
    pdfFileId: id('pdf_file_id'),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (table) => [unique().on(table.definitionId, table.scheduleKey)],
);
/** Work orders (0037_work_orders.sql): a problem about a plant and its conversation. */
export const workOrder = pgTable('work_order', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  plantId: id('plant_id').notNull(),
  deviceSn: text('device_sn'),
  questionCategory: text('question_category', { enum: QUESTION_CATEGORIES }).notNull(),
  productType: text('product_type', { enum: PRODUCT_TYPES }).notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  contactName: text('contact_name').notNull(),
  contactPhone: text('contact_phone').notNull(),
  status: text('status', { enum: WORK_ORDER_STATUSES }).notNull().default('turnedOn'),
  platform: text('platform').notNull(),
  createdBy: id('created_by').notNull(),
  assigneeId: id('assignee_id'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const workOrderEntry = pgTable('work_order_entry', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  workOrderId: id('work_order_id').notNull(),
  authorId: id('author_id').notNull(),
  kind: text('kind', { enum: WORK_ORDER_ENTRY_KINDS }).notNull(),
  body: text('body').notNull().default(''),
  statusFrom: text('status_from', { enum: WORK_ORDER_STATUSES }),
  statusTo: text('status_to', { enum: WORK_ORDER_STATUSES }),
  assigneeId: id('assignee_id'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const workOrderPhoto = pgTable('work_order_photo', {
  fileId: id('file_id').primaryKey(),
  entryId: id('entry_id').notNull(),
});

/** Documents (0038_documents.sql): manuals, datasheets and brochures with their PDF files. */
export const document = pgTable('document', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  manufacturer: text('manufacturer').notNull(),
  language: text('language').notNull(),
  type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
  name: text('name').notNull(),
  videoLink: text('video_link').notNull().default(''),
  coverFileId: id('cover_file_id'),
  publishedAt: at('published_at'),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const documentFile = pgTable('document_file', {
  fileId: id('file_id').primaryKey(),
  documentId: id('document_id').notNull(),
});

/** Brands (0064_brands.sql): the look of the console on a domain, and the app's store links. */
export const brand = pgTable('brand', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  domain: text('domain').notNull().unique(),
  downloadLink: text('download_link').notNull().default(''),
  androidLink: text('android_link').notNull().default(''),
  iosLink: text('ios_link').notNull().default(''),
  logoFileId: id('logo_file_id'),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The firmware library (0031_firmware.sql): an image (its bytes a stored file), its fields and limits. */
export const firmware = pgTable('firmware', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  storedFileId: id('stored_file_id').notNull(),
  sha256: text('sha256').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  fileName: text('file_name').notNull(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  code: text('code').notNull(),
  deviceType: text('device_type', { enum: UPGRADE_DEVICE_TYPES }).notNull(),
  series: text('series').notNull(),
  firmwareType: text('firmware_type', { enum: FIRMWARE_TYPES }).notNull(),
  releaseTime: at('release_time').notNull(),
  internal: boolean('internal').notNull().default(false),
  publishedAt: at('published_at'),
  limits: jsonb('limits').$type<FirmwareLimit[]>().notNull().default([]),
  organisationId: id('organisation_id').notNull(),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Blacklisted versions (0031_firmware.sql). */
export const firmwareBlacklist = pgTable('firmware_blacklist', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  version: text('version').notNull(),
  series: text('series').notNull(),
  reason: text('reason').notNull(),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Upgrade tasks (0032_upgrade_tasks.sql). */
export const upgradeTask = pgTable('upgrade_task', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  firmwareId: id('firmware_id'),
  firmwareName: text('firmware_name').notNull(),
  version: text('version').notNull(),
  firmwareType: text('firmware_type', { enum: FIRMWARE_TYPES }).notNull(),
  deviceType: text('device_type', { enum: UPGRADE_DEVICE_TYPES }).notNull(),
  organisationId: id('organisation_id').notNull(),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** A device of an upgrade task: skipped with its reason, or its firmware.upgrade command (0032_upgrade_tasks.sql). */
export const upgradeDevice = pgTable(
  'upgrade_device',
  {
    taskId: id('task_id').notNull(),
    deviceSn: text('device_sn').notNull(),
    preVersion: text('pre_version'),
    skipReason: text('skip_reason', { enum: SKIP_REASONS }),
    commandId: uuid('command_id'),
    downloadToken: text('download_token'),
    resetAt: at('reset_at'),
    resetBy: id('reset_by'),
    resetReason: text('reset_reason'),
    wave: smallint('wave').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.deviceSn] })],
);

/** Strategy upgrades (0033_upgrade_strategies.sql): a task sent in waves by the strategy job. */
export const upgradeStrategy = pgTable('upgrade_strategy', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskId: id('task_id').notNull(),
  purpose: text('purpose').notNull().default(''),
  mode: text('mode', { enum: STRATEGY_MODES }).notNull(),
  status: text('status', { enum: STRATEGY_STATUSES }).notNull(),
  statusReason: text('status_reason'),
  waves: jsonb('waves').$type<number[]>().notNull(),
  currentWave: smallint('current_wave').notNull().default(0),
  successThreshold: smallint('success_threshold').notNull(),
  failureThreshold: smallint('failure_threshold').notNull(),
  retries: smallint('retries').notNull(),
  /** Minutes a failed or expired device waits before its retry (0081). */
  retryMinutes: smallint('retry_minutes').notNull().default(5),
  ratePerMinute: integer('rate_per_minute').notNull(),
  triggerStart: text('trigger_start'),
  triggerEnd: text('trigger_end'),
  trigger: text('trigger', { enum: STRATEGY_TRIGGERS }).notNull().default('online'),
  triggerVersion: text('trigger_version'),
  limits: jsonb('limits').$type<StrategyLimits>().notNull(),
  validFrom: at('valid_from').notNull(),
  validTo: at('valid_to').notNull(),
  checkerId: id('checker_id').notNull(),
  approvedAt: at('approved_at'),
  windowStart: at('window_start'),
  windowSent: integer('window_sent').notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** An inverter's strings and module datasheet (0040_iv_curves.sql). */
export const pvStringConfig = pgTable('pv_string_config', {
  deviceSn: text('device_sn').primaryKey(),
  strings: jsonb('strings').$type<{ modules: number; parallel: number }[]>().notNull(),
  module: jsonb('module').$type<ModuleDatasheet>().notNull(),
  updatedBy: id('updated_by').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const ivScanTask = pgTable('iv_scan_task', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organisationId: id('organisation_id').notNull(),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const ivScan = pgTable('iv_scan', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskId: id('task_id').notNull(),
  deviceSn: text('device_sn').notNull(),
  commandId: uuid('command_id'),
  config: jsonb('config').$type<{ strings: { modules: number; parallel: number }[]; module: ModuleDatasheet }>(),
  state: text('state', { enum: IV_SCAN_STATES }).notNull(),
  error: text('error'),
  finishedAt: at('finished_at'),
});

export const ivStringResult = pgTable(
  'iv_string_result',
  {
    scanId: id('scan_id').notNull(),
    string: smallint('string').notNull(),
    points: jsonb('points').$type<IvPoint[]>().notNull(),
    irradiance: real('irradiance'),
    temperature: real('temperature'),
    keyPoints: jsonb('key_points').$type<KeyPoints>(),
    cause: text('cause', { enum: IV_CAUSES }).notNull(),
    features: jsonb('features').$type<Record<string, number | null>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.scanId, table.string] })],
);

export const pvStringCleaning = pgTable('pv_string_cleaning', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deviceSn: text('device_sn').notNull(),
  string: smallint('string').notNull(),
  cleanedAt: at('cleaned_at').notNull(),
  recordedBy: id('recorded_by').notNull(),
});

/** Device logs asked with log.upload (0041_device_logs.sql). */
export const deviceLog = pgTable('device_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deviceSn: text('device_sn').notNull(),
  kind: text('kind', { enum: DEVICE_LOG_KINDS }).notNull(),
  commandId: uuid('command_id'),
  tokenSha256: text('token_sha256').notNull(),
  state: text('state', { enum: ['requested', 'receiving', 'uploaded'] }).notNull(),
  storedFileId: id('stored_file_id'),
  summary: jsonb('summary').$type<DeviceLogSummary>(),
  requestedBy: id('requested_by').notNull(),
  requestedAt: at('requested_at').notNull(),
  uploadedAt: at('uploaded_at'),
  expiresAt: at('expires_at').notNull(),
});

/** Ageing (burn-in) runs and their devices' judgements (0050_aging.sql). */
export const agingRun = pgTable('aging_run', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organisationId: id('organisation_id').notNull(),
  name: text('name').notNull(),
  startedAt: at('started_at').notNull(),
  endsAt: at('ends_at').notNull(),
  outputKw: real('output_kw').notNull(),
  tolerancePct: real('tolerance_pct').notNull(),
  maxTemperature: real('max_temperature').notNull(),
  state: text('state', { enum: ['running', 'finished'] }).notNull(),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const agingDevice = pgTable(
  'aging_device',
  {
    runId: id('run_id').notNull(),
    deviceSn: text('device_sn').notNull(),
    status: text('status', { enum: AGING_DEVICE_STATUSES }).notNull(),
    reason: text('reason', { enum: AGING_REASONS }),
    reasonValue: real('reason_value'),
    samples: integer('samples').notNull().default(0),
    maxTemperature: real('max_temperature'),
    meanOutput: real('mean_output'),
    judgedAt: at('judged_at'),
  },
  (table) => [primaryKey({ columns: [table.runId, table.deviceSn] })],
);
/** Account migration codes (migration 0047): mailed to the target account, kept as a SHA-256. */
export const accountMigrationCode = pgTable('account_migration_code', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sourceId: id('source_id').notNull(),
  targetId: id('target_id').notNull(),
  codeHash: bytea('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdBy: id('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Account migrations done (migration 0047): the record of spec section 3. */
export const accountMigration = pgTable('account_migration', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sourceId: id('source_id').notNull(),
  targetId: id('target_id').notNull(),
  plantCount: integer('plant_count').notNull(),
  deviceCount: integer('device_count').notNull(),
  operatorId: id('operator_id').notNull(),
  /** A site migration's plant (0080); null: every plant of the source moved. */
  plantId: id('plant_id'),
  createdAt: at('created_at').notNull().defaultNow(),
});
