import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { signupRequestSchema, userSchema } from '@/shared/auth-schemas';
import { api, clearToken, getToken, UNAUTHORIZED_EVENT } from './api-client';

export type User = z.infer<typeof userSchema>;
export type SignupInput = z.infer<typeof signupRequestSchema>;

export type AuthTab = 'signin' | 'signup';

type AuthContextValue = {
  user: User | null;
  token: string | null;
  /** 'loading' while a stored token's profile is being fetched: show neither signed-in nor signed-out UI yet. */
  status: 'loading' | 'authenticated' | 'anonymous';
  isAuthenticated: boolean;
  /** Starts the session of a token whose profile is already in the query cache (features/auth/sign-in.ts). */
  signedIn: (token: string) => void;
  logout: () => void;
  dialog: { open: boolean; tab: AuthTab };
  openAuthDialog: (tab?: AuthTab) => void;
  setAuthDialogOpen: (open: boolean) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export const profileQueryKey = (token: string | null) => ['auth', 'profile', token] as const;

/**
 * SPEC point 4, Authentication: the token lives in local storage; with a token the profile is fetched and a
 * failure signs out; a user counts as authenticated only with both token and profile.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The server cannot see local storage, so it renders the account as still loading (neither signed-in nor
  // signed-out UI); hydration starts from the same state, and the stored token is read before the first paint after
  // it. A signed-in shopper's reload therefore never shows "Sign In" or a sign-in prompt, not even in the HTML.
  const [token, setTokenState] = useState<string | null>(null);
  const [tokenRead, setTokenRead] = useState(false);
  // As a transition: every screen's account-dependent parts (hearts, header) re-render then, in slices that
  // yield to the browser, not in one task with hydration (issue 12). Until then the account shows as loading.
  useLayoutEffect(() => {
    startTransition(() => {
      setTokenState(getToken());
      setTokenRead(true);
    });
  }, []);
  const [dialog, setDialog] = useState<{ open: boolean; tab: AuthTab }>({ open: false, tab: 'signin' });

  const profile = useQuery({
    queryKey: profileQueryKey(token),
    queryFn: ({ signal }) => api<User>('/auth/profile', { signal }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const logout = useCallback(() => {
    clearToken();
    setTokenState(null);
    // Nothing of the previous user's may stay on screen.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'products' });
  }, [queryClient]);

  useEffect(() => {
    if (profile.isError) logout();
  }, [profile.isError, logout]);

  useEffect(() => {
    // A 401 anywhere means the session is over: sign out fully, so no cached wishlist, alerts or saved
    // comparisons of the previous user stay on screen (the hearts read the cached wishlist).
    window.addEventListener(UNAUTHORIZED_EVENT, logout);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, logout);
  }, [logout]);

  const user = token ? (profile.data ?? null) : null;
  const status: AuthContextValue['status'] = !tokenRead ? 'loading' : token === null ? 'anonymous' : user ? 'authenticated' : profile.isError ? 'anonymous' : 'loading';

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      status,
      isAuthenticated: status === 'authenticated',
      signedIn: setTokenState,
      logout,
      dialog,
      openAuthDialog: (tab: AuthTab = 'signin') => setDialog({ open: true, tab }),
      setAuthDialogOpen: (open: boolean) => setDialog((current) => ({ ...current, open })),
    }),
    [user, token, status, logout, dialog],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth needs AuthProvider');
  return context;
}

export function initials(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}
