import { ALARM_VIEWERS } from './alarm.ts';
import { defineCall } from './call.ts';

/** Alarm notification subscriptions: whoever reaches an alarm screen subscribes to the alarms it sees. */
export const notificationCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/subscription/list',
    access: ALARM_VIEWERS,
    body: 'subscriptionListBody',
    answer: 'subscriptionListResult',
    tag: 'alarm',
    summary: "The caller's alarm notification subscriptions (webhook secrets are never answered again)",
  }),
  save: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/subscription/save',
    access: ALARM_VIEWERS,
    body: 'subscriptionSaveBody',
    answer: 'subscriptionSaveResult',
    tag: 'alarm',
    summary:
      'Create or replace the subscription to a plant (plantId) or to every plant in scope (null): severities, email, webhook. ' +
      'A new webhook secret is answered once; deliveries carry x-sunstack-signature: sha256=<hex HMAC-SHA256 of the body>',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/subscription/delete',
    access: ALARM_VIEWERS,
    body: 'subscriptionDeleteBody',
    answer: 'emptyResult',
    tag: 'alarm',
    summary: 'Delete one of the caller’s subscriptions',
  }),
  pushKey: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/push/key',
    access: ALARM_VIEWERS,
    body: 'pushKeyBody',
    answer: 'pushKeyResult',
    tag: 'alarm',
    summary: "The server's VAPID public key (base64url), the applicationServerKey a browser subscribes to pushes with",
  }),
  pushBrowsers: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/push/list',
    access: ALARM_VIEWERS,
    body: 'pushKeyBody',
    answer: 'pushBrowsersResult',
    tag: 'alarm',
    summary: "The caller's browsers that receive alarm notices as Web Push",
  }),
  pushSubscribe: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/push/subscribe',
    access: ALARM_VIEWERS,
    body: 'pushSubscribeBody',
    answer: 'emptyResult',
    tag: 'alarm',
    summary: "Turn on Web Push of the caller's alarm notices in a browser (its PushSubscription as JSON)",
  }),
  pushUnsubscribe: defineCall({
    method: 'POST',
    path: '/c/v0/alarm/push/unsubscribe',
    access: ALARM_VIEWERS,
    body: 'pushUnsubscribeBody',
    answer: 'emptyResult',
    tag: 'alarm',
    summary: "Turn off Web Push in one of the caller's browsers (by its endpoint)",
  }),
};
