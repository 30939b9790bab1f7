import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { admin: M } = Access;

/** Brands (spec /bus/fileManagement "brand", switch brand.manage) and the brand of the domain the console is served on. */
export const brandCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/brand/list',
    access: [M],
    answer: 'brandListResult',
    tag: 'brand',
    summary: 'Every brand, by name',
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/brand/create',
    access: [M],
    body: 'brandSaveBody',
    answer: 'createdId',
    tag: 'brand',
    summary: 'A new brand for a domain',
  }),
  update: defineCall({
    method: 'POST',
    path: '/c/v0/brand/update',
    access: [M],
    body: 'brandUpdateBody',
    answer: 'emptyResult',
    tag: 'brand',
    summary: "Change a brand's name, domain, links or logo",
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/brand/delete',
    access: [M],
    body: 'idBody',
    answer: 'emptyResult',
    tag: 'brand',
    summary: 'Delete a brand (its domain shows the default look again)',
  }),
  logoUpload: defineCall({
    method: 'POST',
    path: '/c/v0/brand/logo/upload',
    access: [M],
    upload: true,
    answer: 'uploadedFile',
    tag: 'brand',
    summary: 'Upload a logo (jpg, png or jpeg by its bytes) for a brand',
  }),
} satisfies Record<string, CallDeclaration>;
