import webPush from 'web-push';
import { guardedPost, type WebhookOutcome } from './webhook.ts';

/**
 * Web Push (RFC 8030) of alarm notices to the browsers accounts turned on: the payload encrypted to the
 * browser's keys (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292) by the `web-push`
 * package, sent by our own guarded POST (the endpoint is a URL a browser gave us: the webhooks' SSRF guard).
 */

/** What the service worker shows: a title, a line, the screen to open, and a tag that folds repeats of one alarm. */
export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
}

/** A push is kept by the push service this long while the browser is offline (a notice older than a day says little). */
const PUSH_TTL_SECONDS = 24 * 3600;

export const newVapidKeys = () => webPush.generateVAPIDKeys();

export function sendPush(
  browser: { endpoint: string; p256dh: string; auth: string },
  body: string,
  vapid: { subject: string; publicKey: string; privateKey: string },
  allowPrivate: boolean,
): Promise<WebhookOutcome> {
  const request = webPush.generateRequestDetails(
    { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
    body,
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  return guardedPost(request.endpoint, request.headers as Record<string, string | number>, request.body as Buffer, allowPrivate);
}

/** The push service no longer knows the subscription: the browser unsubscribed or its subscription expired. */
export const subscriptionGone = (status: number | null) => status === 404 || status === 410;
