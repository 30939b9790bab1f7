import { z } from 'zod';
import { languageSchema } from './common.ts';
import { idSchema, pageFields } from './plant.ts';

/** Document types (spec section 3): quick installation manual, datasheet, brochure. */
export const DOCUMENT_TYPES = ['quickInstallation', 'datasheet', 'brochure'] as const;
/** Spec section 5: a document holds at most 30 PDF files, each under 30 MB. */
export const DOCUMENT_FILES_MAX = 30;
export const DOCUMENT_FILE_MAX_BYTES = 30 * 1024 * 1024 - 1;
/** A cover image: jpg or png (spec section 5), 5 MB at most. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

const videoLink = z
  .string()
  .trim()
  .max(500, { error: 'document.videoLinkInvalid' })
  .refine((link) => link === '' || /^https?:\/\/[^\s]+$/i.test(link), { error: 'document.videoLinkInvalid' });

export const documentSaveBody = z.strictObject({
  manufacturer: z.string().trim().min(1, { error: 'document.manufacturerLength' }).max(64, { error: 'document.manufacturerLength' }),
  language: languageSchema,
  type: z.enum(DOCUMENT_TYPES, { error: 'document.typeRequired' }),
  name: z.string().trim().min(1, { error: 'document.nameLength' }).max(128, { error: 'document.nameLength' }),
  videoLink: videoLink.default(''),
  /** An uploaded cover image (document/cover/upload); null for none. */
  coverId: idSchema.nullable().default(null),
});
export type DocumentSaveBody = z.infer<typeof documentSaveBody>;
export const documentUpdateBody = documentSaveBody.extend({ id: idSchema });
export type DocumentUpdateBody = z.infer<typeof documentUpdateBody>;
export const documentListBody = z.strictObject({
  ...pageFields,
  language: languageSchema.optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  name: z.string().trim().max(128).optional(),
});
export type DocumentListBody = z.infer<typeof documentListBody>;
export const documentPublishBody = z.strictObject({ id: idSchema, published: z.boolean() });
/** A file of a document to take out of it (the stored file goes when nothing else holds it). */
export const documentFileBody = z.strictObject({ id: idSchema, fileId: idSchema });
/** Uploaded PDFs (document/file/upload) to add to a document. */
export const documentFilesBody = z.strictObject({ id: idSchema, fileIds: z.array(idSchema).min(1).max(DOCUMENT_FILES_MAX) });

export const documentFileEntry = z.object({ id: z.number(), name: z.string(), size: z.number() });
export const documentEntry = z.object({
  id: z.number(),
  manufacturer: z.string(),
  language: languageSchema,
  type: z.enum(DOCUMENT_TYPES),
  name: z.string(),
  videoLink: z.string(),
  coverId: z.number().nullable(),
  files: z.array(documentFileEntry),
  publishedAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type DocumentEntry = z.infer<typeof documentEntry>;
export const documentListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  documents: z.array(documentEntry),
});

/** The public manual page (/manual/download): published documents by language and type. */
export const manualListQuery = z.strictObject({ language: languageSchema.optional(), type: z.enum(DOCUMENT_TYPES).optional() });
export const manualListResult = z.object({ documents: z.array(documentEntry.omit({ updatedAt: true })) });
