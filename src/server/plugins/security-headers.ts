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

export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const headers = helmetHeaders(options.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
