import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Spinner } from '@/web/components/ui/spinner';
import { useAuth } from '@/web/lib/auth-session';
import { cn } from '@/web/lib/utils';
import { StoresScreen } from './stores-screen';

const ImportRunsScreen = lazy(() => import('./import-runs-screen').then((m) => ({ default: m.ImportRunsScreen })));
const ProductsScreen = lazy(() => import('./products-screen').then((m) => ({ default: m.ProductsScreen })));
const ClicksScreen = lazy(() => import('./clicks-screen').then((m) => ({ default: m.ClicksScreen })));
const CategoriesScreen = lazy(() => import('./categories-screen').then((m) => ({ default: m.CategoriesScreen })));
const AuditScreen = lazy(() => import('./audit-screen').then((m) => ({ default: m.AuditScreen })));
const OperatorsScreen = lazy(() => import('./operators-screen').then((m) => ({ default: m.OperatorsScreen })));

const SECTIONS = [
  { to: 'stores', label: 'Stores' },
  { to: 'runs', label: 'Import runs' },
  { to: 'products', label: 'Products' },
  { to: 'clicks', label: 'Clicks' },
  { to: 'categories', label: 'Category mapping' },
  { to: 'audit', label: 'Audit log' },
  { to: 'operators', label: 'Operators' },
] as const;

/**
 * The operator console (/admin): client-rendered, never indexed, only for operators. The API refuses everyone
 * else too (401/403); this screen just says so instead of showing empty tables.
 */
export function AdminPage() {
  const { status, user, openAuthDialog } = useAuth();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <title>Operator console – Bachat</title>
      {status === 'loading' ? (
        <div className="grid place-items-center py-24">
          <Spinner label="Loading account" />
        </div>
      ) : !user ? (
        <EmptyState
          icon={ShieldCheck}
          title="Sign in required"
          description="The operator console is for the people who run Bachat. Sign in with an operator account."
          action={<Button onClick={() => openAuthDialog('signin')}>Sign In to Continue</Button>}
        />
      ) : user.role !== 'operator' ? (
        <EmptyState
          icon={ShieldAlert}
          title="Operators only"
          description="Your account is not an operator. An operator can promote you from the console's Operators screen."
        />
      ) : (
        <Console />
      )}
    </div>
  );
}

function Console() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Operator console</h1>
          <p className="text-sm text-muted-foreground">Stores, feeds, the catalogue and click-outs.</p>
        </div>
      </div>
      <nav aria-label="Console" className="flex flex-wrap gap-1 border-b pb-2">
        {SECTIONS.map((section) => (
          <NavLink
            key={section.to}
            to={`/admin/${section.to}`}
            className={({ isActive }) =>
              cn(
                'rounded-md px-3 py-1.5 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
                isActive && 'bg-accent text-accent-foreground',
              )
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Suspense
        fallback={
          <div className="grid place-items-center py-16">
            <Spinner />
          </div>
        }
      >
        <Routes>
          <Route index element={<Navigate to="stores" replace />} />
          <Route path="stores" element={<StoresScreen />} />
          <Route path="runs" element={<ImportRunsScreen />} />
          <Route path="products" element={<ProductsScreen />} />
          <Route path="products/:productId" element={<ProductsScreen />} />
          <Route path="clicks" element={<ClicksScreen />} />
          <Route path="categories" element={<CategoriesScreen />} />
          <Route path="audit" element={<AuditScreen />} />
          <Route path="operators" element={<OperatorsScreen />} />
          <Route path="*" element={<Navigate to="/admin/stores" replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}
