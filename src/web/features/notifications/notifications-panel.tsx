import { BellRing, CheckCheck, PackageCheck, RefreshCw, TrendingDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@/shared/contracts/notifications';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/lib/auth-session';
import { cn } from '@/web/lib/utils';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationsQuery } from './use-notifications';

/** Notifications shown before "Show all". */
const FIRST_SHOWN = 5;

const rtf = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });
const fullDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "5 minutes ago", "yesterday", "just now". */
export function timeAgo(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (!Number.isFinite(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return 'just now';
}

function NotificationRow({ notification, onRead, busy }: { notification: Notification; onRead: (id: number) => void; busy: boolean }) {
  const unread = notification.readAt === null;
  const Icon = notification.title.startsWith('Back in stock') ? PackageCheck : TrendingDown;
  return (
    <li
      className={cn('flex gap-3 rounded-xl border p-3 sm:p-4', unread ? 'border-primary/30 bg-primary/5' : 'bg-card')}
      data-testid="notification"
      data-unread={unread}
    >
      <div
        className={cn(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-4" aria-hidden />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className={cn('text-sm', unread ? 'font-semibold' : 'font-medium')}>{notification.title}</h3>
          {unread && <Badge variant="default">New</Badge>}
        </div>
        <p className="mt-0.5 text-sm text-muted-foreground">{notification.body}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={notification.createdAt} title={fullDate.format(new Date(notification.createdAt))}>
            {timeAgo(notification.createdAt)}
          </time>
          {notification.productId !== null && (
            <Link to={`/product/${notification.productId}`} className="font-medium text-primary hover:underline">
              View product
            </Link>
          )}
        </div>
      </div>
      {unread && (
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0 self-start"
          onClick={() => onRead(notification.id)}
          disabled={busy}
          aria-label={`Mark "${notification.title}" as read`}
        >
          Mark as read
        </Button>
      )}
    </li>
  );
}

/**
 * In-app notifications of triggered price alerts (issue 6), for the Price Tracking page: newest first,
 * unread ones highlighted, with mark-read and mark-all-read. Renders nothing while signed out.
 */
export function NotificationsPanel() {
  const { isAuthenticated } = useAuth();
  const query = useNotificationsQuery();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [showAll, setShowAll] = useState(false);
  if (!isAuthenticated) return null;

  const items = query.data?.items ?? [];
  const unread = query.data?.unreadCount ?? 0;
  const shown = showAll ? items : items.slice(0, FIRST_SHOWN);

  return (
    <div className="rounded-2xl border bg-card shadow-xs" data-testid="notifications-panel">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b px-4 py-3 sm:px-6">
        <div className="flex items-center gap-2">
          <BellRing className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg font-semibold tracking-tight">Notifications</h2>
          {unread > 0 && (
            <Badge variant="destructive" aria-label={`${unread} unread`}>
              {unread} unread
            </Badge>
          )}
        </div>
        <Button variant="outline" size="sm" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
          <CheckCheck aria-hidden />
          Mark all as read
        </Button>
      </div>
      <div className="p-4 sm:p-6">
        {query.isPending ? (
          <div className="grid gap-3" aria-label="Loading notifications">
            <Skeleton className="h-20 w-full rounded-xl" />
            <Skeleton className="h-20 w-full rounded-xl" />
          </div>
        ) : query.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-muted-foreground">We couldn't load your notifications.</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden />
              Try Again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="text-center">
            <p className="font-medium">No notifications yet</p>
            <p className="mt-1 text-sm text-muted-foreground">
              When a price drops to your target, or a product you wait for is back in stock, you'll see it here.
            </p>
          </div>
        ) : (
          <>
            <ul className="grid gap-3" aria-label="Notifications list">
              {shown.map((notification) => (
                <NotificationRow
                  key={notification.id}
                  notification={notification}
                  onRead={(id) => markRead.mutate(id)}
                  busy={markRead.isPending && markRead.variables === notification.id}
                />
              ))}
            </ul>
            {items.length > FIRST_SHOWN && (
              <Button variant="link" className="mt-2 px-0" onClick={() => setShowAll((value) => !value)}>
                {showAll ? 'Show fewer' : `Show all (${items.length})`}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
