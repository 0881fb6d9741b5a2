import { useState } from 'react';

/**
 * True from a dialog's first opening on: a lazily loaded dialog (its form, validation and Radix code are not part of
 * a page's first view) is mounted then, and stays mounted so it can animate closed and keep its reset logic.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
