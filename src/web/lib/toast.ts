import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * `toast` as sonner's, without sonner in the first load (issue 12): the first toast loads sonner and mounts the
 * app's Toaster (`ToasterHost` in app/providers.tsx), then shows; sonner replays toasts made before its Toaster
 * subscribed. The toaster is also loaded once the first page is idle (app/preload-routes.ts), so a shopper who
 * loses the connection still sees offline failure toasts.
 */
type Message = Parameters<typeof import('sonner').toast>[0];

let sonner: Promise<typeof import('sonner')> | null = null;
let requested = false;
const listeners = new Set<() => void>();

/** Loads sonner and asks the ToasterHost to mount the Toaster. */
export function loadToaster(): Promise<typeof import('sonner')> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = null;
    throw error;
  });
  return sonner;
}

/** Whether the Toaster should be mounted yet (false on the server and while hydrating). */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}

type Kind = 'default' | 'success' | 'error';

function show(kind: Kind, message: Message, data?: ExternalToast) {
  loadToaster().then(
    ({ toast: sonnerToast }) => {
      if (kind === 'default') sonnerToast(message, data);
      else sonnerToast[kind](message, data);
    },
    (error: unknown) => console.error('Could not load the toaster', error),
  );
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show('default', message, data), {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
});
