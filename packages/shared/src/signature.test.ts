import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSignature } from './signature.ts';

describe('request signature', () => {
  it('is md5 of path, token, lang and timestamp joined by the literal characters \\r\\n', () => {
    expect(computeSignature('/c/v0/user/login', '', 'en', '1700000000000')).toBe('93688dd15bc9cce4bb68404cc6caccb0');
  });

  it('agrees with Node crypto for any input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (path, token, lang, timestamp) => {
        const expected = createHash('md5').update(`${path}\\r\\n${token}\\r\\n${lang}\\r\\n${timestamp}`, 'utf8').digest('hex');
        expect(computeSignature(path, token, lang, timestamp)).toBe(expected);
      }),
    );
  });
});
