import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The page renderer asks the API in-process (app.inject) from the loopback address; those requests carry this
 * per-process secret so the per-address rate limit does not count every shopper's page as one client.
 */
export const INTERNAL_REQUEST_HEADER = 'x-bachat-render';
const secret = randomBytes(24).toString('base64url');

export const internalRequestHeaders = () => ({ [INTERNAL_REQUEST_HEADER]: secret });

export function isInternalRequest(request: FastifyRequest): boolean {
  return request.headers[INTERNAL_REQUEST_HEADER] === secret;
}
