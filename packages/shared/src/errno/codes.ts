/**
 * The errno catalogue. Numbers marked "API family" are kept as the existing clients of this
 * API family know them (issue 2); the others are Sunstack's own. Messages per language live in
 * `errno/messages/<language>.json` and are served by GET /c/v0/errors/message.
 */
export const Errno = {
  ok: 0,
  /** API family: a required request header is missing. */
  headersMissing: 40256,
  /** API family: the body, query or parameters do not match the call's schema. */
  bodyInvalid: 40257,
  signatureInvalid: 40258,
  timestampOutOfRange: 40259,
  noPermission: 40300,
  /** API family: too many requests (sign-in throttling, code resend). */
  tooFrequent: 40400,
  notFound: 40404,
  /** API family: unknown user or wrong password (deliberately the same answer). */
  wrongCredentials: 41807,
  /** API family. */
  tokenExpired: 41808,
  /** API family. */
  tokenInvalid: 41809,
  /** API family: signed out because the account signed in elsewhere or was changed. */
  signedOutElsewhere: 41810,
  usernameTaken: 41811,
  emailTaken: 41812,
  verificationCodeInvalid: 41813,
  organisationCodeUnknown: 41814,
  oldPasswordWrong: 41815,
  accountDisabled: 41816,
  /** Spec section 8: "invalid SN" (not a registered datalogger, or not one the caller may bind). */
  snInvalid: 41901,
  /** Spec section 8: "SN already exists" (registered already, or bound to a plant). */
  snExists: 41902,
  /** Spec section 8: "two identical SNs". */
  snDuplicate: 41903,
  /** Spec section 8: "too frequent site deletion": confirm before continuing. */
  plantDeleteTooFrequent: 41904,
  /** The owner given for a plant is not an end user the caller may reach. */
  ownerUnknown: 41905,
  /** The account to share with, grant to or move under does not exist or has the wrong role. */
  targetUnknown: 41906,
  /** A branch cannot move below itself. */
  moveIntoOwnBranch: 41907,
  internal: 50000,
} as const;
export type ErrnoName = keyof typeof Errno;
export type ErrnoCode = (typeof Errno)[ErrnoName];

export const ERRNO_CODES = Object.values(Errno).filter((code) => code !== 0) as Exclude<ErrnoCode, 0>[];

/** Errnos after which the client shows the message once and goes to /login (spec section 8). */
export const SESSION_ENDED_ERRNOS: readonly number[] = [Errno.tokenExpired, Errno.tokenInvalid, Errno.signedOutElsewhere];
