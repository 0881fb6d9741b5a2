import { AlertOctagon, Home, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';

/** SPEC point 2, Fallback screen: what any rendering error shows. */
export function FallbackScreen({ onTryAgain }: { onTryAgain?: () => void }) {
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <AlertOctagon className="size-12 text-destructive" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
        <p className="text-muted-foreground">We encountered an unexpected error. Please try again or return to the home page.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={onTryAgain ?? (() => window.location.reload())}>
            <RefreshCw aria-hidden /> Try Again
          </Button>
          <Button variant="outline" asChild>
            {/* A full navigation: the broken tree must not survive into the home page. */}
            <a href="/">
              <Home aria-hidden /> Go Home
            </a>
          </Button>
        </div>
      </div>
    </div>
  );
}

type BoundaryState = { error: unknown };

/** Catches rendering errors outside the router (the router's own errorElement catches route errors). */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Rendering error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <FallbackScreen onTryAgain={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
