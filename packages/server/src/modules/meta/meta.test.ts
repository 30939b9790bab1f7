import { ERRNO_CODES, LANGUAGES } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /c/v0/errors/message', () => {
  it('answers a message for every errno in all 12 languages', async () => {
    const { body } = await t.call('GET', '/c/v0/errors/message');
    expect(Object.keys(body.result.messages).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      for (const errno of ERRNO_CODES) expect(body.result.messages[language][errno], `${language} ${errno}`).toMatch(/\S/);
    }
  });
});

describe('GET /c/v1/map/countries', () => {
  it('names countries in the request language, sorted', async () => {
    const en = (await t.call('GET', '/c/v1/map/countries')).body.result.countries;
    const de = (await t.call('GET', '/c/v1/map/countries', undefined, { lang: 'de' })).body.result.countries;
    expect(en.length).toBeGreaterThan(240);
    expect(en.find((c: { code: string }) => c.code === 'DE').name).toBe('Germany');
    expect(de.find((c: { code: string }) => c.code === 'DE').name).toBe('Deutschland');
    const names = de.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  });
});
