import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, admin: M } = Access;
/** The datalogger screen (/bus/device/module): every role that holds plants. */
const DATALOGGER_KEEPERS = [U, I, A, D, M] as const;

/** Registered dataloggers. */
export const dataloggerCalls = {
  create: defineCall({
    method: 'POST',
    path: '/c/v0/module/create',
    access: DATALOGGER_KEEPERS,
    body: 'moduleCreateBody',
    answer: 'moduleCreateResult',
    tag: 'datalogger',
    summary: 'Register a datalogger; answers its MQTT secret once',
  }),
  /** The body is a multipart form with one field, `file`; the handler reads and checks it itself. */
  import: defineCall({
    method: 'POST',
    path: '/c/v0/module/import',
    access: DATALOGGER_KEEPERS,
    upload: true,
    answer: 'moduleImportResult',
    tag: 'datalogger',
    summary: 'Register the dataloggers of a spreadsheet (first sheet, column "SN"), all or none',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/module/list',
    access: DATALOGGER_KEEPERS,
    body: 'moduleListBody',
    answer: 'moduleListResult',
    tag: 'datalogger',
    summary: 'Dataloggers in scope',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/module/delete',
    access: DATALOGGER_KEEPERS,
    body: 'moduleSnBody',
    answer: 'emptyResult',
    tag: 'datalogger',
    summary: 'Delete a registered datalogger that no plant holds',
  }),
  unbind: defineCall({
    method: 'POST',
    path: '/c/v0/module/unbind',
    access: DATALOGGER_KEEPERS,
    body: 'moduleSnBody',
    answer: 'emptyResult',
    tag: 'datalogger',
    summary: 'Free a datalogger from its plant',
  }),
} satisfies Record<string, CallDeclaration>;
