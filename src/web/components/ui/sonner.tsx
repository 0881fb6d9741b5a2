import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * App-wide toaster. SPEC §4: one toast at a time (a new one replaces the older) and 5000 ms
 * by default. Bottom-right keeps toasts clear of the sticky header and its menus.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      richColors
      closeButton
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
