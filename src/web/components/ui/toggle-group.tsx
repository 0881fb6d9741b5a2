import { cva, type VariantProps } from 'class-variance-authority';
import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import { createContext, useContext } from 'react';
import type * as React from 'react';

import { cn } from '@/web/lib/utils';

export const toggleVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium text-muted-foreground transition-[color,box-shadow] outline-none hover:bg-muted hover:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=on]:bg-accent data-[state=on]:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-transparent',
        outline: 'border border-input bg-card shadow-xs',
      },
      size: {
        default: 'h-9 min-w-9 px-2',
        sm: 'h-8 min-w-8 px-1.5',
        lg: 'h-10 min-w-10 px-2.5',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

type ToggleVariantProps = VariantProps<typeof toggleVariants>;

// Items inherit the group's variant/size so callers set them once.
const ToggleGroupContext = createContext<ToggleVariantProps>({});

export type ToggleGroupProps = React.ComponentProps<typeof ToggleGroupPrimitive.Root> & ToggleVariantProps;

/**
 * Segmented control, e.g. the listing's grid/list view. With type="single" Radix lets the
 * active item be clicked off (value ''), so controlled callers should ignore empty values.
 */
export function ToggleGroup({ className, variant, size, children, ...props }: ToggleGroupProps) {
  return (
    <ToggleGroupPrimitive.Root
      data-slot="toggle-group"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'default'}
      className={cn(
        'group/toggle-group flex w-fit items-center rounded-md data-[variant=outline]:shadow-xs',
        className,
      )}
      {...props}
    >
      <ToggleGroupContext.Provider value={{ variant, size }}>{children}</ToggleGroupContext.Provider>
    </ToggleGroupPrimitive.Root>
  );
}

export type ToggleGroupItemProps = React.ComponentProps<typeof ToggleGroupPrimitive.Item> & ToggleVariantProps;

export function ToggleGroupItem({ className, children, variant, size, ...props }: ToggleGroupItemProps) {
  const context = useContext(ToggleGroupContext);
  const v = context.variant ?? variant;
  const s = context.size ?? size;
  return (
    <ToggleGroupPrimitive.Item
      data-slot="toggle-group-item"
      data-variant={v ?? 'default'}
      data-size={s ?? 'default'}
      className={cn(
        toggleVariants({ variant: v, size: s }),
        // Joined segments: only the outer corners are rounded and borders don't double up.
        'min-w-0 flex-1 shrink-0 rounded-none shadow-none first:rounded-l-md last:rounded-r-md focus:z-10 focus-visible:z-10 data-[variant=outline]:border-l-0 data-[variant=outline]:first:border-l',
        className,
      )}
      {...props}
    >
      {children}
    </ToggleGroupPrimitive.Item>
  );
}
