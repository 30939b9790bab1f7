import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { admin: M } = Access;

/** The platform log (spec /bus/logUpdate "platform log", switch logUpdate.manage): the platform's own events. */
export const platformLogCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/platformLog/list',
    access: [M],
    body: 'platformLogBody',
    answer: 'platformLogResult',
    tag: 'log',
    summary: 'Platform log (job failures, delivery failures, ingest rejections, migrations, starts), filtered and paginated',
  }),
  export: defineCall({
    method: 'POST',
    path: '/c/v0/platformLog/export',
    access: [M],
    body: 'platformLogExportBody',
    answer: 'file',
    tag: 'log',
    summary: 'The platform log as an xlsx file (same filters, no paging)',
  }),
} satisfies Record<string, CallDeclaration>;
