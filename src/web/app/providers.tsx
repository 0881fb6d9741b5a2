import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ApiError } from '@/web/lib/api-client';
import { AuthProvider } from '@/web/lib/auth-session';
import { CurrencyProvider } from '@/web/lib/currency';
import { useToasterRequested } from '@/web/lib/toast';

const Toaster = lazy(() => import('@/web/components/ui/sonner').then((module) => ({ default: module.Toaster })));

/** The Toaster (and sonner) mounts with the first toast or once the first page is idle, not with the first load. */
function ToasterHost() {
  const requested = useToasterRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * Offline (issue 17): TanStack Query's default networkMode 'online' *pauses* a query or mutation while the browser
 * is offline, which a shopper sees as skeletons forever and a heart that does nothing. Bachat runs every request
 * ('always'): offline it fails at once as a NETWORK_ERROR, so screens show SPEC 8's "No Internet Connection" panel
 * with Try Again and actions show their failure toasts. Reconnecting refetches every errored query on screen
 * (refetchOnReconnect), so the data comes back without a tap.
 */
export const queryNetworkMode = 'always' as const;

/** A 4xx will not change on retry; nor will a request made while offline. Other network and server errors get one more try. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  return failureCount < 1;
}

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: queryNetworkMode,
        retry: shouldRetry,
        retryDelay: 500,
      },
      mutations: { networkMode: queryNetworkMode },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CurrencyProvider>
        <AuthProvider>
          {children}
          <ToasterHost />
        </AuthProvider>
      </CurrencyProvider>
    </QueryClientProvider>
  );
}
