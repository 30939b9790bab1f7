import { Access } from '../access.ts';
import { defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, admin: M } = Access;
/** Every role that holds plants: all but the integrator, whose scope is authorised devices. */
const PLANT_HOLDERS = [U, I, A, D, M] as const;

export const plantCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/plant/list',
    access: PLANT_HOLDERS,
    body: 'plantListBody',
    answer: 'plantListResult',
    tag: 'plant',
    summary: 'Plants in scope, filtered and paginated',
  }),
  export: defineCall({
    method: 'POST',
    path: '/c/v0/plant/export',
    access: PLANT_HOLDERS,
    body: 'plantExportBody',
    answer: 'file',
    tag: 'plant',
    summary: 'The plants in scope that match the list filters, as an xlsx or CSV file (no paging)',
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/plant/create',
    access: [I, A, D],
    body: 'plantCreateBody',
    answer: 'createdId',
    tag: 'plant',
    summary: 'Create a plant with at least one datalogger',
  }),
  detail: defineCall({
    method: 'GET',
    path: '/c/v0/plant/detail',
    access: PLANT_HOLDERS,
    query: 'idQuery',
    answer: 'plantDetail',
    tag: 'plant',
    summary: 'One plant',
  }),
  update: defineCall({
    method: 'POST',
    path: '/c/v0/plant/update',
    access: PLANT_HOLDERS,
    body: 'plantUpdateBody',
    answer: 'emptyResult',
    tag: 'plant',
    summary: 'Change a plant',
  }),
  linkSn: defineCall({
    method: 'POST',
    path: '/c/v0/plant/linkSn',
    access: [U, M],
    body: 'plantLinkSnBody',
    answer: 'emptyResult',
    tag: 'plant',
    summary: 'Add registered dataloggers to a plant',
  }),
  share: defineCall({
    method: 'POST',
    path: '/c/v0/plant/share',
    access: PLANT_HOLDERS,
    body: 'plantMemberBody',
    answer: 'emptyResult',
    tag: 'plant',
    summary: 'Share read-only with an end user, or grant an installer',
  }),
  unshare: defineCall({
    method: 'POST',
    path: '/c/v0/plant/unshare',
    access: PLANT_HOLDERS,
    body: 'plantUnshareBody',
    answer: 'emptyResult',
    tag: 'plant',
    summary: 'Revoke a share or grant',
  }),
  members: defineCall({
    method: 'GET',
    path: '/c/v0/plant/members',
    access: PLANT_HOLDERS,
    query: 'idQuery',
    answer: 'plantMembersResult',
    tag: 'plant',
    summary: 'Accounts a plant is shared with or granted to',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/plant/delete',
    access: PLANT_HOLDERS,
    body: 'plantDeleteBody',
    answer: 'emptyResult',
    tag: 'plant',
    summary: 'Delete a plant (confirm when deleting many)',
  }),
};
