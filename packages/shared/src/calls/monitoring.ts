import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, integrator: X, admin: M } = Access;
/** Every role that holds plants: all but the integrator. */
const PLANT_HOLDERS = [U, I, A, D, M] as const;
/** Device data is for the console's device screens and the integrator's; scope decides which devices. */
const DEVICE_DATA = [U, I, A, D, M, X] as const;

/** Live and historical data of devices and plants (issue 4). */
export const monitoringCalls = {
  deviceReal: defineCall({
    method: 'POST',
    path: '/c/v0/device/real/query',
    access: DEVICE_DATA,
    body: 'deviceRealQueryBody',
    answer: 'deviceRealQueryResult',
    tag: 'monitoring',
    summary: 'Latest values of many devices',
  }),
  deviceHistory: defineCall({
    method: 'POST',
    path: '/c/v0/device/history/query',
    access: DEVICE_DATA,
    body: 'deviceHistoryQueryBody',
    answer: 'deviceHistoryQueryResult',
    tag: 'monitoring',
    summary: 'History of variables of one device over a range (ms), at most `points` points per variable',
  }),
  deviceReport: defineCall({
    method: 'POST',
    path: '/c/v0/device/report/query',
    access: DEVICE_DATA,
    body: 'deviceReportQueryBody',
    answer: 'energyReportResult',
    tag: 'monitoring',
    summary: "Energy of one device per hour of a day, day of a month, month of a year, or year, in its plant's calendar",
  }),
  plantReport: defineCall({
    method: 'POST',
    path: '/c/v0/plant/report/query',
    access: PLANT_HOLDERS,
    body: 'plantReportQueryBody',
    answer: 'energyReportResult',
    tag: 'monitoring',
    summary: 'Energy of a plant per bucket of a period of its calendar',
  }),
  plantCurves: defineCall({
    method: 'POST',
    path: '/c/v0/plant/curve/query',
    access: PLANT_HOLDERS,
    body: 'plantCurveQueryBody',
    answer: 'plantDayCurvesResult',
    tag: 'monitoring',
    summary: "5-minute power curves of a plant's local day",
  }),
  plantFlow: defineCall({
    method: 'GET',
    path: '/c/v0/plant/real/flow',
    access: PLANT_HOLDERS,
    query: 'plantFlowQuery',
    answer: 'plantFlowResult',
    tag: 'monitoring',
    summary: "A plant's power flow now and today's energy",
  }),
  plantOverview: defineCall({
    method: 'POST',
    path: '/c/v0/plant/overview',
    access: PLANT_HOLDERS,
    body: 'plantListBody',
    answer: 'plantOverviewResult',
    tag: 'monitoring',
    summary: 'Plants in scope, filtered and paginated like plant/list, with PV power now, today and lifetime yield',
  }),
  fleetSummary: defineCall({
    method: 'GET',
    path: '/c/v0/plant/summary',
    access: [U, I, A, D, X, M],
    answer: 'fleetSummaryResult',
    tag: 'monitoring',
    summary: 'Fleet summary over the plants in scope',
  }),
  /** Events: plantFlowResult. */
  plantStream: defineCall({
    method: 'GET',
    path: '/c/v0/plant/real/stream',
    access: PLANT_HOLDERS,
    query: 'plantFlowQuery',
    answer: 'stream',
    tag: 'monitoring',
    summary: "Server-sent events: the plant's power flow (as plant/real/flow) now and whenever new data arrives",
  }),
  deviceStream: defineCall({
    method: 'GET',
    path: '/c/v0/device/real/stream',
    access: DEVICE_DATA,
    query: 'snQuery',
    answer: 'stream',
    tag: 'monitoring',
    summary:
      "Server-sent events: one device's newest values (as device/real/query), its plant's time zone and its energy today, now and whenever new data arrives",
  }),
} satisfies Record<string, CallDeclaration>;
