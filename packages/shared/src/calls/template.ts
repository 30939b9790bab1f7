import { Access } from '../access.ts';
import type { CallDeclaration } from './call.ts';
import { defineCall } from './call.ts';

const { installer: I, agent: A, distributor: D, admin: M } = Access;
/**
 * Templates (spec /bus/plantMaintain/template, 255) and work model templates, which the issue gives
 * installers, agents and distributors too: each sees its branch's templates, an installer changes
 * only its own.
 */
const TEMPLATE_USERS = [I, A, D, M] as const;

export const templateCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/template/list',
    access: TEMPLATE_USERS,
    body: 'templateListBody',
    answer: 'templateListResult',
    tag: 'template',
    summary: "Templates of the caller's branch, newest first, by name",
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/template/create',
    access: TEMPLATE_USERS,
    body: 'templateSaveBody',
    answer: 'createdId',
    tag: 'template',
    summary: 'Save a named strategy (work mode, time periods, minimum SoC, price periods) as a template',
  }),
  update: defineCall({
    method: 'POST',
    path: '/c/v0/template/update',
    access: TEMPLATE_USERS,
    body: 'templateUpdateBody',
    answer: 'emptyResult',
    tag: 'template',
    summary: "Change a template's name and strategy",
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/template/delete',
    access: TEMPLATE_USERS,
    body: 'templateIdBody',
    answer: 'emptyResult',
    tag: 'template',
    summary: 'Delete a template (batches made from it keep what they sent)',
  }),
} satisfies Record<string, CallDeclaration>;
