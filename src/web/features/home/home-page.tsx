import { ArrowRight, BellRing, Check, Flame, Scale, Sparkles, TrendingDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@/shared/contracts/product';
import { ErrorPanel } from '@/web/components/error-panel';
import { ProductGrid } from '@/web/components/product/product-grid';
import { useErrorToast } from '@/web/components/product/use-error-toast';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { featuredProducts, useFeatured } from './get-featured';
import { useTrending } from './get-trending';
import { WishlistDrops } from './wishlist-drops';

const FEATURES = [
  {
    icon: Scale,
    title: 'Smart Comparison',
    text: 'See every store’s price for a product side by side, and compare up to 3 products feature by feature.',
  },
  {
    icon: TrendingDown,
    title: 'Price Tracking',
    text: '90 days of price history on every product, so you know whether today’s “sale” is really a deal.',
  },
  {
    icon: BellRing,
    title: 'Wishlist & Alerts',
    text: 'Save what you love and set a target price. We’ll tell you the moment it drops.',
  },
] as const;

/** Decorative price-drop illustration for the hero. */
function HeroArt() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-6 rounded-[2rem] bg-primary/10 blur-2xl" />
      <div className="relative rounded-2xl border bg-card p-5 shadow-xl">
        <div className="flex items-center justify-between">
          <div className="space-y-1.5">
            <div className="h-2.5 w-32 rounded-full bg-foreground/15" />
            <div className="h-2 w-20 rounded-full bg-foreground/10" />
          </div>
          <span className="rounded-full bg-success/15 px-2.5 py-1 text-xs font-semibold text-success">Lowest in 90 days</span>
        </div>
        <svg viewBox="0 0 320 120" className="mt-5 h-32 w-full">
          <defs>
            <linearGradient id="hero-fill" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="var(--color-primary)" stopOpacity="0.28" />
              <stop offset="100%" stopColor="var(--color-primary)" stopOpacity="0" />
            </linearGradient>
          </defs>
          <path d="M0 38 H60 V30 H110 V52 H170 V44 H220 V78 H270 V96 H320 V120 H0 Z" fill="url(#hero-fill)" />
          <path d="M0 38 H60 V30 H110 V52 H170 V44 H220 V78 H270 V96 H320" fill="none" stroke="var(--color-primary)" strokeWidth="3" strokeLinejoin="round" />
          <circle cx="320" cy="96" r="5" fill="var(--color-primary)" />
        </svg>
        <div className="mt-4 grid grid-cols-3 gap-2">
          {['bg-primary/80', 'bg-foreground/20', 'bg-foreground/20'].map((tone, index) => (
            <div key={tone + index} className="rounded-lg border bg-muted/50 p-2.5">
              <div className="h-2 w-10 rounded-full bg-foreground/15" />
              <div className={`mt-2 h-3 w-14 rounded-full ${tone}`} />
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-5 -left-4 flex items-center gap-2 rounded-xl border bg-card px-3 py-2 shadow-lg">
        <span className="grid size-8 place-items-center rounded-full bg-success/15 text-success">
          <TrendingDown className="size-4" />
        </span>
        <div className="space-y-1">
          <div className="h-2 w-16 rounded-full bg-foreground/20" />
          <div className="h-2 w-10 rounded-full bg-success/60" />
        </div>
      </div>
      <div className="absolute -top-4 -right-3 flex items-center gap-2 rounded-xl border bg-card px-3 py-2 shadow-lg">
        <BellRing className="size-4 text-primary" />
        <div className="h-2 w-14 rounded-full bg-foreground/20" />
      </div>
    </div>
  );
}

function Section({ id, title, description, icon, action, children }: { id: string; title: string; description: string; icon: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            {icon}
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

function ProductsOrEmpty({ products, empty, columns }: { products: Product[]; empty: string; columns: string }) {
  if (products.length === 0) return <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">{empty}</p>;
  return <ProductGrid products={products} className={columns} />;
}

/** SPEC point 2, Home. */
export function HomePage() {
  const trending = useTrending();
  const featured = useFeatured();
  const loading = trending.isPending || featured.isPending;
  const failed = (trending.isError && !trending.data) || (featured.isError && !featured.data);
  const failure = trending.error ?? featured.error;
  useErrorToast(failed, Math.max(trending.errorUpdatedAt, featured.errorUpdatedAt), 'Failed to load products. Please try again.');
  const retry = () => {
    if (trending.isError) void trending.refetch();
    if (featured.isError) void featured.refetch();
  };

  return (
    <div className="flex flex-col">
      <title>Bachat – Compare prices across India's top stores</title>
      <section className="relative overflow-hidden border-b bg-gradient-to-br from-accent via-background to-secondary/70">
        <div className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-primary/10 blur-3xl" aria-hidden />
        <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-12 sm:py-16 lg:grid-cols-[1.15fr_1fr] lg:py-20">
          <div className="flex flex-col items-start gap-6">
            <span className="inline-flex items-center gap-1.5 rounded-full border border-primary/20 bg-card/80 px-3 py-1 text-xs font-medium text-primary shadow-xs">
              <Sparkles className="size-3.5" aria-hidden /> Price comparison made for India
            </span>
            <h1 className="text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Compare prices. <span className="text-primary">Save more</span> on every buy.
            </h1>
            <p className="max-w-xl text-base text-muted-foreground sm:text-lg">
              Bachat checks offers from Amazon.in, Flipkart, Croma, Myntra and more, shows you each product’s price history, and tells
              you when prices drop.
            </p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button asChild size="lg" className="h-11 px-6 text-base">
                <Link to="/products/electronics">
                  Browse Electronics <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="h-11 px-6 text-base">
                <Link to="/products/apparels">Shop Apparels</Link>
              </Button>
            </div>
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
              {['Free to use', 'Top Indian stores', '90-day price history'].map((point) => (
                <li key={point} className="flex items-center gap-1.5">
                  <Check className="size-4 text-success" aria-hidden /> {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="hidden sm:block">
            <HeroArt />
          </div>
        </div>
      </section>

      <div className="mx-auto flex w-full max-w-7xl flex-col gap-14 px-4 py-12 sm:gap-16 sm:py-14">
        <section aria-labelledby="why-bachat" className="grid gap-4 md:grid-cols-3">
          <h2 id="why-bachat" className="sr-only">
            Why Bachat
          </h2>
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-xs md:flex-col md:p-6">
              <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            </div>
          ))}
        </section>

        <WishlistDrops />

        {loading ? (
          <div className="flex min-h-64 items-center justify-center">
            <Spinner size="lg" label="Loading products" />
          </div>
        ) : failed ? (
          <ErrorPanel error={failure} onRetry={retry} title="Failed to load products" description="Failed to load products. Please try again." />
        ) : (
          <>
            <Section
              id="trending-now"
              title="Trending Now"
              description="The deals shoppers are watching right now."
              icon={<Flame className="size-6 text-primary" aria-hidden />}
              action={
                <Button asChild variant="outline">
                  <Link to="/products/electronics">
                    View All <ArrowRight aria-hidden />
                  </Link>
                </Button>
              }
            >
              <ProductsOrEmpty products={trending.data?.items ?? []} empty="No trending products right now." columns="md:grid-cols-2 lg:grid-cols-4 xl:grid-cols-4" />
            </Section>

            <Section
              id="featured-products"
              title="Featured Products"
              description="Hand-picked products with prices from several stores."
              icon={<Sparkles className="size-6 text-primary" aria-hidden />}
            >
              <ProductsOrEmpty products={featuredProducts(featured.data?.items ?? [], trending.data?.items ?? [])} empty="No products yet." columns="md:grid-cols-3 xl:grid-cols-3" />
            </Section>
          </>
        )}

        <section aria-labelledby="home-cta" className="relative overflow-hidden rounded-2xl bg-primary px-6 py-10 text-primary-foreground shadow-lg sm:px-12 sm:py-14">
          <div className="pointer-events-none absolute -right-16 -bottom-24 size-72 rounded-full bg-white/10" aria-hidden />
          <div className="pointer-events-none absolute -top-20 right-40 size-48 rounded-full bg-white/10" aria-hidden />
          <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
            <div className="max-w-xl">
              <h2 id="home-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
                Stop overpaying. Start saving.
              </h2>
              <p className="mt-2 text-primary-foreground">
                Put products side by side, then let Bachat watch the prices for you.
              </p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg" variant="secondary" className="h-11 px-6 text-base text-primary">
                <Link to="/comparison">
                  <Scale aria-hidden /> Start Comparing Prices
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="h-11 border-white/40 bg-transparent px-6 text-base text-primary-foreground hover:bg-white/10 hover:text-primary-foreground">
                <Link to="/price-tracking">
                  <TrendingDown aria-hidden /> Track Your Products
                </Link>
              </Button>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
