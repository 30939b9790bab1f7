import { z } from 'zod';
import { idSchema } from './plant.ts';

/** A brand's logo: jpg or png (spec section 5), 2 MB at most. */
export const BRAND_LOGO_MAX_BYTES = 2 * 1024 * 1024;

const link = z
  .string()
  .trim()
  .max(500, { error: 'brand.linkInvalid' })
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), { error: 'brand.linkInvalid' });

/** A host name as the browser sends it (no scheme, port or path), kept in lower case. */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, { error: 'brand.domainInvalid' })
  // The length is the max above: no lookahead, which the fuzz suite's generator (fast-check) cannot sample.
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, { error: 'brand.domainInvalid' });

export const brandSaveBody = z.strictObject({
  /** Spec section 5: brand name 1 to 16 characters. */
  name: z.string().trim().min(1, { error: 'brand.nameLength' }).max(16, { error: 'brand.nameLength' }),
  domain,
  downloadLink: link.default(''),
  androidLink: link.default(''),
  iosLink: link.default(''),
  /** An uploaded logo (brand/logo/upload); null for none. */
  logoId: idSchema.nullable().default(null),
});
export type BrandSaveBody = z.infer<typeof brandSaveBody>;
export const brandUpdateBody = brandSaveBody.extend({ id: idSchema });
export type BrandUpdateBody = z.infer<typeof brandUpdateBody>;

export const brandEntry = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  downloadLink: z.string(),
  androidLink: z.string(),
  iosLink: z.string(),
  logoId: z.number().nullable(),
  updatedAt: z.number(),
});
export type BrandEntry = z.infer<typeof brandEntry>;
export const brandListResult = z.object({ brands: z.array(brandEntry) });

/** The brand of the domain the console is served on (public: the sign-in page shows it); null for the default look. */
export const currentBrandResult = z.object({ brand: brandEntry.omit({ domain: true, updatedAt: true }).nullable() });
export type CurrentBrand = NonNullable<z.infer<typeof currentBrandResult>['brand']>;
