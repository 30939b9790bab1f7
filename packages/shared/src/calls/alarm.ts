import { Access } from '../access.ts';
import { defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, admin: M, integrator: N } = Access;
/** The console's alarm screen and the integrator's: the same calls, each over its own scope. */
export const ALARM_VIEWERS = [U, I, A, D, M, N] as const;
/** Thresholds belong to a plant: the plant screens' roles (not integrators, who see devices only). */
const PLANT_HOLDERS = [U, I, A, D, M] as const;

export const alarmCalls = {
  query: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/query',
    access: ALARM_VIEWERS,
    body: 'alarmQueryBody',
    answer: 'alarmQueryResult',
    tag: 'alarm',
    summary: 'Alarms in scope, realtime (active) or history (cleared), filtered, at most 15 days, paginated',
  }),
  export: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/export',
    access: ALARM_VIEWERS,
    body: 'alarmExportBody',
    answer: 'file',
    tag: 'alarm',
    summary: 'The alarms that match as an xlsx file (same filters, no paging)',
  }),
  ack: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/ack',
    access: ALARM_VIEWERS,
    body: 'alarmAckBody',
    answer: 'emptyResult',
    tag: 'alarm',
    summary: 'Acknowledge alarms with a comment (all or none)',
  }),
  // The fault record counts the whole fleet's alarms: administrators only.
  faultRecord: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/faultRecord',
    access: [M],
    body: 'faultRecordBody',
    answer: 'faultRecordResult',
    tag: 'alarm',
    summary: 'Alarms raised in a range (at most 15 days, active and cleared) counted by code, model and firmware version',
  }),
  faultRecordExport: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/faultRecord/export',
    access: [M],
    body: 'faultRecordBody',
    answer: 'file',
    tag: 'alarm',
    summary: 'The fault record as an xlsx file, a sheet per dimension',
  }),
  threshold: defineCall({
    method: 'GET',
    path: '/c/v0/alarm/threshold',
    access: PLANT_HOLDERS,
    query: 'idQuery',
    answer: 'alarmThresholdResult',
    tag: 'alarm',
    summary: "A plant's thresholds for the alarm rules (its own and the defaults)",
  }),
  thresholdSave: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/threshold/save',
    access: PLANT_HOLDERS,
    body: 'alarmThresholdSaveBody',
    answer: 'emptyResult',
    tag: 'alarm',
    summary: "Set a plant's thresholds for the alarm rules (keys left out take the defaults)",
  }),
};
