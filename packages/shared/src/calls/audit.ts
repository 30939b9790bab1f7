import { Access } from '../access.ts';
import { defineCall } from './call.ts';

const { agent: A, distributor: D, admin: M } = Access;
/** The log screen's roles: each reads the logs of its own scope. */
const LOG_READERS = [A, D, M] as const;

export const auditCalls = {
  operationList: defineCall({
    method: 'POST',
    path: '/c/v0/log/operation/list',
    access: LOG_READERS,
    body: 'operationLogBody',
    answer: 'operationLogResult',
    tag: 'log',
    summary: 'Operation log in scope, filtered and paginated',
  }),
  operationExport: defineCall({
    method: 'POST',
    path: '/c/v0/log/operation/export',
    access: LOG_READERS,
    body: 'operationLogExportBody',
    answer: 'file',
    tag: 'log',
    summary: 'The operation log as an xlsx file (same filters, no paging)',
  }),
  accountList: defineCall({
    method: 'POST',
    path: '/c/v0/log/account/list',
    access: LOG_READERS,
    body: 'accountLogBody',
    answer: 'accountLogResult',
    tag: 'log',
    summary: 'Account log in scope (sign-ins, sign-outs, password changes and resets, disabling), filtered and paginated',
  }),
  accountExport: defineCall({
    method: 'POST',
    path: '/c/v0/log/account/export',
    access: LOG_READERS,
    body: 'accountLogExportBody',
    answer: 'file',
    tag: 'log',
    summary: 'The account log as an xlsx file (same filters, no paging)',
  }),
};
