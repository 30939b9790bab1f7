import type { Platform } from '../../core/module.ts';
import { createFileRepo } from './repo.ts';
import { createFileService } from './service.ts';

/** Stored files: the records of what is in the file store, for the modules that keep files. */
export function fileModule({ db, fileStore }: Platform) {
  return { files: createFileService({ repo: createFileRepo(db), store: fileStore }) };
}
