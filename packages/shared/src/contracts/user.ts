import { z } from 'zod';
import { SIGN_UP_ROLES } from '../access.ts';
import { LIMITS } from '../limits.ts';
import {
  countryCodeSchema,
  emailSchema,
  invitationTokenSchema,
  languageSchema,
  mobileSchema,
  passwordSchema,
  profileText,
  usernameSchema,
  verificationCodeSchema,
} from './common.ts';

/** Sign-in takes a user name or an email, so it only bounds the length. */
export const loginBody = z.strictObject({
  user: z.string().trim().min(1, { error: 'validation.required' }).max(LIMITS.account.max),
  password: z.string().min(1, { error: 'validation.required' }).max(LIMITS.account.max),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({
  token: z.string(),
  access: z.number().int(),
  /** The password was set by an operator: the session may only change it (or sign out) until it does (errno 41920). */
  passwordChangeRequired: z.boolean(),
});

export const signUpRoleSchema = z.union(SIGN_UP_ROLES.map((role) => z.literal(role)) as [z.ZodLiteral<1>, z.ZodLiteral<2>], {
  error: 'validation.accountTypeRequired',
});

export const registerBody = z
  .strictObject({
    user: usernameSchema,
    password: passwordSchema,
    email: emailSchema,
    /** The emailed code; an invitation's token stands for it (both prove the mailbox). */
    captcha: verificationCodeSchema.optional(),
    mobile: mobileSchema,
    country: countryCodeSchema,
    accountType: signUpRoleSchema,
    orgCode: z.string().trim().max(32).optional(),
    agreement: z.literal(true, { error: 'validation.agreementRequired' }),
    language: languageSchema.optional(),
    /** An invitation link's token: the account joins the invitation's branch with its role. */
    invitation: invitationTokenSchema.optional(),
  })
  .refine((body) => body.captcha !== undefined || body.invitation !== undefined, { error: 'validation.codeInvalid', path: ['captcha'] });
export type RegisterBody = z.infer<typeof registerBody>;

export const sendCaptchaBody = z.discriminatedUnion('purpose', [
  z.strictObject({ purpose: z.literal('register'), email: emailSchema, language: languageSchema.optional() }),
  z.strictObject({ purpose: z.literal('reset'), user: usernameSchema }),
]);
export type SendCaptchaBody = z.infer<typeof sendCaptchaBody>;

export const resetBody = z.strictObject({
  user: usernameSchema,
  captcha: verificationCodeSchema,
  password: passwordSchema,
});
export type ResetBody = z.infer<typeof resetBody>;

/** The client user info of spec section 3. */
export const userInfo = z.object({
  user: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  country: z.string(),
  countryName: z.string(),
  city: z.string(),
  address: z.string(),
  postcode: z.string(),
  introduction: z.string(),
  note: z.string(),
  clientID: z.string(),
  apiMqttEnable: z.boolean(),
  access: z.number().int(),
  language: languageSchema,
});
export type UserInfo = z.infer<typeof userInfo>;

export const updateInfoBody = z.strictObject({
  name: profileText().optional(),
  phone: z.union([z.literal(''), mobileSchema]).optional(),
  country: countryCodeSchema.optional(),
  city: profileText().optional(),
  address: profileText().optional(),
  postcode: profileText(16).optional(),
  introduction: profileText(LIMITS.profileLongText.max).optional(),
  note: profileText(LIMITS.profileLongText.max).optional(),
  language: languageSchema.optional(),
});
export type UpdateInfoBody = z.infer<typeof updateInfoBody>;

export const changePasswordBody = z.strictObject({
  oldPassword: z.string().min(1, { error: 'validation.required' }).max(LIMITS.account.max),
  newPassword: passwordSchema,
});

/** What the shell needs to build the menu and hide buttons (spec sections 3 and 6). */
export const accessResult = z.object({
  access: z.number().int(),
  menus: z.array(z.string()),
  buttons: z.array(z.string()),
});
export type AccessResult = z.infer<typeof accessResult>;
