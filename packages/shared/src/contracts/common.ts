import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { LIMITS, MOBILE_PATTERN, USERNAME_PATTERN } from '../limits.ts';

/**
 * Field schemas shared by forms and the server. Each message is a translation key of the web
 * app's `validation` section, so the same rule shows the same words wherever it fails.
 */
export const usernameSchema = z
  .string()
  .trim()
  .min(LIMITS.username.min, { error: 'validation.usernameLength' })
  .max(LIMITS.username.max, { error: 'validation.usernameLength' })
  .regex(USERNAME_PATTERN, { error: 'validation.usernameInvalid' });

export const passwordSchema = z
  .string()
  .min(LIMITS.password.min, { error: 'validation.passwordLength' })
  .max(LIMITS.password.max, { error: 'validation.passwordLength' });

export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.account.max, { error: 'validation.emailInvalid' })
  .pipe(z.email({ error: 'validation.emailInvalid' }));

export const mobileSchema = z.string().trim().regex(MOBILE_PATTERN, { error: 'validation.mobileInvalid' });

export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, { error: 'validation.countryRequired' });

export const languageSchema = z.enum(LANGUAGES, { error: 'validation.languageInvalid' });

export const verificationCodeSchema = z.string().regex(new RegExp(`^[0-9]{${LIMITS.verificationCodeDigits}}$`), {
  error: 'validation.codeInvalid',
});

/** The token of an invitation link: 43 base64url characters (256 random bits). */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'invitation.invalidLink' });

/** A free-text profile field: optional, trimmed, bounded. */
export function profileText(max: number = LIMITS.profileText.max) {
  return z.string().trim().max(max, { error: 'validation.tooLong' });
}

/** The latest instant a call or a device may name, in UTC milliseconds (year 2243): Date and timestamptz hold it. */
export const MAX_EPOCH_MS = 8_640_000_000_000;
/** An instant in UTC milliseconds. Unbounded, a filter of 2^53 made an invalid Date and failed its statement. */
export const epochMsSchema = z.number().int().min(0).max(MAX_EPOCH_MS);

/** A success answer with nothing to say. */
export const emptyResult = z.object({});

/** What a failed call carries in `result`: for invalid input, which fields and why (message = translation key). */
export const errorResult = z.object({
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The answer of every call (spec section 7): errno 0 with the result, or an errno of the catalogue. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.union([z.object({ errno: z.literal(0), result }), z.object({ errno: z.number().int(), result: errorResult })]);
}

/** What a call that creates something answers: the new object's id. */
export const createdId = z.object({ id: z.number() });
