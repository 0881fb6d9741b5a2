import { loginRequestSchema, loginResponseSchema, signupRequestSchema, userSchema } from '@/shared/auth-schemas';
import { errorSchema } from '@/shared/contracts/common';
import { HttpError, unauthorized } from '@/server/http-error';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';
import { createUserRepository } from './repository';

const tags = ['auth'];

export async function authRoutes(app: App, options: { rateLimitMax: number }) {
  const usersRepo = createUserRepository(app.database.db);
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
        response: { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const userId = await usersRepo.verifyCredentials(request.body.email, request.body.password);
      if (userId === null) throw unauthorized('Incorrect email or password');
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
