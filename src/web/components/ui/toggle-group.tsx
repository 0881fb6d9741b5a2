import { cva, type VariantProps } from 'class-variance-authority';
import { createContext, type KeyboardEvent, useContext, useRef } from 'react';
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

type GroupContext = ToggleVariantProps & { value: string; select: (value: string) => void };

// Items inherit the group's variant/size so callers set them once, and read the chosen value.
const ToggleGroupContext = createContext<GroupContext | null>(null);

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export type ToggleGroupProps = Omit<React.ComponentProps<'div'>, 'defaultValue' | 'dir'> &
  ToggleVariantProps & {
    /** Only single choice is used in Bachat. */
    type: 'single';
    value: string;
    /** As Radix's: the active item pressed again gives '' (controlled callers should ignore empty values). */
    onValueChange: (value: string) => void;
  };

/**
 * Segmented control, e.g. the listing's grid/list view, the product's variants: a radio group of toggle buttons
 * with Radix ToggleGroup's markup and keyboard (one tab stop, the chosen item; arrows, Home and End move along,
 * wrapping; Space or Enter chooses). Written here instead of Radix's (with its roving-focus and collection
 * packages) to keep it out of the listing's and product page's first load (issue 12).
 */
export function ToggleGroup({ className, variant, size, children, type: _type, value, onValueChange, onKeyDown, ...props }: ToggleGroupProps) {
  const root = useRef<HTMLDivElement>(null);
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const items = [...(root.current?.querySelectorAll<HTMLButtonElement>('[data-slot="toggle-group-item"]:not(:disabled)') ?? [])];
    const at = items.findIndex((item) => item === document.activeElement);
    if (at < 0 || items.length === 0) return;
    const step = STEP[event.key];
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : step === undefined ? null : (at + step + items.length) % items.length;
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };
  return (
    <div
      ref={root}
      role="radiogroup"
      dir="ltr"
      data-slot="toggle-group"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'default'}
      className={cn('group/toggle-group flex w-fit items-center rounded-md data-[variant=outline]:shadow-xs', className)}
      onKeyDown={moveFocus}
      {...props}
    >
      <ToggleGroupContext.Provider value={{ variant, size, value, select: onValueChange }}>{children}</ToggleGroupContext.Provider>
    </div>
  );
}

export type ToggleGroupItemProps = Omit<React.ComponentProps<'button'>, 'value'> & ToggleVariantProps & { value: string };

export function ToggleGroupItem({ className, children, variant, size, value, onClick, ...props }: ToggleGroupItemProps) {
  const context = useContext(ToggleGroupContext);
  if (!context) throw new Error('ToggleGroupItem needs a ToggleGroup');
  const v = context.variant ?? variant;
  const s = context.size ?? size;
  const on = context.value === value;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={on}
      data-state={on ? 'on' : 'off'}
      // One tab stop: the chosen item (every item while none is chosen).
      tabIndex={on || context.value === '' ? 0 : -1}
      data-slot="toggle-group-item"
      data-variant={v ?? 'default'}
      data-size={s ?? 'default'}
      className={cn(
        toggleVariants({ variant: v, size: s }),
        // Joined segments: only the outer corners are rounded and borders don't double up.
        'min-w-0 flex-1 shrink-0 rounded-none shadow-none first:rounded-l-md last:rounded-r-md focus:z-10 focus-visible:z-10 data-[variant=outline]:border-l-0 data-[variant=outline]:first:border-l',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) context.select(on ? '' : value);
      }}
      {...props}
    >
      {children}
    </button>
  );
}
