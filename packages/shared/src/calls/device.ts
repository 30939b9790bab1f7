import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, integrator: X, admin: M } = Access;
/** The device lists and details serve both the console's device screens and the integrator's. */
const DEVICE_VIEWERS = [U, I, A, D, M, X] as const;
/** Data authorisation for integrators (/bus/device/authorisation): administrators, and end users for the plants they own. */
const GRANTORS = [U, M] as const;
/** The parallel system screen: every role that holds plants. */
const PLANT_HOLDERS = [U, I, A, D, M] as const;

/** Devices, integrator authorisations, EV chargers and parallel systems. */
export const deviceCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/device/list',
    access: DEVICE_VIEWERS,
    body: 'deviceListBody',
    answer: 'deviceListResult',
    tag: 'device',
    summary: 'Devices in scope, by kind, status, plant or SN, paginated',
  }),
  detail: defineCall({
    method: 'GET',
    path: '/c/v0/device/detail',
    access: DEVICE_VIEWERS,
    query: 'snQuery',
    answer: 'deviceDetail',
    tag: 'device',
    summary: 'One device in scope',
  }),
  grant: defineCall({
    method: 'POST',
    path: '/c/v0/device/grant',
    access: GRANTORS,
    body: 'deviceGrantBody',
    answer: 'emptyResult',
    tag: 'device',
    summary: 'Authorise an integrator for devices (all or none)',
  }),
  revoke: defineCall({
    method: 'POST',
    path: '/c/v0/device/revoke',
    access: GRANTORS,
    body: 'deviceRevokeBody',
    answer: 'emptyResult',
    tag: 'device',
    summary: "Withdraw an integrator's authorisation",
  }),
  grants: defineCall({
    method: 'POST',
    path: '/c/v0/device/grants',
    access: GRANTORS,
    body: 'deviceGrantListBody',
    answer: 'deviceGrantListResult',
    tag: 'device',
    summary: 'Integrator authorisations the caller manages, paginated',
  }),
  updatePile: defineCall({
    method: 'POST',
    path: '/c/v0/pile/update',
    access: [U],
    body: 'pileUpdateBody',
    answer: 'emptyResult',
    tag: 'device',
    summary: "Name an EV charger and choose the plant's datalogger it hangs on",
  }),
  parallel: defineCall({
    method: 'GET',
    path: '/c/v0/parallel/detail',
    access: PLANT_HOLDERS,
    query: 'idQuery',
    answer: 'parallelDetail',
    tag: 'device',
    summary: "A plant's inverters and its parallel system",
  }),
  updateParallel: defineCall({
    method: 'POST',
    path: '/c/v0/parallel/update',
    access: PLANT_HOLDERS,
    body: 'parallelUpdateBody',
    answer: 'emptyResult',
    tag: 'device',
    summary: "Set a plant's master inverter and its slaves, or dissolve the system",
  }),
} satisfies Record<string, CallDeclaration>;
