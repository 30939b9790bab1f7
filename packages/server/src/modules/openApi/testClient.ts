import { computeOpenApiSignature } from '@sunstack/shared';
import type { TestApp } from '../../test/harness.ts';

/** The headers an Open API client sends: the key, the time in ms and the signature of path, key and time. */
export function openApiHeaders(path: string, key: string, timestamp = Date.now()): Record<string, string> {
  const ts = String(timestamp);
  return { token: key, timestamp: ts, signature: computeOpenApiSignature(path, key, ts), lang: 'en' };
}

/** One Open API call as an unmodified FoxESS client makes it (GET bodies go in the query string). */
export async function openApiCall(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> | undefined,
  key: string,
  headers: Record<string, string> = openApiHeaders(path, key, Date.now() + t.clock.offsetMs),
) {
  const query = method === 'GET' && input ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
  const response = await t.app.http.inject({
    method,
    url: `${path}${query}`,
    headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { payload: JSON.stringify(input ?? {}) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in tests
  return { status: response.statusCode, headers: response.headers, body: response.json() as { errno: number; msg: string; result: any } };
}

/** Creates an API key for an account (the console call) and answers it. */
export async function createKey(t: TestApp, token: string, name = 'test'): Promise<string> {
  const answer = await t.call('POST', '/c/v0/apikey/create', { name }, { token });
  if (answer.body.errno !== 0) throw new Error(`key creation failed: ${JSON.stringify(answer.body)}`);
  return answer.body.result.key as string;
}
