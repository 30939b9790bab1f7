import { md5 } from './md5.ts';

/**
 * The request signature of this API family: lowercase hex md5 of path, token, language and
 * timestamp joined by the four literal characters `\r\n` (backslash, r, backslash, n), exactly
 * as the existing clients compute it. `path` is the URL path without the query string.
 */
export const SIGNATURE_SEPARATOR = '\\r\\n';

/** The text that is hashed; the server hashes it with Node's crypto, the browser with ./md5.ts. */
export function signaturePayload(path: string, token: string, lang: string, timestamp: string): string {
  return [path, token, lang, timestamp].join(SIGNATURE_SEPARATOR);
}

export function computeSignature(path: string, token: string, lang: string, timestamp: string): string {
  return md5(signaturePayload(path, token, lang, timestamp));
}

/** Header names every call carries (spec section 7). */
export const HEADER = {
  lang: 'lang',
  token: 'token',
  timezone: 'timezone',
  timestamp: 'timestamp',
  signature: 'signature',
  platform: 'platform',
} as const;

/**
 * The Open API's signature (FoxESS Cloud's): lowercase hex md5 of path, API key and timestamp joined
 * by the same four literal characters `\r\n`; no language. Headers `token`, `timestamp`, `signature`.
 */
export function openApiSignaturePayload(path: string, token: string, timestamp: string): string {
  return [path, token, timestamp].join(SIGNATURE_SEPARATOR);
}

export function computeOpenApiSignature(path: string, token: string, timestamp: string): string {
  return md5(openApiSignaturePayload(path, token, timestamp));
}
