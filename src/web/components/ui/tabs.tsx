import { createContext, type KeyboardEvent, useContext, useId, useRef, useState } from 'react';
import type * as React from 'react';

import { cn } from '@/web/lib/utils';

type TabsContextValue = { baseId: string; value: string; select: (value: string) => void };

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(part: string) {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`${part} needs a Tabs`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export type TabsProps = Omit<React.ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  /** Controlled: the chosen tab's value (with onValueChange). */
  value?: string;
  /** Uncontrolled: the tab chosen at first. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

/**
 * Horizontal tabs with Radix Tabs' markup and keyboard, as WAI-ARIA's tabs pattern with automatic activation: one
 * tab stop (the chosen tab); Left/Right arrows move along the tabs, wrapping, Home and End go to the first and last,
 * and the focused tab is shown; each panel is labelled by its tab and only the chosen one is rendered. Written here
 * instead of Radix's (with its roving-focus, collection and presence packages) to keep them out of the product
 * page's first load (issue 12), as the ToggleGroup.
 */
export function Tabs({ className, value: valueProp, defaultValue = '', onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [ownValue, setOwnValue] = useState(defaultValue);
  const value = valueProp ?? ownValue;
  // The last value chosen: a press both focuses and chooses, which must report one change, not two.
  const chosen = useRef(value);
  chosen.current = value;
  const select = (next: string) => {
    if (next === chosen.current) return;
    chosen.current = next;
    if (valueProp === undefined) setOwnValue(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value, select }}>
      <div data-slot="tabs" dir="ltr" data-orientation="horizontal" className={cn('flex flex-col gap-2', className)} {...props} />
    </TabsContext.Provider>
  );
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<'div'>) {
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
    const target = event.target as HTMLElement;
    if (target.getAttribute('role') !== 'tab') return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(target as HTMLButtonElement);
    if (at < 0) return;
    const step = STEP[event.key];
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : step === undefined ? null : (at + step + tabs.length) % tabs.length;
    if (next === null) return;
    event.preventDefault();
    // Focusing a tab chooses it (TabsTrigger's onFocus).
    tabs[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      data-orientation="horizontal"
      className={cn(
        'inline-flex h-9 w-fit max-w-full items-center justify-center overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground',
        className,
      )}
      onKeyDown={moveFocus}
      {...props}
    />
  );
}

export type TabsTriggerProps = Omit<React.ComponentProps<'button'>, 'value'> & { value: string };

export function TabsTrigger({ className, value, disabled = false, onMouseDown, onKeyDown, onFocus, ...props }: TabsTriggerProps) {
  const context = useTabsContext('TabsTrigger');
  const selected = context.value === value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(context.baseId, value)}
      id={triggerId(context.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      // One tab stop: the chosen tab (arrows move between them).
      tabIndex={selected ? 0 : -1}
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-3 py-1 text-sm font-medium text-foreground/70 transition-[color,box-shadow] outline-none hover:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.defaultPrevented) return;
        // As Radix: a primary press chooses on mouse down (and focuses, which Safari does not do for buttons).
        if (!disabled && event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus();
          context.select(value);
        } else {
          event.preventDefault();
        }
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || disabled || event.target !== event.currentTarget) return;
        if (event.key === ' ' || event.key === 'Enter') context.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) context.select(value);
      }}
      {...props}
    />
  );
}

export type TabsContentProps = React.ComponentProps<'div'> & { value: string };

export function TabsContent({ className, value, children, ...props }: TabsContentProps) {
  const context = useTabsContext('TabsContent');
  const selected = context.value === value;
  return (
    <div
      role="tabpanel"
      aria-labelledby={triggerId(context.baseId, value)}
      id={contentId(context.baseId, value)}
      hidden={!selected}
      tabIndex={0}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-slot="tabs-content"
      className={cn('flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50', className)}
      {...props}
    >
      {selected && children}
    </div>
  );
}
