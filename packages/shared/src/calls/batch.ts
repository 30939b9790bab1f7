import { Access } from '../access.ts';
import type { CallDeclaration } from './call.ts';
import { defineCall } from './call.ts';

const { installer: I, agent: A, distributor: D, integrator: X, admin: M } = Access;
/** Group remote: whoever may operate devices in numbers; integrators their devices granted with control. */
const BATCH_USERS = [I, A, D, X, M] as const;

export const batchCalls = {
  create: defineCall({
    method: 'POST',
    path: '/c/v0/device/batch/create',
    access: BATCH_USERS,
    body: 'batchCreateBody',
    answer: 'batchCreated',
    tag: 'command',
    summary:
      'Send a template (or settings) to a device, a group or a selection of plants: one batch of setting.set commands; devices the caller may not operate are counted as refused',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/device/batch/list',
    access: BATCH_USERS,
    body: 'batchListBody',
    answer: 'batchListResult',
    tag: 'command',
    summary: "The caller's branch's batches, newest first, with their counts",
  }),
  detail: defineCall({
    method: 'GET',
    path: '/c/v0/device/batch/detail',
    access: BATCH_USERS,
    query: 'batchIdQuery',
    answer: 'batch',
    tag: 'command',
    summary: 'One batch: what it sent, where, and how many of its devices are done, failed and waiting',
  }),
  /** Events: batchStreamEvent. */
  stream: defineCall({
    method: 'GET',
    path: '/c/v0/device/batch/stream',
    access: BATCH_USERS,
    query: 'batchIdQuery',
    answer: 'stream',
    tag: 'command',
    summary: 'Server-sent events: the batch with its counts, then again whenever one of its commands changes',
  }),
  retry: defineCall({
    method: 'POST',
    path: '/c/v0/device/batch/retry',
    access: BATCH_USERS,
    body: 'batchIdBody',
    answer: 'batchChanged',
    tag: 'command',
    summary: 'Send the failed and expired commands of a batch again, as new commands of the same batch',
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/c/v0/device/batch/cancel',
    access: BATCH_USERS,
    body: 'batchIdBody',
    answer: 'batchChanged',
    tag: 'command',
    summary: 'Cancel the commands of a batch not sent yet',
  }),
} satisfies Record<string, CallDeclaration>;
