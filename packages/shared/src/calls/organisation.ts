import { Access } from '../access.ts';
import { defineCall } from './call.ts';

/** Moving branches in the organisation tree: administrators only (the power info screen's access). */
export const organisationCalls = {
  move: defineCall({
    method: 'POST',
    path: '/c/v0/organisation/move',
    access: [Access.admin],
    body: 'organisationMoveBody',
    answer: 'emptyResult',
    tag: 'organisation',
    summary: 'Move a branch under another organisation',
  }),
};
