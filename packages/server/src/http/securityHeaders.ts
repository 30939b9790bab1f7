import type { FastifyInstance } from 'fastify';

/**
 * Security headers of pages (the web app, its files, the API docs). Ant Design writes its CSS-in-JS
 * as <style> elements, hence 'unsafe-inline' for styles only. Images may also come from
 * `imageSources` (the plant map's tile server, when one is configured).
 */
function contentSecurityPolicy(imageSources: readonly string[]) {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
  ].join(';');
}

export function securityHeaders(imageSources: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(imageSources),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Security headers of API calls: OWASP's set for REST answers (REST Security Cheat Sheet). A JSON
 * answer is never rendered, so the page headers (script and style sources, referrer, cross-origin
 * policies) protect nothing there, while every client parsed them on every call; what an answer
 * needs is never to be stored by a cache, sniffed as HTML or framed.
 */
const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The CSP source of a tile URL template: its origin, with a `{s}` subdomain as a wildcard. */
export function tileSource(template: string): string {
  return (template.match(/^https?:\/\/[^/]+/)?.[0] ?? '').replace('{s}', '*');
}

/** Headers built once: a light API call should not pay for assembling them again (bench/RESULTS.md). */
export function registerSecurityHeaders(app: FastifyInstance, imageSources: readonly string[] = []) {
  const pageHeaders = securityHeaders(imageSources);
  // Callback style: an async hook would cost every call a promise for synchronous work.
  app.addHook('onRequest', (request, reply, done) => {
    // API routes carry an access rule (requestContext.ts); everything else is a page or a file of one.
    reply.headers(request.routeOptions.config.access === undefined ? pageHeaders : API_SECURITY_HEADERS);
    done();
  });
}
