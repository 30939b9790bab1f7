import { Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PATH = '/c/v1/map/countries';
const UNSIGNED = '/c/v0/errors/message';

describe('signed request headers (spec section 7)', () => {
  it('accepts a correctly signed call with an empty token', async () => {
    const answer = await t.call('GET', PATH);
    expect(answer.body.errno).toBe(0);
  });

  it.each(['lang', 'timestamp', 'signature', 'timezone'])('rejects a call without the %s header', async (name) => {
    const headers: Record<string, string> = signedHeaders(PATH, '', 'en');
    delete headers[name];
    const answer = await t.call('GET', PATH, undefined, { headers });
    expect(answer.body.errno).toBe(Errno.headersMissing);
  });

  it('rejects a wrong signature', async () => {
    const headers = { ...signedHeaders(PATH, '', 'en'), signature: 'a'.repeat(32) };
    expect((await t.call('GET', PATH, undefined, { headers })).body.errno).toBe(Errno.signatureInvalid);
  });

  it('rejects a signature made for another path, language or token', async () => {
    const other = signedHeaders('/c/v0/user/login', '', 'en');
    expect((await t.call('GET', PATH, undefined, { headers: other })).body.errno).toBe(Errno.signatureInvalid);
    const headers = { ...signedHeaders(PATH, '', 'de'), lang: 'en' };
    expect((await t.call('GET', PATH, undefined, { headers })).body.errno).toBe(Errno.signatureInvalid);
  });

  it('signs the path without its query string', async () => {
    const answer = await t.call('GET', `${PATH}?x=1`, undefined, { headers: signedHeaders(PATH, '', 'en') });
    expect(answer.body.errno).toBe(0);
  });

  it('rejects a timestamp more than 5 minutes off, either way, and a non-number', async () => {
    expect((await t.call('GET', PATH, undefined, { timestamp: Date.now() - 5 * 60_000 - 5_000 })).body.errno).toBe(
      Errno.timestampOutOfRange,
    );
    expect((await t.call('GET', PATH, undefined, { timestamp: Date.now() + 5 * 60_000 + 5_000 })).body.errno).toBe(
      Errno.timestampOutOfRange,
    );
    expect((await t.call('GET', PATH, undefined, { timestamp: Date.now() - 4 * 60_000 })).body.errno).toBe(0);
    const headers = signedHeaders(PATH, '', 'en');
    const bad = { ...headers, timestamp: 'soon', signature: signedHeaders(PATH, '', 'en').signature };
    expect((await t.call('GET', PATH, undefined, { headers: bad })).body.errno).not.toBe(0);
  });

  it('labels error answers as JSON', async () => {
    const response = await t.app.http.inject({ method: 'GET', url: PATH, headers: { lang: 'en' } });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().errno).toBe(Errno.headersMissing);
  });

  it('answers the errno messages without any header, as Open API clients ask for them (an empty token, no signature)', async () => {
    const bare = await t.app.http.inject({ method: 'GET', url: UNSIGNED });
    expect(bare.json().errno).toBe(0);
    const emptyToken = await t.app.http.inject({ method: 'GET', url: UNSIGNED, headers: { token: '', lang: 'en' } });
    expect(emptyToken.json().result.messages.en[String(Errno.wrongDevice)]).toBeTruthy();
  });

  it('answers an unknown API path with HTTP 404', async () => {
    const answer = await t.call('GET', '/c/v0/no/such/call');
    expect(answer.status).toBe(404);
    expect(answer.body.errno).toBe(Errno.notFound);
  });

  it("sets OWASP's REST security headers on calls, answers of errors included", async () => {
    for (const headers of [signedHeaders(PATH, '', 'en'), { lang: 'en' }]) {
      const response = await t.app.http.inject({ method: 'GET', url: PATH, headers });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toBe("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('sets the page security headers on pages', async () => {
    const response = await t.app.http.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('survives malformed bodies with a clear errno', async () => {
    const headers = { ...signedHeaders('/c/v0/user/login', '', 'en'), 'content-type': 'application/json' };
    for (const payload of ['{', 'null', '[]', '"x"', '{"user":1}', 'x'.repeat(2_000_000)]) {
      const response = await t.app.http.inject({ method: 'POST', url: '/c/v0/user/login', headers, payload });
      expect(response.json().errno, payload.slice(0, 20)).toBe(Errno.bodyInvalid);
    }
  });
});
