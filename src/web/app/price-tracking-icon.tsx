import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { useNotificationsQuery } from '@/web/features/notifications/use-notifications';

/** The count as the badge shows it: 1…99, then "99+". */
export const badgeCount = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The signed-in header's price-tracking icon with the number of unread alert notifications (polled every
 * minute; the header only renders this when signed in).
 */
export function PriceTrackingIcon() {
  const { data } = useNotificationsQuery();
  const unread = data?.unreadCount ?? 0;
  return (
    <Button variant="ghost" size="icon" className="relative" asChild>
      <Link to="/price-tracking" aria-label={unread > 0 ? `Price Tracking, ${unread} unread` : 'Price Tracking'}>
        <BellRing aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground tabular-nums ring-2 ring-background"
          >
            {badgeCount(unread)}
          </span>
        )}
      </Link>
    </Button>
  );
}
