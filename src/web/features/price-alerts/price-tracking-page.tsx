import { useQuery } from '@tanstack/react-query';
import { BellPlus, BellRing, Lock, Plus, RefreshCw, Search, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { alertTotals } from '@/shared/alert-status';
import type { PriceAlert } from '@/shared/contracts/account';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { quickAlertTarget, toDecimalString } from '@/shared/money';
import { ErrorPanel } from '@/web/components/error-panel';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Input } from '@/web/components/ui/input';
import { OptionSelect } from '@/web/components/ui/option-select';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { api, queryString } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth-session';
import { usePriceAlertsQuery } from '@/web/lib/price-alerts';
import { useDeletePriceAlert, useToggleAlertActive } from './alert-mutations';
import { PriceMoveNote } from '@/web/components/price-move-note';
import { usePriceMoves } from '@/web/lib/price-moves';
import { AlertCard } from './alert-card';
import { filterAlerts, STATUS_FILTERS, type StatusFilter } from './alert-filters';
import { BackInStockAlerts } from './back-in-stock-alerts';
import { AlertSummary } from './alert-summary';
import { type AlertDraft, CreateAlertForm, EMPTY_DRAFT } from './create-alert-form';
import { EditAlertDialog } from './edit-alert-dialog';
import { PriceTrends } from './price-trends';

/**
 * Products loaded with the page: the create form's dropdown starts with them (it searches the server for
 * the rest) and the trends tab shows the first 6. Never the whole catalogue.
 */
export const ALERT_PRODUCTS_PAGE_SIZE = 50;

export type PriceTrackingPageProps = {
  /**
   * NOTIFICATIONS SLOT (issue 6): the router may pass the in-app notifications panel for triggered alerts
   * (`src/web/features/notifications/notifications-panel.tsx`). It is shown above the tabs when signed in.
   */
  notifications?: ReactNode;
};

/** SPEC point 2, Price Tracking: a sign-in prompt when signed out, otherwise alerts and trends. */
export function PriceTrackingPage({ notifications }: PriceTrackingPageProps = {}) {
  const { status } = useAuth();
  // Every state names the page: React hoists this <title> into the head, also after client navigation.
  return (
    <>
      <title>Price Tracking – Bachat</title>
      {status === 'loading' ? <PageSpinner /> : status !== 'authenticated' ? <SignInPrompt /> : <PriceTracking notifications={notifications} />}
    </>
  );
}

function PageSpinner() {
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Spinner size="lg" label="Loading price alerts" />
    </div>
  );
}

function SignInPrompt() {
  const { openAuthDialog } = useAuth();
  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <EmptyState
        icon={Lock}
        headingLevel={1}
        title="Sign in required"
        description="You need to be logged in to access Price Tracking."
        className="border-solid bg-card py-14 shadow-sm"
        action={
          <Button size="lg" onClick={() => openAuthDialog('signin')}>
            Sign In to Continue
          </Button>
        }
      />
    </div>
  );
}

type Tab = 'alerts' | 'trends';

function PriceTracking({ notifications }: { notifications: ReactNode }) {
  const alertsQuery = usePriceAlertsQuery();
  const productsQuery = useQuery({
    queryKey: ['products', 'all', { page: 1, pageSize: ALERT_PRODUCTS_PAGE_SIZE }],
    queryFn: ({ signal }) => api<ProductPage>(`/products/all${queryString({ page: 1, pageSize: ALERT_PRODUCTS_PAGE_SIZE })}`, { signal }),
  });

  const [tab, setTab] = useState<Tab>('alerts');
  const [formOpen, setFormOpen] = useState(false);
  const [draft, setDraft] = useState<AlertDraft>(EMPTY_DRAFT);
  const [search, setSearch] = useState('');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<PriceAlert | null>(null);
  const toggle = useToggleAlertActive();
  const remove = useDeletePriceAlert();
  const moves = usePriceMoves('alerts');

  // A failed background refetch (offline after an action) keeps what is on screen; only a first load that fails shows the panel.
  const failed = (alertsQuery.isError && !alertsQuery.data) || (productsQuery.isError && !productsQuery.data);
  useEffect(() => {
    if (failed) toast.error('Error', { description: 'Failed to load price alerts and products. Please try again.' });
  }, [failed]);

  // Back-in-stock alerts have no target price: they are listed apart and kept out of the price totals.
  const alerts = useMemo(() => (alertsQuery.data ?? []).filter((alert) => alert.kind === 'price'), [alertsQuery.data]);
  const stockAlerts = useMemo(() => (alertsQuery.data ?? []).filter((alert) => alert.kind === 'back-in-stock'), [alertsQuery.data]);
  const shown = useMemo(() => filterAlerts(alerts, search, statusFilter), [alerts, search, statusFilter]);
  const totals = useMemo(() => alertTotals(alerts), [alerts]);
  const products = productsQuery.data?.items ?? [];

  const openForm = (next: AlertDraft = draft) => {
    setDraft(next);
    setFormOpen(true);
  };
  const closeForm = () => {
    setFormOpen(false);
    setDraft(EMPTY_DRAFT);
  };
  const clearFilters = () => {
    setSearch('');
    setStatusFilter('all');
  };
  const refresh = () => {
    closeForm();
    void alertsQuery.refetch();
    void productsQuery.refetch();
    toast('Form Reset', { description: 'Please try creating the price alert again.' });
  };
  const setAlertFromTrend = (product: Product) => {
    setTab('alerts');
    openForm({ product, target: toDecimalString(quickAlertTarget(product.currentPrice)) });
  };

  const retry = () => {
    void alertsQuery.refetch();
    void productsQuery.refetch();
  };
  if (failed) return <LoadError error={alertsQuery.error ?? productsQuery.error} onRetry={retry} />;
  if (alertsQuery.isPending || productsQuery.isPending) return <PageSpinner />;

  const refreshing = alertsQuery.isFetching || productsQuery.isFetching;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-primary">Never overpay again</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Price Tracking</h1>
          <p className="mt-1 text-sm text-muted-foreground">Set a target price and we'll tell you the moment a store drops to it.</p>
        </div>
        <Button variant="outline" onClick={refresh} disabled={refreshing}>
          <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden />
          Refresh
        </Button>
      </header>

      {/* NOTIFICATIONS SLOT (issue 6): in-app notifications for triggered alerts, passed in by the router. */}
      {notifications && (
        <section aria-label="Notifications" className="mt-6">
          {notifications}
        </section>
      )}

      <Tabs value={tab} onValueChange={(value) => setTab(value === 'trends' ? 'trends' : 'alerts')} className="mt-6 gap-6">
        <TabsList className="h-10 w-full sm:w-fit">
          <TabsTrigger value="alerts" className="px-4">
            Price Alerts ({shown.length}/{alerts.length})
          </TabsTrigger>
          <TabsTrigger value="trends" className="px-4">
            Price Trends
          </TabsTrigger>
        </TabsList>

        <TabsContent value="alerts" className="grid gap-6">
          <AlertSummary totals={totals} />

          {formOpen ? (
            <CreateAlertForm products={products} draft={draft} onDraftChange={setDraft} onCancel={closeForm} onCreated={closeForm} />
          ) : null}

          <section aria-labelledby="your-alerts" className="grid gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="your-alerts" className="text-lg font-semibold">
                Your alerts
              </h2>
              {!formOpen && (
                <Button onClick={() => openForm(EMPTY_DRAFT)}>
                  <Plus aria-hidden /> Create New Alert
                </Button>
              )}
            </div>

            {alerts.length > 0 && (
              <div className="flex flex-col gap-3 sm:flex-row">
                <div className="relative flex-1">
                  <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                  <Input
                    type="search"
                    aria-label="Search alerts"
                    placeholder="Search by product or store..."
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                    className="h-10 pl-9"
                  />
                </div>
                <OptionSelect value={statusFilter} options={STATUS_FILTERS} onValueChange={setStatusFilter} label="Filter by status" className="h-10 w-full data-[size=default]:h-10 sm:w-48" />
              </div>
            )}

            {alerts.length === 0 ? (
              <EmptyState
                icon={BellRing}
                headingLevel={3}
                title="No price alerts yet"
                description="Create your first alert and we'll let you know when the price drops to your target."
                action={
                  <Button onClick={() => openForm(EMPTY_DRAFT)}>
                    <BellPlus aria-hidden /> Create Alert
                  </Button>
                }
              />
            ) : shown.length === 0 ? (
              <EmptyState
                icon={SearchX}
                headingLevel={3}
                title="No alerts match your filters"
                description="Try a different search or status filter."
                action={
                  <Button variant="outline" onClick={clearFilters}>
                    Clear Filters
                  </Button>
                }
              />
            ) : (
              <div className="grid gap-4 lg:grid-cols-2">
                {shown.map((alert) => (
                  <AlertCard
                    key={alert.id}
                    alert={alert}
                    busy={
                      (toggle.isPending && toggle.variables?.id === alert.id) || (remove.isPending && remove.variables?.id === alert.id)
                    }
                    onToggleActive={(isActive) => toggle.mutate({ id: alert.id, productName: alert.product.name, isActive })}
                    onEdit={() => setEditing(alert)}
                    onDelete={() => remove.mutate({ id: alert.id, productName: alert.product.name })}
                    priceMoveNote={<PriceMoveNote move={moves.byProduct.get(alert.productId)} since={moves.since} />}
                  />
                ))}
              </div>
            )}
          </section>
          <BackInStockAlerts alerts={stockAlerts} onDelete={(alert) => remove.mutate({ id: alert.id, productName: alert.product.name })} />
        </TabsContent>

        <TabsContent value="trends">
          <PriceTrends products={products} onSetAlert={setAlertFromTrend} />
        </TabsContent>
      </Tabs>

      <EditAlertDialog alert={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <ErrorPanel
        error={error}
        onRetry={onRetry}
        headingLevel={1}
        title="Couldn't load Price Tracking"
        description="Failed to load price alerts and products. Please try again."
      />
    </div>
  );
}
