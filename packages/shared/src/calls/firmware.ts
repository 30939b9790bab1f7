import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { agent: A, distributor: D, admin: M } = Access;
/** Version management (spec /bus/version: 3, 4, 255); importing, publishing and deleting are the manufacturer's (its switches). */
const VERSION_USERS = [A, D, M] as const;

/** The firmware library (issue 20): resumable upload in slices, list, detail, publish, delete; the blacklist. */
export const firmwareCalls = {
  uploadStart: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/upload/start',
    access: [M],
    body: 'firmwareUploadStartBody',
    answer: 'firmwareUploadState',
    tag: 'firmware',
    summary: 'Begin (or resume) the upload of a .hex or .bin image: its name, size and SHA-256; answers the slices already received',
  }),
  uploadSlice: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/upload/slice',
    access: [M],
    upload: true,
    answer: 'firmwareUploadState',
    tag: 'firmware',
    summary:
      'One 2 MB slice of an upload (form fields uploadId, index, sha256 of the slice, then the file); a slice sent again replaces it',
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/create',
    access: [M],
    body: 'firmwareCreateBody',
    answer: 'createdId',
    tag: 'firmware',
    summary: 'Put an upload whose slices have all arrived into the library with its fields and limits (firmware.import)',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/list',
    access: VERSION_USERS,
    body: 'firmwareListBody',
    answer: 'firmwareListResult',
    tag: 'firmware',
    summary: 'Firmware of the library, filtered and paginated (firmware.view; unpublished ones only for importers)',
  }),
  detail: defineCall({
    method: 'GET',
    path: '/c/v0/firmware/detail',
    access: VERSION_USERS,
    query: 'firmwareIdQuery',
    answer: 'firmware',
    tag: 'firmware',
    summary: 'One firmware of the library (firmware.view)',
  }),
  publish: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/publish',
    access: [M],
    body: 'firmwareIdBody',
    answer: 'emptyResult',
    tag: 'firmware',
    summary: 'Publish a firmware: upgrade tasks may send it from now on (firmware.publish)',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/delete',
    access: [M],
    body: 'firmwareIdBody',
    answer: 'emptyResult',
    tag: 'firmware',
    summary: 'Delete a firmware no running task uses (firmware.delete)',
  }),
  blacklistList: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/blacklist/list',
    access: [M],
    body: 'blacklistListBody',
    answer: 'blacklistListResult',
    tag: 'firmware',
    summary: 'Blacklisted versions, newest first',
  }),
  blacklistSet: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/blacklist/set',
    access: [M],
    body: 'blacklistSetBody',
    answer: 'blacklistSetResult',
    tag: 'firmware',
    summary: 'Blacklist a version of a series: never sent again, and waiting upgrades to it stop at once (blacklist.set)',
  }),
  blacklistDelete: defineCall({
    method: 'POST',
    path: '/c/v0/firmware/blacklist/delete',
    access: [M],
    body: 'firmwareIdBody',
    answer: 'emptyResult',
    tag: 'firmware',
    summary: 'Take a version off the blacklist (blacklist.delete)',
  }),
} satisfies Record<string, CallDeclaration>;
