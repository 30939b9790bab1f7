import { Access } from '../access.ts';
import type { CallDeclaration } from './call.ts';
import { defineCall } from './call.ts';

/** Diagnostics (issue 24): I-V curve scans and their diagnosis; spec section 2 gives them to 255 alone. */
const STAFF = [Access.admin] as const;

export const diagnosticsCalls = {
  stringConfig: defineCall({
    method: 'GET',
    path: '/c/v0/iv/config',
    access: STAFF,
    query: 'snQuery',
    answer: 'stringConfig',
    tag: 'diagnostics',
    summary: "An inverter's string configuration (strings, modules per string, module datasheet), null until set",
  }),
  setStringConfig: defineCall({
    method: 'POST',
    path: '/c/v0/iv/config/set',
    access: STAFF,
    body: 'stringConfigBody',
    answer: 'emptyResult',
    tag: 'diagnostics',
    summary: "Set an inverter's strings, modules per string and module datasheet (permission ivCurve.configure)",
  }),
  createTask: defineCall({
    method: 'POST',
    path: '/c/v0/iv/task/create',
    access: STAFF,
    body: 'ivTaskCreateBody',
    answer: 'ivTaskCreated',
    tag: 'diagnostics',
    summary: 'Start an I-V scan of chosen inverters or of every inverter of chosen plants; says which lack a string configuration',
  }),
  listTasks: defineCall({
    method: 'POST',
    path: '/c/v0/iv/task/list',
    access: STAFF,
    body: 'ivTaskListBody',
    answer: 'ivTaskListResult',
    tag: 'diagnostics',
    summary: 'Scan tasks, newest first, with their counts',
  }),
  taskDetail: defineCall({
    method: 'GET',
    path: '/c/v0/iv/task/detail',
    access: STAFF,
    query: 'idQuery',
    answer: 'ivTaskDetail',
    tag: 'diagnostics',
    summary: "A scan task: each inverter's progress and each string's diagnosis",
  }),
  curveDetail: defineCall({
    method: 'GET',
    path: '/c/v0/iv/curve/detail',
    access: STAFF,
    query: 'curveDetailQuery',
    answer: 'curveDetail',
    tag: 'diagnostics',
    summary: "A string's I-V curve, the expected one, key points, diagnosis, its earlier scans and its neighbours",
  }),
  recordCleaning: defineCall({
    method: 'POST',
    path: '/c/v0/iv/cleaning',
    access: STAFF,
    body: 'cleaningBody',
    answer: 'emptyResult',
    tag: 'diagnostics',
    summary: 'Record that a string was cleaned',
  }),
} satisfies Record<string, CallDeclaration>;
