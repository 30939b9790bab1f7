import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText, storableInput, UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from './storableText.ts';

describe('text PostgreSQL can store', () => {
  it('is any text without U+0000 or a lone surrogate', () => {
    for (const text of ['', 'plain', 'Grüße 日本 ☀', '\u{1F31E}', '\ud83c\udf1e and more', '\u0001\uffff'])
      expect(isStorableText(text), text).toBe(true);
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'a\ud800b',
      '\udc00',
      'x\udfff',
      '\udc00\ud800',
      '\ud83c',
      `${'\u{1F31E}'}\udf1e`,
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('agrees with UTF-8: text survives encoding exactly when it is storable and holds no NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const survives = Buffer.from(text, 'utf8').toString('utf8') === text;
        expect(isStorableText(text)).toBe(survives && !text.includes('\u0000'));
      }),
    );
  });

  it('is looked for in every string and key of a value, nested as deep as it goes', () => {
    const value = { a: 'ok', b: ['ok', 'x\u0000'], c: { 'k\ud800': 1, d: { e: '\udc00' } } };
    expect(unstorableTextPaths(value)).toEqual([['b', 1], ['c'], ['c', 'd', 'e']]);
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(unstorableTextPaths(deep)[0]).toHaveLength(100_000);
    expect(unstorableTextPaths(Array.from({ length: 50 }, () => '\u0000'))).toHaveLength(10);
  });

  it('is the issue of the shared input schema, with its translation key', () => {
    const result = storableInput.safeParse({ name: 'a\u0000' });
    expect(result.error?.issues).toMatchObject([{ path: ['name'], message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(storableInput.safeParse({ name: 'ok' }).success).toBe(true);
  });
});
