import { Access } from '../access.ts';
import type { CallDeclaration } from './call.ts';
import { defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, integrator: X, admin: M } = Access;
/**
 * Every role that may operate a device: the scope decides which ones (an end user its own plants'
 * devices, an integrator those granted with control; a device out of scope answers like a missing one).
 */
const OPERATORS = [U, I, A, D, X, M] as const;
/**
 * Who may configure or restart a datalogger: the roles of the remote setting screen (spec section 2:
 * 2, 3, 4, 255), and integrators on devices granted with control. End users do not.
 */
const CONFIGURERS = [I, A, D, X, M] as const;

export const commandCalls = {
  settingGet: defineCall({
    method: 'POST',
    path: '/c/v0/device/setting/get',
    access: OPERATORS,
    body: 'settingGetBody',
    answer: 'commandQueued',
    tag: 'command',
    summary: "Ask a device for its settings (a setting.get command); the answer comes with the command's result",
  }),
  settingSet: defineCall({
    method: 'POST',
    path: '/c/v0/device/setting/set',
    access: OPERATORS,
    body: 'settingSetBody',
    answer: 'commandQueued',
    tag: 'command',
    summary: 'Change settings of a device (a setting.set command); the device confirms what it applied',
  }),
  settingReported: defineCall({
    method: 'GET',
    path: '/c/v0/device/setting/reported',
    access: OPERATORS,
    query: 'snQuery',
    answer: 'deviceSettingsReported',
    tag: 'command',
    summary:
      "A device's settings as it last reported them (each with when), its datalogger's confirmed sampling interval, and whether the datalogger is connected",
  }),
  configSet: defineCall({
    method: 'POST',
    path: '/c/v0/device/config/set',
    access: CONFIGURERS,
    body: 'configSetBody',
    answer: 'commandQueued',
    tag: 'command',
    summary: "Change the sampling interval of a device's datalogger (a config.set command)",
  }),
  reboot: defineCall({
    method: 'POST',
    path: '/c/v0/device/reboot',
    access: CONFIGURERS,
    body: 'rebootBody',
    answer: 'commandQueued',
    tag: 'command',
    summary: "Restart a device's datalogger (a reboot command); it answers before it restarts",
  }),
  /** Events: commandStreamEvent. */
  stream: defineCall({
    method: 'GET',
    path: '/c/v0/device/command/stream',
    access: OPERATORS,
    query: 'snQuery',
    answer: 'stream',
    tag: 'command',
    summary: "Server-sent events: a device's open commands, then every command of it whose state changes (as command/detail)",
  }),
  detail: defineCall({
    method: 'GET',
    path: '/c/v0/device/command/detail',
    access: OPERATORS,
    query: 'commandIdQuery',
    answer: 'command',
    tag: 'command',
    summary: 'One command: its state, progress, result or error, and when each happened',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/device/command/list',
    access: OPERATORS,
    body: 'commandListBody',
    answer: 'commandListResult',
    tag: 'command',
    summary: 'Commands to the devices in scope, newest first, by device and state',
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/c/v0/device/command/cancel',
    access: OPERATORS,
    body: 'commandCancelBody',
    answer: 'emptyResult',
    tag: 'command',
    summary: 'Cancel a command that has not been sent yet',
  }),
} satisfies Record<string, CallDeclaration>;
