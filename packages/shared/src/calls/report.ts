import { Access } from '../access.ts';
import type { CallDeclaration } from './call.ts';
import { defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, admin: M, integrator: N } = Access;
/** The data report (/bus/dataReport 3, 4, 255) and the integrator's (/bus/integrator/dataReport 10, over its authorised devices). */
const DATA_REPORT_USERS = [A, D, M, N] as const;
/** Report export and generation (/bus/plantMaintain/reportExport and reportGenerate: 1, 2, 3, 4). */
const REPORT_EXPORT_USERS = [U, I, A, D] as const;

export const reportCalls = {
  data: defineCall({
    method: 'POST',
    path: '/c/v0/report/data',
    access: DATA_REPORT_USERS,
    body: 'dataReportBody',
    answer: 'dataReportResult',
    tag: 'report',
    summary: "Energy per plant or device over days, months or years of each plant's calendar: a page, sorted, with the totals",
  }),
  dataExport: defineCall({
    method: 'POST',
    path: '/c/v0/report/data/export',
    access: DATA_REPORT_USERS,
    body: 'dataReportExportBody',
    answer: 'file',
    tag: 'report',
    summary: 'The data report as xlsx or CSV (same filters and sort, no paging, with the totals row)',
  }),
  dataChoices: defineCall({
    method: 'GET',
    path: '/c/v0/report/data/choices',
    access: DATA_REPORT_USERS,
    answer: 'dataReportFilterChoices',
    tag: 'report',
    summary: "The data report's filter choices: branches, device series and models in scope",
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/report/list',
    access: REPORT_EXPORT_USERS,
    body: 'reportDefinitionListBody',
    answer: 'reportDefinitionListResult',
    tag: 'report',
    summary: "The caller's report exports, newest first, each with its newest tasks",
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/report/create',
    access: REPORT_EXPORT_USERS,
    body: 'reportDefinitionFields',
    answer: 'createdId',
    tag: 'report',
    summary: 'Define a report export and start generating it (a durable job)',
  }),
  generate: defineCall({
    method: 'POST',
    path: '/c/v0/report/generate',
    access: REPORT_EXPORT_USERS,
    body: 'reportIdBody',
    answer: 'createdId',
    tag: 'report',
    summary: 'Generate a report export again for its date (a new task)',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/report/delete',
    access: REPORT_EXPORT_USERS,
    body: 'reportIdBody',
    answer: 'emptyResult',
    tag: 'report',
    summary: 'Delete a report export, its tasks and their files',
  }),
  file: defineCall({
    method: 'POST',
    path: '/c/v0/report/file',
    access: REPORT_EXPORT_USERS,
    body: 'reportFileBody',
    answer: 'file',
    tag: 'report',
    summary: "A generated report's xlsx or PDF",
  }),
  trend: defineCall({
    method: 'POST',
    path: '/c/v0/report/trend',
    access: [A, D, M],
    body: 'trendBody',
    answer: 'trendResult',
    tag: 'report',
    summary: 'New plants, devices and installed kWp per month in scope, by branch, country, series or model, with the year before',
  }),
  devops: defineCall({
    method: 'GET',
    path: '/c/v0/report/devops',
    access: [M],
    answer: 'devopsResult',
    tag: 'report',
    summary:
      'What in the fleet needs attention now, each entry a device: offline, silent, weak signal, low yield, faults, stuck commands; firmware in the field',
  }),
} satisfies Record<string, CallDeclaration>;
