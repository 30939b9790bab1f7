import { Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const TOKEN = 'metrics-test-token-0123456789abcdef';

let t: TestApp;
/** The same database without METRICS_TOKEN. */
let unconfigured: App;

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN });
  unconfigured = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: t.database });
});
afterAll(async () => {
  await unconfigured?.http.close();
  await t?.close();
});

const scrape = (app: App, headers: Record<string, string> = {}, url = '/metrics') =>
  app.http.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.7' });

describe('/metrics (Prometheus)', () => {
  it('answers the bearer token of METRICS_TOKEN', async () => {
    const answer = await scrape(t.app, { authorization: `Bearer ${TOKEN}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.body).toContain('sunstack_ingest_messages_total');
  });

  it('refuses anyone else with 401 and says nothing', async () => {
    const callers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-of-some-length-000000' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of callers) {
      const answer = await scrape(t.app, headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.json()).toEqual({ errno: Errno.tokenInvalid, result: {} });
    }
    // Not in the address either (it would end up in logs).
    expect((await scrape(t.app, {}, `/metrics?token=${TOKEN}`)).statusCode).toBe(401);
  });

  it('is not served without METRICS_TOKEN: the answer of any unknown path', async () => {
    const callers: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }];
    for (const headers of callers) {
      const answer = await scrape(unconfigured, headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ errno: Errno.notFound, result: {} });
    }
  });

  it('takes a token of 16 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
  });
});
