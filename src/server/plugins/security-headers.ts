import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at start-up and set on every response. @fastify/helmet builds helmet's
 * middleware (parsing the whole Content-Security-Policy) on every request: a tenth of the CPU of a cached catalogue
 * answer (docs/decisions/0005-catalogue-cache.md). Our policy has no per-request part (no nonces), so the headers
 * helmet would set are the same for every response.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a JSON answer of the API needs (OWASP REST Security Cheat Sheet): it is never a document, so no script,
 * style or image policy applies to it; it must not be framed or sniffed. Half the headers of a page, on the
 * responses the catalogue cache answers by the thousand per second.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...Object.fromEntries(kept.flatMap((name) => (pageHeaders[name] === undefined ? [] : [[name, pageHeaders[name]]]))),
  };
}

/** The API's HTML: its documentation (Swagger UI) is a page. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const pageHeaders = helmetHeaders(options.helmet);
    const apiHeaders = apiSecurityHeaders(pageHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
