import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { admin: M } = Access;

/** File management (spec section 2, /bus/fileManagement, 255: file list). */
export const fileManagementCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/file/list',
    access: [M],
    body: 'fileListBody',
    answer: 'fileListResult',
    tag: 'file',
    summary: 'Every stored file with its size, type, uploader and where it is used, newest first',
  }),
  download: defineCall({
    method: 'GET',
    path: '/c/v0/file/download',
    access: [M],
    query: 'idQuery',
    answer: 'file',
    tag: 'file',
    summary: 'A stored file, for its administrator',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/file/delete',
    access: [M],
    body: 'fileIdBody',
    answer: 'emptyResult',
    tag: 'file',
    summary: 'Delete a stored file nothing uses',
  }),
} satisfies Record<string, CallDeclaration>;
