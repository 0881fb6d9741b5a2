import { BellRing, ChevronDown, Heart, LogOut, Menu, Scale, ShieldCheck, TrendingDown } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Avatar, AvatarFallback } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { OptionSelect } from '@/web/components/ui/option-select';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/web/components/ui/sheet';
import { Skeleton } from '@/web/components/ui/skeleton';
import { SearchBox } from '@/web/features/search/search-box';
import { initials, useAuth } from '@/web/lib/auth-session';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';
import { apparelGroups, electronicsLinks } from './nav-links';
import { PriceTrackingIcon } from './price-tracking-icon';

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

function CurrencySwitch({ className }: { className?: string }) {
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

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive && 'text-primary',
  );

function DesktopNav() {
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      <DropdownMenu>
        <DropdownMenuTrigger className={navLinkClass({ isActive: false })}>
          Electronics <ChevronDown className="size-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuItem asChild>
            <Link to="/products/electronics">All Electronics</Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {electronicsLinks.map((link) => (
            <DropdownMenuItem key={link.slug} asChild>
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger className={navLinkClass({ isActive: false })}>
          Apparels <ChevronDown className="size-4" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="grid w-[min(92vw,520px)] grid-cols-2 gap-x-2">
          {apparelGroups.map((group) => (
            <DropdownMenuGroup key={group.slug}>
              <DropdownMenuLabel asChild>
                <Link to={group.to} className="block text-primary">
                  {group.label}
                </Link>
              </DropdownMenuLabel>
              {group.links.map((link) => (
                <DropdownMenuItem key={link.slug} asChild>
                  <Link to={link.to}>{link.label}</Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <NavLink to="/deals" className={navLinkClass}>
        Deals
      </NavLink>
      <NavLink to="/price-tracking" className={navLinkClass}>
        Price Tracking
      </NavLink>
    </nav>
  );
}

function AccountArea() {
  const { status, user, logout, openAuthDialog } = useAuth();
  if (status === 'loading') return <Skeleton className="h-9 w-24 rounded-full" aria-label="Loading account" />;
  if (!user) {
    return (
      <Button onClick={() => openAuthDialog('signin')} size="sm">
        Sign In
      </Button>
    );
  }
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="icon" asChild>
        <Link to="/wishlist" aria-label="Wishlist">
          <Heart aria-hidden />
        </Link>
      </Button>
      <PriceTrackingIcon />
      <DropdownMenu>
        <DropdownMenuTrigger className="rounded-full" aria-label={`Account menu ${initials(user)}`}>
          <Avatar>
            <AvatarFallback>{initials(user)}</AvatarFallback>
          </Avatar>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel>
            <p className="font-semibold">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs font-normal text-muted-foreground">{user.email}</p>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/wishlist">
              <Heart aria-hidden /> Wishlist
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/price-tracking">
              <BellRing aria-hidden /> Price Alerts
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/comparison">
              <Scale aria-hidden /> Comparisons
            </Link>
          </DropdownMenuItem>
          {user.role === 'operator' && (
            <DropdownMenuItem asChild>
              <Link to="/admin">
                <ShieldCheck aria-hidden /> Operator console
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={logout}>
            <LogOut aria-hidden /> Log out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { user, status, logout, openAuthDialog } = useAuth();
  const close = () => setOpen(false);
  const linkClass = 'block rounded-md px-3 py-2 text-sm hover:bg-accent';
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-[88vw] max-w-sm overflow-y-auto">
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Browse categories, search and manage your account</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-4 px-4 pb-6">
          <SearchBox onSubmitted={close} />
          <div className="flex items-center justify-between">
            <span className="text-sm text-muted-foreground">Currency</span>
            <CurrencySwitch />
          </div>
          {user ? (
            <div className="rounded-lg border p-3">
              <div className="flex items-center gap-3">
                <Avatar>
                  <AvatarFallback>{initials(user)}</AvatarFallback>
                </Avatar>
                <div className="min-w-0">
                  <p className="font-semibold">
                    {user.firstName} {user.lastName}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                </div>
              </div>
              <nav aria-label="Account" className="mt-2">
                <Link to="/wishlist" className={linkClass} onClick={close}>
                  Wishlist
                </Link>
                <Link to="/price-tracking" className={linkClass} onClick={close}>
                  Price Alerts
                </Link>
                <Link to="/comparison" className={linkClass} onClick={close}>
                  Comparisons
                </Link>
                {user.role === 'operator' && (
                  <Link to="/admin" className={linkClass} onClick={close}>
                    Operator console
                  </Link>
                )}
                <button
                  type="button"
                  className={cn(linkClass, 'w-full text-left')}
                  onClick={() => {
                    logout();
                    close();
                  }}
                >
                  Log out
                </button>
              </nav>
            </div>
          ) : status === 'anonymous' ? (
            <Button
              onClick={() => {
                close();
                openAuthDialog('signin');
              }}
            >
              Sign In
            </Button>
          ) : null}
          <nav aria-label="Categories (mobile)">
            <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Electronics</p>
            <Link to="/products/electronics" className={linkClass} onClick={close}>
              All Electronics
            </Link>
            {electronicsLinks.map((link) => (
              <Link key={link.slug} to={link.to} className={linkClass} onClick={close}>
                {link.label}
              </Link>
            ))}
            <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Apparels</p>
            {apparelGroups.map((group) => (
              <div key={group.slug}>
                <Link to={group.to} className={cn(linkClass, 'font-medium text-primary')} onClick={close}>
                  {group.label}
                </Link>
                {group.links.map((link) => (
                  <Link key={link.slug} to={link.to} className={cn(linkClass, 'pl-6')} onClick={close}>
                    {link.label}
                  </Link>
                ))}
              </div>
            ))}
            <Link to="/deals" className={cn(linkClass, 'mt-3 font-medium')} onClick={close}>
              Deals
            </Link>
            <Link to="/price-tracking" className={cn(linkClass, 'font-medium')} onClick={close}>
              <TrendingDown className="mr-2 inline size-4" aria-hidden />
              Price Tracking
            </Link>
          </nav>
        </div>
      </SheetContent>
    </Sheet>
  );
}

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <MobileMenu />
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
