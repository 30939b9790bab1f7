/** Validation limits of spec sections 5 and 9, shared by forms and the server. */
export const LIMITS = {
  username: { min: 4, max: 20 },
  password: { min: 6, max: 20 },
  account: { min: 4, max: 128 },
  siteName: { min: 1, max: 32 },
  brandName: { min: 1, max: 16 },
  soc: { min: 10, max: 100 },
  power: { min: 0, max: 6000 },
  emsCount: { min: 1, max: 65535 },
  /** A meter's current transformer ratio (primary over secondary current), as meters take it (1-9999). */
  ctRatio: { min: 1, max: 9999 },
  azimuth: { min: 0, max: 360 },
  inclination: { min: 0, max: 90 },
  strategyMinutes: { min: 1, max: 60 },
  strategyRetry: { min: 1, max: 60 },
  strategyPeriods: { max: 8 },
  /** A datalogger's sampling interval (config.set), seconds: a minute at least (the load of the fleet's data), an hour at most (a day chart needs its points). */
  samplingIntervalSec: { min: 60, max: 3600 },
  minTimeLimitMinutes: 30,
  dateRangeDays: { long: 15, short: 3 },
  documents: { maxCount: 30, maxBytes: 30 * 1024 * 1024 },
  dataloggerSnDigits: 15,
  firmwareCodeLength: 8,
  firmwareVersionDecimals: { min: 1, max: 4 },
  verificationCodeDigits: 6,
  /** Free-text profile fields: long enough for real addresses, short enough to bound storage. */
  profileText: { max: 200 },
  profileLongText: { max: 1000 },
} as const;

/** Letters, digits and . _ - only: a user name is typed at sign-in and must be unambiguous. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
/** A mobile number: optional +, digits, spaces and dashes, 6 to 20 characters. */
export const MOBILE_PATTERN = /^\+?[0-9][0-9 -]{4,18}[0-9]$/;
export const DATALOGGER_SN_PATTERN = /^[0-9]{15}$/;
/**
 * The check code printed on a datalogger's label beside its SN (Sunstack's, like FoxESS's device
 * key): 8 symbols of an alphabet without look-alikes (no 0, O, 1, I), typed in any case.
 */
export const CHECK_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CHECK_CODE_LENGTH = 8;
export const FIRMWARE_CODE_PATTERN = /^[A-Z0-9]{8}$/;
export const FIRMWARE_VERSION_PATTERN = /^[0-9]+\.[0-9]{1,4}$/;
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg'] as const;
