import { Outlet, ScrollRestoration } from 'react-router';
import { AuthDialog } from '@/web/features/auth/auth-dialog';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <AuthDialog />
      <ScrollRestoration />
    </div>
  );
}
