/**
 * A press on a button before the app has hydrated (docs/decisions/0007, session 9). The page is the server's HTML
 * until its scripts have come and run, which on a slow phone is a second or more after it is on screen; links and
 * the search form work meanwhile, but a button does nothing without its handler. The page's inline loader
 * (server/modules/pages/app-loader.ts) keeps the last button pressed in that time; the app takes it when it starts
 * hydrating (from then on React itself replays the presses it sees) and presses it again once hydrated.
 *
 * Buttons that act on click are served (the wishlist heart, Save, Price Alert, the menu); a Radix menu or select
 * opens on pointerdown and is not.
 */
export const EARLY_PRESS_GLOBAL = '__bachatEarlyPress';

type EarlyPress = { take: () => HTMLButtonElement | null };

let held: HTMLButtonElement | null = null;

/** Stops the page's loader keeping presses, and holds the last one it kept (if the page has a loader). */
export function holdEarlyPress() {
  const early = (window as unknown as Record<string, EarlyPress | undefined>)[EARLY_PRESS_GLOBAL];
  held = early ? early.take() : null;
}

/**
 * Presses the held button again, once, if hydration kept it on the page (the same element, now with its handlers)
 * and it still takes presses.
 */
export function replayEarlyPress() {
  const button = held;
  held = null;
  if (!button || !button.isConnected || button.disabled || button.getAttribute('aria-disabled') === 'true') return;
  button.click();
}
