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
  /** API family (Open API): the device SN is wrong, or outside the key's scope (the same answer). */
  wrongDevice: 40261,
  noPermission: 40300,
  /** API family: too many requests (sign-in throttling, code resend). */
  tooFrequent: 40400,
  notFound: 40404,
  /** API family (Open API): a read the device had to answer failed or timed out. */
  queryFailed: 41200,
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
  /**
   * Password checks of an account paused after repeated wrong passwords (sign-in, password change): says how
   * long and what to do, where 40400 says only "too many requests" (issue 21, item 8).
   */
  passwordGuessesPaused: 41817,
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
  /** A datalogger's check code does not match its SN (the label holds both; binding takes both). */
  checkCodeWrong: 41908,
  /** The account's password was set by an operator: only a password change (or sign-out) is allowed until it changes. */
  passwordChangeRequired: 41920,
  /** User management: the caller may not give an account this role (only roles below its own; administrators any). */
  roleNotAssignable: 41921,
  /** User management: the organisation is missing, outside the caller's branch, or of a kind the role cannot sit in. */
  organisationNotAssignable: 41922,
  /** A new password must differ from the current one (a one-time password has to be replaced). */
  passwordUnchanged: 41923,
  /** Power info: a department with members cannot be deleted. */
  departmentHasMembers: 41930,
  /** Power info: a department with sub-departments cannot be deleted. */
  departmentHasChildren: 41931,
  /** Power info: sibling departments have different names. */
  departmentNameTaken: 41932,
  permissionGroupNameTaken: 41933,
  /** Power info: a group still assigned to an administrator, a department or a role cannot be deleted. */
  permissionGroupInUse: 41934,
  /** Power info: the change would leave no active administrator able to query and edit permission groups. */
  permissionLockout: 41935,
  /** Power info: the department tree is answered whole, so its size is bounded (DEPARTMENTS_MAX). */
  departmentLimitReached: 41936,
  /** An invitation token that is unknown, used, revoked or expired. */
  invitationInvalid: 41940,
  /** Signing up with an invitation takes the invited address. */
  invitationEmailMismatch: 41941,
  /** Distributor and agent sign-up codes are unique. */
  organisationCodeTaken: 41942,
  /** Group names are unique within a branch. */
  groupNameTaken: 41943,
  /** A member to add is missing or outside the caller's scope (the same answer for both). */
  groupMemberUnknown: 41944,
  /** A group holds at most GROUP_MAX_MEMBERS members. */
  groupFull: 41945,
  /** A template of that name exists in the organisation already (names are unique whatever their case). */
  templateNameTaken: 41946,
  /** Spec section 8: "no datalogger connected for the charging pile" (the datalogger chosen is not bound to the pile's plant). */
  pileNoDatalogger: 41960,
  /** A datalogger bound to a plant cannot be deleted: unbind it first. */
  dataloggerBound: 41961,
  /** A parallel system is made of inverters of its own plant. */
  parallelNotInverters: 41962,
  /** A webhook URL that is not public http(s): credentials in it, or a private, loopback or link-local host (SSRF). */
  webhookUrlRefused: 41970,
  /** A command already sent to its device (or finished) cannot be cancelled. */
  commandNotCancellable: 41980,
  /** Open API: the device answered a write with failure (or the command expired). */
  commandFailed: 41981,
  /** Open API: the device did not answer a write within the bounded wait; a command not sent yet is withdrawn. */
  commandTimedOut: 41982,
  /** An account holds at most API_KEYS_MAX API keys. */
  apiKeyLimitReached: 41983,
  /** Report export supports only data after 1 September 2024 (spec section 9). */
  reportBeforeFirstDate: 42150,
  /** A report's mail goes only to accounts the caller sees. */
  reportRecipientUnknown: 42151,
  /** A report's file is made only once its task is done. */
  reportNotReady: 42152,
  /** Work orders (issue 23): the status cannot go there, or not by this caller (spec section 4's rules). */
  workOrderMoveRefused: 42200,
  /** A closed work order takes no more replies. */
  workOrderClosed: 42201,
  /** A photo to attach is not the caller's upload, or is attached already. */
  workOrderPhotoUnknown: 42202,
  /** The account to assign does not handle the work order's plant. */
  workOrderAssigneeRefused: 42203,
  /** A work order names the plant or the device it is about. */
  workOrderSubjectRequired: 42204,
  /** A document holds at most 30 PDF files (spec section 5). */
  documentFilesFull: 42210,
  /** A stored file still used by a record (a document, a work order, a firmware) is not deleted. */
  fileInUse: 42211,
  /** Account migration: the migration code typed twice differs ("entered codes inconsistent", spec section 8). */
  codesInconsistent: 42212,
  /** The migration code is not the newest one mailed for these accounts, is used up or has expired. */
  migrationCodeInvalid: 42213,
  /** The source and the target of a migration are one account. */
  migrationSameAccount: 42214,
  /** Plants move only between accounts of the same kind (end user to end user, installer to installer). */
  migrationKindsDiffer: 42215,
  /** The source account has no plant to move. */
  migrationNothingToMove: 42216,
  /** Brands (42217-42240): another brand is already served on this domain. */
  brandDomainTaken: 42217,
  /** Journal (42241-42249): a note moves only draft → published → withdrawn. */
  journalStateRefused: 42241,
  /** A published note is withdrawn before it is deleted; a withdrawn one is not changed. */
  journalNotEditable: 42242,
  /** Diagnostics (issue 24, 42250-42299): an I-V scan needs the inverter's strings and module datasheet first. */
  stringsNotConfigured: 42250,
  /** I-V scans, string configuration and ageing are for inverters only. */
  notAnInverter: 42251,
  /** A device log upload to a link that is unknown, already used or expired. */
  logUploadRefused: 42252,
  /** A device log upload over the size limit (answered HTTP 413). */
  logUploadTooLarge: 42260,
  /** A device log upload of a type not kept as a log (answered HTTP 415). */
  logUploadWrongType: 42261,
  /** API family (Open API scheduler): periods overlap. */
  schedulePeriodsOverlap: 42023,
  /** API family (Open API): settings, SoC and force-charge times are locked while a schedule is enabled. */
  /** Firmware and upgrades (issue 20). */
  firmwareDuplicate: 42100,
  firmwareInUse: 42101,
  firmwareUploadIncomplete: 42102,
  firmwareHashMismatch: 42103,
  firmwareNotPublished: 42104,
  firmwareBlacklisted: 42105,
  blacklistExists: 42106,
  upgradeNotStuck: 42107,
  /** A strategy asked to approve, pause, resume or cancel from a status that does not allow it. */
  strategyNotInState: 42108,
  /** Owner figures of a kind of device asked of another kind (issue 21). */
  notABattery: 42320,
  notAnEvCharger: 42321,
  /** A browser's push service address that is not http(s) or points at a private address (the webhooks' SSRF guard). */
  pushEndpointRefused: 42322,
  settingsLockedBySchedule: 44096,
  internal: 50000,
  /** The external device broker (MQTT_URL) did not answer: a datalogger's access could not be changed there. */
  brokerUnavailable: 50300,
} as const;
export type ErrnoName = keyof typeof Errno;
export type ErrnoCode = (typeof Errno)[ErrnoName];

export const ERRNO_CODES = Object.values(Errno).filter((code) => code !== 0) as Exclude<ErrnoCode, 0>[];

/**
 * Errnos after which the client shows the message once and goes to /login (spec section 8). A
 * session that must change its password goes there too: sign-in asks for the new password.
 */
export const SESSION_ENDED_ERRNOS: readonly number[] = [
  Errno.tokenExpired,
  Errno.tokenInvalid,
  Errno.signedOutElsewhere,
  Errno.passwordChangeRequired,
];
