import type * as React from 'react';

import { cn } from '@/web/lib/utils';

/** Decorative placeholder; hidden from assistive tech, so announce loading on the container. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-foreground/8', className)}
      {...props}
    />
  );
}
