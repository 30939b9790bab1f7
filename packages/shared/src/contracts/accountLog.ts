import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { epochMsSchema } from './common.ts';
import { pageFields } from './plant.ts';

/** What the account log records (spec section 6 "account log"): an account's access, not its data. */
export const ACCOUNT_LOG_EVENTS = [
  'signIn',
  'signInFailed',
  'signOut',
  'passwordChanged',
  'passwordChangedAfterReset',
  'passwordResetByCode',
  'passwordResetByOperator',
  'created',
  'disabled',
  'enabled',
] as const;
export type AccountLogEvent = (typeof ACCOUNT_LOG_EVENTS)[number];

/** Why a sign-in failed. */
export const SIGN_IN_FAILURES = ['wrongPassword', 'unknownUser', 'disabled'] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/** Times are UTC milliseconds. */
export const accountLogBody = z.strictObject({
  ...pageFields,
  /** A prefix of the user name, without case. */
  username: z.string().trim().max(LIMITS.account.max).optional(),
  event: z.enum(ACCOUNT_LOG_EVENTS).optional(),
  ip: z.string().trim().max(64).optional(),
  from: epochMsSchema.optional(),
  to: epochMsSchema.optional(),
});
export type AccountLogBody = z.infer<typeof accountLogBody>;
/** The export takes the same filters, without paging. */
export const accountLogExportBody = accountLogBody.omit({ currentPage: true, pageSize: true });
export type AccountLogExportBody = z.infer<typeof accountLogExportBody>;

export const accountLogEntry = z.object({
  id: z.number(),
  at: z.number(),
  username: z.string(),
  event: z.enum(ACCOUNT_LOG_EVENTS),
  /** Who did it: the account itself or an operator; '' for a failed sign-in. */
  actor: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** Why a sign-in failed; '' otherwise. */
  detail: z.string(),
});
export type AccountLogEntry = z.infer<typeof accountLogEntry>;

export const accountLogResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  entries: z.array(accountLogEntry),
});
