import { BellRing, ChevronDown, Heart, LogOut, Menu, Scale, ShieldCheck, TrendingDown } from 'lucide-react';
import { Link } from 'react-router';
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
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/web/components/ui/sheet';
import { SearchBox } from '@/web/features/search/search-box';
import { initials, type User, useAuth } from '@/web/lib/auth-session';
import { useFocusOnMount } from '@/web/lib/deferred-module';
import { cn } from '@/web/lib/utils';
import { CurrencySwitch, navLinkClass } from './header';
import { apparelGroups, electronicsLinks } from './nav-links';

/**
 * The header's Radix menus and mobile sheet (issue 12): not part of the first load. header.tsx renders look-alike
 * triggers until this module loads (on first pointerenter, focus or press), then these, controlled by its state.
 */
type Controlled = { open: boolean; onOpenChange: (open: boolean) => void; focusOnMount?: boolean };

export function CategoryMenu({ which, open, onOpenChange, focusOnMount }: Controlled & { which: 'electronics' | 'apparels' }) {
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusOnMount && !open);
  if (which === 'electronics') {
    return (
      <DropdownMenu open={open} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger ref={triggerRef} className={navLinkClass({ isActive: false })}>
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
    );
  }
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger ref={triggerRef} className={navLinkClass({ isActive: false })}>
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
  );
}

export function AccountMenu({ user, open, onOpenChange, focusOnMount }: Controlled & { user: User }) {
  const { logout } = useAuth();
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusOnMount && !open);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger ref={triggerRef} className="rounded-full" aria-label={`Account menu ${initials(user)}`}>
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
  );
}

export function MobileMenu({ open, onOpenChange, focusOnMount }: Controlled) {
  const { user, status, logout, openAuthDialog } = useAuth();
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusOnMount && !open);
  const close = () => onOpenChange(false);
  const linkClass = 'block rounded-md px-3 py-2 text-sm hover:bg-accent';
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
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
