import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { WebhookEvent } from '@sunstack/shared';
import { publicOnlyLookup, webhookUrlProblem } from './webhookGuard.ts';

/** One attempt's limit: the receiver answers within this or the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A webhook's signing secret: 256 random bits, shown to its owner once. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the secret (its UTF-8 bytes). */
export const webhookSignature = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** `final`: the delivery can never succeed as it stands (a refused URL); it is not retried. */
export type WebhookOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string; final?: true };

/**
 * POSTs a delivery: the body as stored, signed, named by its delivery id (the same on every retry, so
 * receivers can drop duplicates). A 2xx answer delivers it; anything else, a redirect (never
 * followed), a timeout or a network error is a failure to retry. Unless `allowPrivate`, a URL whose
 * host is, or resolves to, a private address is refused without connecting (webhookGuard.ts).
 */
export function postWebhook(delivery: {
  url: string;
  secret: string;
  id: string;
  event: WebhookEvent;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<WebhookOutcome> {
  return guardedPost(
    delivery.url,
    {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(delivery.body),
      'user-agent': 'Sunstack-Webhook/1',
      'x-sunstack-event': delivery.event,
      'x-sunstack-delivery': delivery.id,
      'x-sunstack-signature': webhookSignature(delivery.body, delivery.secret),
    },
    delivery.body,
    delivery.allowPrivate,
    delivery.timeoutMs,
  );
}

/**
 * One POST to a URL someone else chose (a webhook, a browser's push service), behind the SSRF guard:
 * a 2xx answer is delivered, anything else (a redirect is not followed) or no answer in time a failure.
 */
export async function guardedPost(
  target: string,
  headers: Record<string, string | number>,
  body: string | Buffer,
  allowPrivate: boolean,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookOutcome> {
  const problem = webhookUrlProblem(target, allowPrivate);
  if (problem) return { ok: false, status: null, error: `refused: ${problem}`, final: true };
  const url = new URL(target);
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers,
          // The connection goes to an address this lookup checked (a literal host was checked above).
          lookup: allowPrivate ? undefined : publicOnlyLookup,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          // The answer's body says nothing we use; let it drain.
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    if (status >= 200 && status < 300) return { ok: true, status };
    const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
    return { ok: false, status, error: `HTTP ${status}${redirect}` };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return { ok: false, status: null, error: `no answer within ${timeoutMs / 1000} s` };
    return { ok: false, status: null, error: ((error as Error).message || String(error)).slice(0, 500) };
  }
}
