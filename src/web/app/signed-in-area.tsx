import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { initials, type User } from '@/web/lib/auth-session';
import { usePlaceholderTrigger } from '@/web/lib/deferred-module';
import { headerMenus } from './header';
import { PriceTrackingIcon } from './price-tracking-icon';

/**
 * The header's signed-in account area: Wishlist, Price Tracking with its unread count, the account menu. Only a
 * signed-in shopper's browser renders it, so it is not part of any page's first load (issue 12).
 */
export function SignedInArea({ user }: { user: User }) {
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="icon" asChild>
        <Link to="/wishlist" aria-label="Wishlist">
          <Heart aria-hidden />
        </Link>
      </Button>
      <PriceTrackingIcon />
      <AccountMenuButton user={user} />
    </div>
  );
}

function AccountMenuButton({ user }: { user: User }) {
  const menus = headerMenus.use();
  const [open, setOpen] = useState(false);
  const { handlers, focused } = usePlaceholderTrigger(headerMenus, () => setOpen(true));
  if (menus) return <menus.AccountMenu user={user} open={open} onOpenChange={setOpen} focusOnMount={focused} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className="rounded-full"
      aria-label={`Account menu ${initials(user)}`}
      {...handlers}
    >
      <Avatar>
        <AvatarFallback>{initials(user)}</AvatarFallback>
      </Avatar>
    </button>
  );
}
