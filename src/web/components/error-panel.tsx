import { AlertTriangle, RefreshCw, ServerCrash, WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/web/components/ui/button';
import { ApiError, isNetworkError } from '@/web/lib/api-client';

type ErrorPanelProps = {
  error: unknown;
  onRetry: () => void;
  /** Shown when the error is none of the known kinds (SPEC point 8). */
  title?: string;
  description?: string;
  /** The panel's heading level: 2 inside a page that has its h1, 1 when the panel is the page, 3 inside a section. */
  headingLevel?: 1 | 2 | 3;
};

/** SPEC point 8's generic error panel: what went wrong in words a shopper understands, and Try Again. */
export function describeError(error: unknown, fallback: { title: string; description: string }) {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline || isNetworkError(error)) {
    return { kind: 'network' as const, title: 'No Internet Connection', description: 'Please check your internet connection and try again.' };
  }
  if (error instanceof ApiError && error.status >= 500) {
    return { kind: 'server' as const, title: 'Server Error', description: 'Our servers are experiencing issues. Please try again later.' };
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { kind: 'request' as const, title: 'Request Error', description: 'There was an issue with your request. Please try again.' };
  }
  return { kind: 'other' as const, ...fallback };
}

export function ErrorPanel({ error, onRetry, title = 'Something went wrong', description = 'Please try again.', headingLevel = 2 }: ErrorPanelProps) {
  const text = describeError(error, { title, description });
  const Heading = `h${headingLevel}` as const;
  // Offline, the connection coming back is the shopper's Try Again (issue 17): the panel retries by itself.
  const retryRef = useRef(onRetry);
  retryRef.current = onRetry;
  const network = text.kind === 'network';
  useEffect(() => {
    if (!network) return;
    const onOnline = () => retryRef.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [network]);
  const Icon = text.kind === 'network' ? WifiOff : text.kind === 'server' ? ServerCrash : AlertTriangle;
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border bg-card px-6 py-10 text-center shadow-sm">
      <Icon className="size-10 text-destructive" aria-hidden />
      <Heading className="text-lg font-semibold">{text.title}</Heading>
      <p className="text-sm text-muted-foreground">{text.description}</p>
      <Button onClick={onRetry} className="mt-2">
        <RefreshCw aria-hidden /> Try Again
      </Button>
    </div>
  );
}
