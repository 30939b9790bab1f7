import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { agent: A, distributor: D, admin: M } = Access;
const VERSION_USERS = [A, D, M] as const;

/** Upgrade tasks (issue 20) on the command path, the device's download, and the after-sales reset. */
export const upgradeCalls = {
  create: defineCall({
    method: 'POST',
    path: '/c/v0/upgrade/create',
    access: VERSION_USERS,
    body: 'upgradeCreateBody',
    answer: 'upgradeCreated',
    tag: 'upgrade',
    summary: 'Upgrade one device or a batch with a published firmware (upgrade.<kind>, upgrade.batch for more than one)',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/upgrade/list',
    access: VERSION_USERS,
    body: 'upgradeListBody',
    answer: 'upgradeListResult',
    tag: 'upgrade',
    summary: 'Upgrade tasks the caller sees, newest first, with their live counts',
  }),
  devices: defineCall({
    method: 'POST',
    path: '/c/v0/upgrade/devices',
    access: VERSION_USERS,
    body: 'upgradeDevicesBody',
    answer: 'upgradeDevicesResult',
    tag: 'upgrade',
    summary: "A task with its counts and its devices' states, progress and skip reasons, paginated",
  }),
  stream: defineCall({
    method: 'GET',
    path: '/c/v0/upgrade/stream',
    access: VERSION_USERS,
    query: 'upgradeIdQuery',
    answer: 'stream',
    tag: 'upgrade',
    summary: 'A task again whenever its devices move (server-sent events, at most one a second)',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/upgrade/delete',
    access: VERSION_USERS,
    body: 'upgradeDeleteBody',
    answer: 'upgradeDeleted',
    tag: 'upgrade',
    summary: 'Delete tasks (upgrade.taskBatchDelete); their devices not sent yet are withdrawn',
  }),
  ofDevice: defineCall({
    method: 'GET',
    path: '/c/v0/upgrade/device',
    access: [M],
    query: 'upgradeOfDeviceQuery',
    answer: 'upgradeOfDevice',
    tag: 'upgrade',
    summary: "A device's latest upgrades and whether one is stuck (after-sales)",
  }),
  reset: defineCall({
    method: 'POST',
    path: '/c/v0/upgrade/reset',
    access: [M],
    body: 'upgradeResetBody',
    answer: 'upgradeResetResult',
    tag: 'upgrade',
    summary: "Clear a device's stuck upgrade so it can be upgraded again, with why (after-sales)",
  }),
  fetch: defineCall({
    method: 'GET',
    path: '/c/v0/upgrade/fetch',
    access: 'unsigned',
    query: 'firmwareFetchQuery',
    answer: 'file',
    tag: 'upgrade',
    summary: "A device's firmware download: bound to its device and task, open while its command is, with Range",
  }),
} satisfies Record<string, CallDeclaration>;
