import { Access } from '../access.ts';
import { defineCall } from './call.ts';

const { agent: A, distributor: D, admin: M } = Access;
/** Who manages the accounts of their branch (/bus/user/management): agents, distributors, administrators. */
const USER_MANAGERS = [A, D, M] as const;

/** User management: accounts of the caller's branch. */
export const userCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/user/list',
    access: USER_MANAGERS,
    body: 'userListBody',
    answer: 'userListResult',
    tag: 'user management',
    summary: 'Accounts in scope, filtered and paginated',
  }),
  detail: defineCall({
    method: 'GET',
    path: '/c/v0/user/detail',
    access: USER_MANAGERS,
    query: 'idQuery',
    answer: 'userSummary',
    tag: 'user management',
    summary: 'One account in scope',
  }),
  organisations: defineCall({
    method: 'GET',
    path: '/c/v0/user/organisations',
    access: USER_MANAGERS,
    query: 'userOrganisationsQuery',
    answer: 'userOrganisationsResult',
    tag: 'user management',
    summary: "Organisations of the caller's branch an account can be placed in (by name, at most 50)",
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/user/create',
    access: USER_MANAGERS,
    body: 'userCreateBody',
    answer: 'oneTimePasswordResult',
    tag: 'user management',
    summary: 'Create an account with a one-time password (answered once; to be changed at first sign-in)',
  }),
  edit: defineCall({
    method: 'POST',
    path: '/c/v0/user/edit',
    access: USER_MANAGERS,
    body: 'userUpdateBody',
    answer: 'emptyResult',
    tag: 'user management',
    summary: "Change an account's details, role or organisation",
  }),
  status: defineCall({
    method: 'POST',
    path: '/c/v0/user/status',
    access: USER_MANAGERS,
    body: 'userStatusBody',
    answer: 'emptyResult',
    tag: 'user management',
    summary: 'Disable or enable an account (disabling ends its sessions)',
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: '/c/v0/user/resetPassword',
    access: USER_MANAGERS,
    body: 'userIdBody',
    answer: 'oneTimePasswordResult',
    tag: 'user management',
    summary: "Reset an account's password to a one-time password (answered once); its sessions end",
  }),
};
