import { z } from 'zod';
import { CHECK_CODE_ALPHABET, CHECK_CODE_LENGTH, DATALOGGER_SN_PATTERN, LIMITS } from '../limits.ts';
import { countryCodeSchema, emailSchema, mobileSchema, profileText, usernameSchema } from './common.ts';
import { PRICE_KINDS, pricePeriods } from './tariff.ts';

export const PLANT_TYPES = ['residential', 'commercial', 'utility', 'storage', 'charging'] as const;
export const PLANT_STATUSES = ['normal', 'alarm', 'fault', 'offline'] as const;
export type PlantStatus = (typeof PLANT_STATUSES)[number];

/** An IANA time zone the runtime knows (aliases such as Asia/Calcutta included). */
export function isTimeZone(zone: string): boolean {
  if (zone !== 'UTC' && !zone.includes('/')) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether a zone has summer time: its offset in January differs from July (spec section 3 "summer time", derived). */
export function observesSummerTime(zone: string, year = new Date().getUTCFullYear()): boolean {
  const offset = (month: number) => {
    const at = new Date(Date.UTC(year, month, 1));
    const local = new Date(at.toLocaleString('en-US', { timeZone: zone }));
    const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
    return local.getTime() - utc.getTime();
  };
  return offset(0) !== offset(6);
}

export const dataloggerSnSchema = z.string().trim().regex(DATALOGGER_SN_PATTERN, { error: 'validation.dataloggerSn' });
/** A label's check code as typed, in either case (stored and compared in upper case). */
export const checkCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[${CHECK_CODE_ALPHABET}${CHECK_CODE_ALPHABET.toLowerCase()}]{${CHECK_CODE_LENGTH}}$`), {
    error: 'validation.checkCode',
  })
  .toUpperCase();
/** A datalogger to bind: its SN and the check code on its label, which proves that one holds it. */
export const dataloggerClaim = z.strictObject({ sn: dataloggerSnSchema, checkCode: checkCodeSchema });
export type DataloggerClaim = z.infer<typeof dataloggerClaim>;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateInvalid' });
const contact = z.strictObject({
  name: profileText(64).optional(),
  phone: z.union([z.literal(''), mobileSchema]).optional(),
  email: z.union([z.literal(''), emailSchema]).optional(),
});

/** The fields of a site (spec section 3) with the rules of section 5. */
export const plantFields = z.strictObject({
  name: z
    .string()
    .trim()
    .min(LIMITS.siteName.min, { error: 'validation.siteNameLength' })
    .max(LIMITS.siteName.max, { error: 'validation.siteNameLength' }),
  type: z.enum(PLANT_TYPES, { error: 'validation.plantType' }),
  country: countryCodeSchema,
  city: profileText().optional(),
  address: profileText().optional(),
  postcode: profileText(16).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  timeZone: z.string().refine(isTimeZone, { error: 'validation.timeZoneInvalid' }),
  systemSizeKw: z.number().min(0).max(1_000_000).optional(),
  pvSizeKwp: z.number().min(0).max(1_000_000).optional(),
  /** How the modules lie: inclination from horizontal and the compass bearing they face (180 south). */
  panelTilt: z
    .number({ error: 'validation.panelTilt' })
    .min(0, { error: 'validation.panelTilt' })
    .max(90, { error: 'validation.panelTilt' })
    .optional(),
  panelAzimuth: z
    .number({ error: 'validation.panelAzimuth' })
    .min(0, { error: 'validation.panelAzimuth' })
    .lt(360, { error: 'validation.panelAzimuth' })
    .optional(),
  feedInTariff: z.number().min(0).max(100).optional(),
  /** The price of a kWh bought from the grid, where no time-of-use period says otherwise. */
  importPrice: z
    .number({ error: 'validation.priceRange' })
    .min(0, { error: 'validation.priceRange' })
    .max(100, { error: 'validation.priceRange' })
    .optional(),
  /** Time-of-use import prices on the plant's local clock (peak, valley, flat). */
  pricePeriods: pricePeriods.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'validation.currency' })
    .optional(),
  commissionedOn: isoDate.optional(),
  gridConnectedOn: isoDate.optional(),
  installerContact: contact.optional(),
  userContact: contact.optional(),
});
export type PlantFields = z.infer<typeof plantFields>;

/** Creating a site needs at least one datalogger (spec section 5); the owner is an end user's user name. */
export const plantCreateBody = plantFields.extend({
  dataloggers: z.array(dataloggerClaim).min(1, { error: 'validation.deviceRequired' }).max(50),
  owner: usernameSchema.optional(),
});
export type PlantCreateBody = z.infer<typeof plantCreateBody>;

export const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Optional fields an edit may empty again: null clears them (text fields clear with ''). */
const clearable = {
  latitude: plantFields.shape.latitude.unwrap().nullable().optional(),
  longitude: plantFields.shape.longitude.unwrap().nullable().optional(),
  systemSizeKw: plantFields.shape.systemSizeKw.unwrap().nullable().optional(),
  pvSizeKwp: plantFields.shape.pvSizeKwp.unwrap().nullable().optional(),
  panelTilt: plantFields.shape.panelTilt.unwrap().nullable().optional(),
  panelAzimuth: plantFields.shape.panelAzimuth.unwrap().nullable().optional(),
  feedInTariff: plantFields.shape.feedInTariff.unwrap().nullable().optional(),
  importPrice: plantFields.shape.importPrice.unwrap().nullable().optional(),
  commissionedOn: isoDate.nullable().optional(),
  gridConnectedOn: isoDate.nullable().optional(),
};
export const plantUpdateBody = plantFields.partial().extend({ id: idSchema, ...clearable });
export type PlantUpdateBody = z.infer<typeof plantUpdateBody>;
export const idBody = z.strictObject({ id: idSchema });
/** Link SN (spec /bus/plant/linkSn): registered dataloggers join a plant the caller may change, with the SN rules of section 5. */
export const plantLinkSnBody = idBody.extend({
  dataloggers: z.array(dataloggerClaim).min(1, { error: 'validation.deviceRequired' }).max(50),
});
export type PlantLinkSnBody = z.infer<typeof plantLinkSnBody>;
export const idQuery = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** Deleting many sites in a short time needs an explicit confirmation (spec section 8). */
export const plantDeleteBody = idBody.extend({ confirm: z.boolean().optional() });

export const pageFields = {
  currentPage: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.union([z.literal(10), z.literal(20), z.literal(50)]).default(10),
};

export const plantListBody = z.strictObject({
  ...pageFields,
  name: z.string().trim().max(LIMITS.siteName.max).optional(),
  country: countryCodeSchema.optional(),
  type: z.enum(PLANT_TYPES).optional(),
});
export type PlantListBody = z.infer<typeof plantListBody>;

/** The plant list's export: its filters without paging, as xlsx or CSV. */
export const plantExportBody = plantListBody
  .omit({ currentPage: true, pageSize: true })
  .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
export type PlantExportBody = z.infer<typeof plantExportBody>;

export const plantSummary = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(PLANT_TYPES),
  country: z.string(),
  city: z.string(),
  timeZone: z.string(),
  systemSizeKw: z.number().nullable(),
  status: z.enum(PLANT_STATUSES),
  installer: z.string(),
  owner: z.string(),
  dataloggers: z.number(),
  createdAt: z.number(),
  /** Whether the caller may change the plant (edit, link a datalogger, share). */
  writable: z.boolean(),
});
export type PlantSummary = z.infer<typeof plantSummary>;

export const plantListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  plants: z.array(plantSummary),
});

const contactResult = z.object({ name: z.string().optional(), phone: z.string().optional(), email: z.string().optional() });
export const plantDetail = plantSummary.extend({
  address: z.string(),
  postcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  summerTime: z.boolean(),
  pvSizeKwp: z.number().nullable(),
  panelTilt: z.number().nullable(),
  panelAzimuth: z.number().nullable(),
  feedInTariff: z.number().nullable(),
  importPrice: z.number().nullable(),
  pricePeriods: z.array(z.object({ start: z.string(), end: z.string(), kind: z.enum(PRICE_KINDS), price: z.number() })),
  currency: z.string(),
  commissionedOn: z.string().nullable(),
  gridConnectedOn: z.string().nullable(),
  installerContact: contactResult,
  userContact: contactResult,
  dataloggerSns: z.array(z.string()),
});
export type PlantDetail = z.infer<typeof plantDetail>;

/**
 * Sharing a plant: read-only with an end user (viewer), or granted to an installer, who may then
 * change it. Revoking removes either. The account is named by its user name.
 */
export const plantMemberBody = z.strictObject({
  id: idSchema,
  user: usernameSchema,
  role: z.enum(['viewer', 'installer']).default('viewer'),
});
export const plantUnshareBody = z.strictObject({ id: idSchema, user: usernameSchema });
export const plantMembersResult = z.object({
  members: z.array(z.object({ user: z.string(), role: z.enum(['viewer', 'installer']), since: z.number() })),
});
