import { Access } from '../access.ts';
import type { CallDeclaration } from './call.ts';
import { defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, integrator: X, admin: M } = Access;
/** Every role that has devices (issue 19): its keys reach what the account reaches. */
const KEY_HOLDERS = [U, I, A, D, X, M] as const;

export const apiKeyCalls = {
  create: defineCall({
    method: 'POST',
    path: '/c/v0/apikey/create',
    access: KEY_HOLDERS,
    body: 'apiKeyCreateBody',
    answer: 'apiKeyCreated',
    tag: 'apiKey',
    summary: 'Create an Open API key; the key is answered once (only its hash is kept)',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/apikey/list',
    access: KEY_HOLDERS,
    answer: 'apiKeyListResult',
    tag: 'apiKey',
    summary: "The caller's keys (name, created, last used) and its account's calls per day and remaining today",
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/apikey/delete',
    access: KEY_HOLDERS,
    body: 'apiKeyDeleteBody',
    answer: 'emptyResult',
    tag: 'apiKey',
    summary: 'Revoke one of the caller’s keys: its next call answers 41808',
  }),
  quotaList: defineCall({
    method: 'POST',
    path: '/c/v0/apikey/quota/list',
    access: [M],
    body: 'apiQuotaListBody',
    answer: 'apiQuotaListResult',
    tag: 'apiKey',
    summary: 'Administrators: accounts holding keys, their daily quota and usage today',
  }),
  quotaSet: defineCall({
    method: 'POST',
    path: '/c/v0/apikey/quota/set',
    access: [M],
    body: 'apiQuotaSetBody',
    answer: 'emptyResult',
    tag: 'apiKey',
    summary: "Administrators: set an account's daily Open API quota (default 1,440)",
  }),
} satisfies Record<string, CallDeclaration>;
