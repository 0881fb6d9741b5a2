import { ChevronDown, Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { OptionSelect } from '@/web/components/ui/option-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { SearchBox } from '@/web/features/search/search-box';
import { useAuth } from '@/web/lib/auth-session';
import { useCurrency } from '@/web/lib/currency';
import { deferredModule, startLoad, usePlaceholderTrigger } from '@/web/lib/deferred-module';
import { cn } from '@/web/lib/utils';

export function BrandLogo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 rounded-md font-bold tracking-tight', className)} aria-label="Bachat home">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-lg text-primary-foreground" aria-hidden>
        ₹
      </span>
      <span className="text-xl">Bachat</span>
    </Link>
  );
}

const CURRENCY_OPTIONS = [
  { value: 'INR', label: '₹ INR' },
  { value: 'USD', label: '$ USD' },
] as const;

export function CurrencySwitch({ className }: { className?: string }) {
  const { currency, setCurrency } = useCurrency();
  return (
    <OptionSelect
      value={currency}
      options={CURRENCY_OPTIONS}
      onValueChange={setCurrency}
      label="Currency"
      size="sm"
      className={cn('w-[96px]', className)}
    />
  );
}

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive && 'text-primary',
  );

/** The header's Radix menus and sheet load on first reach (see header-menus.tsx); the first load has look-alikes. */
export const headerMenus = deferredModule(() => import('./header-menus'));

/** Hovering, focusing or touching the header starts loading its menus, before a trigger is pressed. */
const warmHeaderMenus = () => startLoad(headerMenus);

function CategoryMenuButton({ which, label }: { which: 'electronics' | 'apparels'; label: string }) {
  const menus = headerMenus.use();
  const [open, setOpen] = useState(false);
  const { handlers, focused } = usePlaceholderTrigger(headerMenus, () => setOpen(true));
  if (menus) return <menus.CategoryMenu which={which} open={open} onOpenChange={setOpen} focusOnMount={focused} />;
  return (
    <button type="button" aria-haspopup="menu" aria-expanded={false} data-state="closed" className={navLinkClass({ isActive: false })} {...handlers}>
      {label} <ChevronDown className="size-4" aria-hidden />
    </button>
  );
}

function DesktopNav() {
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      <CategoryMenuButton which="electronics" label="Electronics" />
      <CategoryMenuButton which="apparels" label="Apparels" />
      <NavLink to="/deals" className={navLinkClass}>
        Deals
      </NavLink>
      <NavLink to="/price-tracking" className={navLinkClass}>
        Price Tracking
      </NavLink>
    </nav>
  );
}

/** The signed-in part of the header (never server-rendered: the server renders signed out) loads with the profile. */
export const loadSignedInArea = () => import('./signed-in-area');
const SignedInArea = lazy(() => loadSignedInArea().then((module) => ({ default: module.SignedInArea })));

function AccountArea() {
  const { status, user, openAuthDialog } = useAuth();
  const loading = <Skeleton className="h-9 w-24 rounded-full" aria-label="Loading account" />;
  if (status === 'loading') return loading;
  if (!user) {
    return (
      <Button onClick={() => openAuthDialog('signin')} size="sm">
        Sign In
      </Button>
    );
  }
  return (
    <Suspense fallback={loading}>
      <SignedInArea user={user} />
    </Suspense>
  );
}

function MobileMenuButton() {
  const menus = headerMenus.use();
  const [open, setOpen] = useState(false);
  const { handlers, focused } = usePlaceholderTrigger(headerMenus, () => setOpen(true));
  if (menus) return <menus.MobileMenu open={open} onOpenChange={setOpen} focusOnMount={focused} />;
  return (
    <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" aria-haspopup="dialog" aria-expanded={false} data-state="closed" {...handlers}>
      <Menu aria-hidden />
    </Button>
  );
}

export function Header() {
  return (
    <header onPointerEnter={warmHeaderMenus} onTouchStart={warmHeaderMenus} onFocus={warmHeaderMenus} className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <MobileMenuButton />
        <BrandLogo />
        <DesktopNav />
        <SearchBox className="ml-auto hidden w-full max-w-sm md:block" />
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <CurrencySwitch className="hidden sm:flex" />
          <AccountArea />
        </div>
      </div>
    </header>
  );
}
