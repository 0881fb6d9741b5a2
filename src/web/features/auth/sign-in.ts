import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { loginResponseSchema } from '@/shared/auth-schemas';
import { api, clearToken, setToken } from '@/web/lib/api-client';
import { profileQueryKey, type SignupInput, type User, useAuth } from '@/web/lib/auth-session';

type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Sign-up created the account but the automatic login after it failed; `cause` is the login error. */
export class AutoLoginError extends Error {
  constructor(override readonly cause: unknown) {
    super('Account created, but signing in failed');
    this.name = 'AutoLoginError';
  }
}

/**
 * Logging in and signing up (SPEC point 4), here with the auth dialog rather than in lib/auth-session.tsx: only the
 * dialog needs them, and the session's provider is in every page's first load (issue 12).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const { signedIn } = useAuth();

  const login = useCallback(
    async (email: string, password: string) => {
      const { access_token } = await api<LoginResponse>('/auth/login', { method: 'POST', body: { email, password } });
      setToken(access_token);
      try {
        const user = await queryClient.fetchQuery({
          queryKey: profileQueryKey(access_token),
          queryFn: () => api<User>('/auth/profile'),
          staleTime: Number.POSITIVE_INFINITY,
        });
        if (!user) throw new Error('Login failed');
      } catch (error) {
        // Without a profile the user is not signed in (SPEC 4): don't leave a token behind for the next visit.
        clearToken();
        queryClient.removeQueries({ queryKey: profileQueryKey(access_token) });
        throw error;
      }
      signedIn(access_token);
    },
    [queryClient, signedIn],
  );

  const signup = useCallback(
    async (input: SignupInput) => {
      // Only the request's fields go out: never confirmPassword (SPEC 3).
      const { username, firstName, lastName, email, password } = input;
      await api<User>('/auth/signup', { method: 'POST', body: { username, firstName, lastName, email, password } });
      try {
        await login(email, password);
      } catch (error) {
        throw new AutoLoginError(error);
      }
    },
    [login],
  );

  return { login, signup };
}
