import { bigint, bigserial, boolean, customType, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
  createdAt: at('created_at').notNull().defaultNow(),
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
  disabledAt: at('disabled_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
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

export const signInFailure = pgTable('sign_in_failure', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  ip: text('ip').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
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
});
