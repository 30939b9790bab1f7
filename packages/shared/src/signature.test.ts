import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { md5 as md5Hex } from './md5.ts';
import { computeSignature } from './signature.ts';

describe('request signature', () => {
  it('is md5 of path, token, lang and timestamp joined by the literal characters \\r\\n', () => {
    expect(computeSignature('/c/v0/user/login', '', 'en', '1700000000000')).toBe('93688dd15bc9cce4bb68404cc6caccb0');
  });

  it('agrees with Node crypto on the RFC 1321 vectors and long inputs', () => {
    for (const text of ['', 'a', 'abc', 'message digest', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'ü€😀'.repeat(100)]) {
      expect(md5Hex(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
    }
  });

  it('agrees with Node crypto for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), fc.string(), fc.string(), (path, token, lang, timestamp) => {
        const expected = createHash('md5').update(`${path}\\r\\n${token}\\r\\n${lang}\\r\\n${timestamp}`, 'utf8').digest('hex');
        expect(computeSignature(path, token, lang, timestamp)).toBe(expected);
      }),
    );
  });
});
