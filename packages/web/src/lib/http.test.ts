import { documentCalls, REQUEST_TIMEOUT_MS } from '@sunstack/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from './http.ts';

/** What the web sends as fetch's signal: the 30 s limit of every call (spec section 7), or nothing for the untimed upload. */
async function signalOf(send: () => Promise<unknown>) {
  let signal: AbortSignal | null | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      signal = init.signal;
      return new Response(JSON.stringify({ errno: 0, result: { id: 1, name: 'a.pdf', size: 1, contentType: 'application/pdf' } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  await send();
  return signal;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request timeouts (spec section 7)', () => {
  it('limits a call to 30 s, but sends the device-document upload without a limit', async () => {
    const timed = await signalOf(() => request(documentCalls.coverUpload, new FormData()));
    expect(timed).toBeInstanceOf(AbortSignal);
    const untimed = await signalOf(() => request(documentCalls.fileUpload, new FormData()));
    expect(untimed).toBeUndefined();
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });
});
