import { ChevronRight, Home } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/web/lib/utils';

export type Crumb = { label: string; to: string };

/** "Home > …" trail; the last crumb is the current page. */
export function Breadcrumbs({ items, className }: { items: Crumb[]; className?: string }) {
  const trail: Crumb[] = [{ label: 'Home', to: '/' }, ...items];
  return (
    <nav aria-label="Breadcrumb" className={cn('min-w-0 text-sm text-muted-foreground', className)}>
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${crumb.to}-${index}`} className="flex min-w-0 items-center gap-1">
              {index > 0 && <ChevronRight className="size-3.5 shrink-0 opacity-60" aria-hidden />}
              <Link
                to={crumb.to}
                aria-current={last ? 'page' : undefined}
                className={cn(
                  'inline-flex min-w-0 items-center gap-1 rounded-sm hover:text-foreground',
                  last && 'max-w-[16rem] truncate font-medium text-foreground sm:max-w-md',
                )}
              >
                {index === 0 && <Home className="size-3.5 shrink-0" aria-hidden />}
                <span className="truncate">{crumb.label}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
