import { Access } from '../access.ts';
import { defineCall } from './call.ts';

const { agent: A, distributor: D, admin: M } = Access;
/** Who invites into a branch: agents, distributors, administrators. */
const INVITERS = [A, D, M] as const;

export const invitationCalls = {
  create: defineCall({
    method: 'POST',
    path: '/c/v0/invitation/create',
    access: INVITERS,
    body: 'invitationCreateBody',
    answer: 'invitationCreated',
    tag: 'invitation',
    summary: 'Invite an email address to a branch as installer or end user; the mail links to sign-up',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/invitation/list',
    access: INVITERS,
    body: 'invitationListBody',
    answer: 'invitationListResult',
    tag: 'invitation',
    summary: 'Invitations into the branch, filtered and paginated',
  }),
  revoke: defineCall({
    method: 'POST',
    path: '/c/v0/invitation/revoke',
    access: INVITERS,
    body: 'invitationRevokeBody',
    answer: 'emptyResult',
    tag: 'invitation',
    summary: 'Withdraw a pending invitation',
  }),
  check: defineCall({
    method: 'GET',
    path: '/c/v0/invitation/check',
    access: 'public',
    query: 'invitationCheckQuery',
    answer: 'invitationCheckResult',
    tag: 'invitation',
    summary: "An invitation link's address, role and branch, for the sign-up page (41940 when it cannot be used)",
  }),
};
