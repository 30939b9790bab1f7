import { Access } from '../access.ts';
import { defineCall } from './call.ts';

/** Group management is the administrators' screen. */
const { admin: M } = Access;

export const groupCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/group/list',
    access: [M],
    body: 'groupListBody',
    answer: 'groupListResult',
    tag: 'group',
    summary: 'Groups of plants or devices, filtered and paginated',
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/group/create',
    access: [M],
    body: 'groupCreateBody',
    answer: 'createdId',
    tag: 'group',
    summary: 'Create a named group of plants or devices',
  }),
  rename: defineCall({
    method: 'POST',
    path: '/c/v0/group/rename',
    access: [M],
    body: 'groupRenameBody',
    answer: 'emptyResult',
    tag: 'group',
    summary: 'Rename a group',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/group/delete',
    access: [M],
    body: 'idBody',
    answer: 'emptyResult',
    tag: 'group',
    summary: 'Delete a group (its members stay as they are)',
  }),
  members: defineCall({
    method: 'POST',
    path: '/c/v0/group/members',
    access: [M],
    body: 'groupMembersBody',
    answer: 'groupMembersResult',
    tag: 'group',
    summary: "A group's members in scope, paginated",
  }),
  addMembers: defineCall({
    method: 'POST',
    path: '/c/v0/group/addMembers',
    access: [M],
    body: 'groupMembersChangeBody',
    answer: 'groupMembersAdded',
    tag: 'group',
    summary: 'Add plants (by id) or devices (by SN) in scope; all or none',
  }),
  removeMembers: defineCall({
    method: 'POST',
    path: '/c/v0/group/removeMembers',
    access: [M],
    body: 'groupMembersChangeBody',
    answer: 'groupMembersRemoved',
    tag: 'group',
    summary: 'Remove members; all or none',
  }),
};
