import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';

import { cn } from '@/web/lib/utils';

export type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  icon?: LucideIcon;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or links, e.g. "Clear Filters". */
  action?: React.ReactNode;
  /** Heading level for the title so it fits the page outline; defaults to h2. */
  headingLevel?: 1 | 2 | 3 | 4;
};

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
  children,
  ...props
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {Icon && (
        <div className="mb-1 flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-7" />
        </div>
      )}
      <Heading className="text-lg font-semibold text-foreground">{title}</Heading>
      {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
      {children}
      {action && <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{action}</div>}
    </div>
  );
}
