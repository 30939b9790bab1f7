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
};
