import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '@/server/http-error';

/** The first string under `value` that holds a NUL character, as a dotted path ('' for the value itself). */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = findNul(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Text PostgreSQL cannot store (a NUL character) is refused as a 400 before validation, so no route can turn it
 * into a database error (issue 17). The rest of the input rule lives in the zod contracts (src/shared/contracts/common.ts).
 */
export const strictInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [context, value] of [['path', request.params], ['query', request.query], ['body', request.body]] as const) {
      const field = findNul(value, '');
      if (field !== null) return done(badRequest(`${field ? `${context}.${field}` : context}: must not contain NUL characters`));
    }
    done();
  });
});

/** Fastify's own router errors (a malformed URL, an over-long path segment) in the `{"detail"}` shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ detail: 'A path segment is too long' });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ detail: 'The URL is malformed' });
  return reply.status(error.statusCode ?? 400).send({ detail: error.message || 'Bad request' });
}
