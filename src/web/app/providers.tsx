import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@/web/components/ui/sonner';
import { ApiError } from '@/web/lib/api-client';
import { AuthProvider } from '@/web/lib/auth-session';
import { CurrencyProvider } from '@/web/lib/currency';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; network and server errors get one more try.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
      },
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
          <Toaster />
        </AuthProvider>
      </CurrencyProvider>
    </QueryClientProvider>
  );
}
