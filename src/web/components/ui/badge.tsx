import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from '@/web/components/ui/slot';
import type * as React from 'react';

import { cn } from '@/web/lib/utils';

/** `badge-base` and `badge-<variant>` (styles.css): what every badge and each variant share, as classes (see button.tsx). */
export const badgeVariants = cva('badge-base', {
  variants: {
    variant: {
      default: 'badge-default',
      secondary: 'badge-secondary',
      destructive: 'badge-destructive',
      outline: 'badge-outline',
      success: 'badge-success',
      warning: 'badge-warning',
    },
  },
  defaultVariants: { variant: 'default' },
});

export type BadgeProps = React.ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & { asChild?: boolean };

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : 'span';
  return (
    <Comp
      data-slot="badge"
      data-variant={variant ?? 'default'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    />
  );
}
