import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from '@/web/components/ui/slot';
import type * as React from 'react';

import { cn } from '@/web/lib/utils';

/**
 * `button-base` (styles.css) holds what every button shares, and `button-<variant>`, `button-<size>` what each variant
 * and size adds: three classes in the page instead of ~50 utilities on each of a listing's 72 buttons (a sixth of its
 * HTML, and the bytes are what a server render costs). Utilities passed in `className` still win: the variants are
 * in the components layer, below the utilities.
 */
export const buttonVariants = cva('button-base', {
  variants: {
    variant: {
      default: 'button-default',
      destructive: 'button-destructive',
      outline: 'button-outline',
      secondary: 'button-secondary',
      ghost: 'button-ghost',
      link: 'button-link',
    },
    size: { default: 'button-md', sm: 'button-sm', lg: 'button-lg', icon: 'button-icon' },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a router <Link>) with button styling instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'default'}
      className={cn(buttonVariants({ variant, size, className }))}
      {...props}
    />
  );
}
