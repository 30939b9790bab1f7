import { createHmac, randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@sunstack/shared';

/** One attempt's limit: the receiver answers within this or the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A webhook's signing secret: 256 random bits, shown to its owner once. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the secret (its UTF-8 bytes). */
export const webhookSignature = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export type WebhookOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * POSTs a delivery: the body as stored, signed, named by its delivery id (the same on every retry, so
 * receivers can drop duplicates). A 2xx answer delivers it; anything else, a redirect (never
 * followed), a timeout or a network error is a failure to retry.
 */
export async function postWebhook(delivery: {
  url: string;
  secret: string;
  id: string;
  event: WebhookEvent;
  body: string;
  timeoutMs?: number;
}): Promise<WebhookOutcome> {
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Sunstack-Webhook/1',
        'x-sunstack-event': delivery.event,
        'x-sunstack-delivery': delivery.id,
        'x-sunstack-signature': webhookSignature(delivery.body, delivery.secret),
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(delivery.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
    });
    // The answer's body says nothing we use; let the connection go.
    await response.body?.cancel().catch(() => {});
    const { status } = response;
    if (status >= 200 && status < 300) return { ok: true, status };
    const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
    return { ok: false, status, error: `HTTP ${status}${redirect}` };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, status: null, error: `no answer within ${(delivery.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s` };
    }
    const cause = (error as { cause?: unknown }).cause;
    return { ok: false, status: null, error: String(cause ?? error).slice(0, 500) };
  }
}
