import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, pages and calls alike. Built once: a light API call should not
 * pay for assembling them again (bench/RESULTS.md). Ant Design writes its CSS-in-JS as <style>
 * elements, hence 'unsafe-inline' for styles only. Images may also come from `imageSources` (the
 * plant map's tile server, when one is configured).
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

/** The CSP source of a tile URL template: its origin, with a `{s}` subdomain as a wildcard. */
export function tileSource(template: string): string {
  return (template.match(/^https?:\/\/[^/]+/)?.[0] ?? '').replace('{s}', '*');
}

export function registerSecurityHeaders(app: FastifyInstance, imageSources: readonly string[] = []) {
  const headers = securityHeaders(imageSources);
  app.addHook('onRequest', async (_, reply) => {
    reply.headers(headers);
  });
}
