import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { IconSprite } from '@/web/components/ui/icon-sprite';
import { useAuth } from '@/web/lib/auth-session';
import { useRecordVisit } from '@/web/lib/price-moves';
import { Footer } from './footer';
import { Header } from './header';

const AuthDialogChunk = lazy(() => import('@/web/features/auth/auth-dialog').then((module) => ({ default: module.AuthDialog })));

/**
 * The auth dialog (and its form and validation libraries) loads the first time it opens, not with every page;
 * it then stays mounted so it can animate closed.
 */
function LazyAuthDialog() {
  const { dialog } = useAuth();
  const [requested, setRequested] = useState(false);
  if (dialog.open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogChunk />
    </Suspense>
  );
}

export function Layout() {
  // A signed-in shopper's visit is recorded on every page load (the server counts one a day).
  useRecordVisit();
  return (
    <div className="flex min-h-dvh flex-col">
      <IconSprite />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <LazyAuthDialog />
      <ScrollRestoration />
    </div>
  );
}
