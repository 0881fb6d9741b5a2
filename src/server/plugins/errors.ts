import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_DETAIL, isDatabaseUnavailable } from '@/server/db/unavailable';

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/**
 * Every error leaves as `{"detail": "..."}`: validation errors name the field, client errors keep their
 * message, a database that cannot be reached is a 503 (retry), anything else is logged and answered as a plain 500
 * with no internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = CONTEXT_NAMES[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
      const detail = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return field ? `${context}.${field}: ${issue.message}` : `${context}: ${issue.message}`;
        })
        .join('; ');
      return reply.status(400).send({ detail });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: error.message || 'Bad request' });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL down or restarting: a quick, retryable answer (the pool reconnects by itself).
      request.log.warn({ err: error.message }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ detail: DATABASE_UNAVAILABLE_DETAIL });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
});
