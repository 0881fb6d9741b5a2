import type * as React from 'react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

export type DeferredModule<M> = {
  /** Starts loading (once; again after a failure). */
  load: () => Promise<M>;
  /** The module once loaded, else null; null on the server and while hydrating, so both render the placeholder. */
  use: () => M | null;
};

/** Every deferred module made so far: preloaded with the screens once the first page has settled (offline use). */
export const deferredModules = new Set<DeferredModule<unknown>>();

/**
 * A module a component needs only once the shopper reaches for it (issue 12's first-load budget): the header's
 * menus, the currency select. The component renders a lightweight placeholder that looks the same, calls `load()`
 * on pointerenter/focus/press, and renders the real thing from `use()` once it is in.
 */
export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const load = () => {
    pending ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const module: DeferredModule<M> = {
    load,
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => loaded,
        () => null,
      ),
  };
  deferredModules.add(module);
  return module;
}

/** Starts a load from an event handler; a failure (offline before it loaded) is logged, the placeholder stays. */
export function startLoad(module: DeferredModule<unknown>) {
  module.load().catch((error: unknown) => console.error('Could not load a control', error));
}

/**
 * Event handlers for a placeholder trigger: hovering or focusing it starts the load; pressing it (pointer, Enter or
 * Space through click, arrow keys) also asks for the popup open, which the real control then shows once loaded.
 * `focused` tells the real control to take the focus when it replaces a focused placeholder.
 */
export function usePlaceholderTrigger(module: DeferredModule<unknown>, requestOpen: () => void) {
  const [focused, setFocused] = useState(false);
  const press = () => {
    requestOpen();
    startLoad(module);
  };
  return {
    focused,
    handlers: {
      onPointerEnter: () => startLoad(module),
      onFocus: () => {
        setFocused(true);
        startLoad(module);
      },
      onBlur: () => setFocused(false),
      onPointerDown: (event: React.PointerEvent) => {
        if (event.button === 0 && !event.ctrlKey) press();
      },
      onClick: press,
      onKeyDown: (event: React.KeyboardEvent) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          press();
        }
      },
    },
  };
}

/** Focuses the real control's trigger when it replaced a focused placeholder (closed: an open popup takes focus). */
export function useFocusOnMount<T extends HTMLElement>(focus: boolean | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, []);
  return ref;
}
