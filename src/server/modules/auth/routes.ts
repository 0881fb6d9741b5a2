import { loginRequestSchema, loginResponseSchema, signupRequestSchema, userSchema } from '@/shared/auth-schemas';
import { errorSchema } from '@/shared/contracts/common';
import { HttpError, unauthorized } from '@/server/http-error';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';
import { createLoginThrottle, throttleMessage } from './login-throttle';
import { createUserRepository } from './repository';

const tags = ['auth'];

export type AuthRouteOptions = { rateLimitMax: number; failuresBeforeLock: number; addressFailuresMax: number };

export async function authRoutes(app: App, options: AuthRouteOptions) {
  const usersRepo = createUserRepository(app.database.db);
  const throttle = createLoginThrottle(app.redis, {
    failuresBeforeLock: options.failuresBeforeLock,
    addressFailuresMax: options.addressFailuresMax,
    onError: (error) => app.log.warn({ err: error }, 'sign-in throttle unavailable (redis)'),
  });
  // Credential endpoints get a tighter limit than the rest of the API: they are what brute force aims at.
  const rateLimit = { max: options.rateLimitMax, timeWindow: '1 minute' };

  app.post(
    '/auth/signup',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Create an account',
        body: signupRequestSchema,
        response: { 201: userSchema, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await usersRepo.create(request.body);
      if ('taken' in result) {
        throw new HttpError(409, result.taken === 'email' ? 'Email is already registered' : 'Username is already taken');
      }
      return reply.status(201).send(result.user);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign in; answers a bearer token',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const verdict = await throttle.check(email, request.ip);
      if (!verdict.allowed) {
        return reply.status(429).header('retry-after', String(verdict.retryAfterSeconds)).send({ detail: throttleMessage(verdict) });
      }
      const userId = await usersRepo.verifyCredentials(email, password);
      if (userId === null) {
        await throttle.failed(email, request.ip);
        throw unauthorized('Incorrect email or password');
      }
      await throttle.succeeded(email);
      return { access_token: await app.issueToken(userId), token_type: 'bearer' as const };
    },
  );

  app.get(
    '/auth/profile',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: userSchema, 401: errorSchema } },
    },
    async (request) => {
      const user = await usersRepo.findById(currentUserId(request));
      if (!user) throw unauthorized('Account no longer exists');
      return user;
    },
  );
}
