import { z } from 'zod';
import { idSchema, pageFields } from './plant.ts';

export const fileListBody = z.strictObject({
  ...pageFields,
  purpose: z.string().trim().max(32).optional(),
  name: z.string().trim().max(255).optional(),
});
export type FileListBody = z.infer<typeof fileListBody>;

/** What holds a stored file: a record of a module (a work order, a document), or a module that keeps no such list yet. */
export const fileUse = z.object({ kind: z.string(), id: z.number().nullable(), label: z.string() });
export type FileUse = z.infer<typeof fileUse>;
export const storedFileEntry = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  purpose: z.string(),
  uploader: z.string().nullable(),
  createdAt: z.number(),
  usedBy: z.array(fileUse),
  /** Whether it may be deleted: nothing uses it, and its module says what uses its files. */
  deletable: z.boolean(),
});
export type StoredFileEntry = z.infer<typeof storedFileEntry>;
export const fileListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  files: z.array(storedFileEntry),
});
export const fileIdBody = z.strictObject({ id: idSchema });
