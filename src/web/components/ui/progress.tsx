import { Progress as ProgressPrimitive } from 'radix-ui';
import type * as React from 'react';

import { cn } from '@/web/lib/utils';

export type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, 'max'> & {
  /** Percent 0-100; out-of-range or NaN is clamped (Radix would otherwise reject it and log). */
  value?: number | null;
  /** Colour the fill per status, e.g. `bg-success` when an alert's target is reached. */
  indicatorClassName?: string;
};

export function clampPercent(value: number | null | undefined): number {
  if (value == null || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export function Progress({ className, value, indicatorClassName, ...props }: ProgressProps) {
  const pct = clampPercent(value);
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={pct}
      max={100}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      {/* Width rather than a transform so the fill is readable from the inline style in tests. */}
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        data-value={pct}
        className={cn('h-full rounded-full bg-primary transition-[width] duration-300', indicatorClassName)}
        style={{ width: `${pct}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
