import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { expect, vi } from 'vitest';

/**
 * Puts server-rendered `html` in the document and hydrates it with `element`, asserting React reported no
 * mismatch (no recoverable error, nothing logged). Returns the container and `unmount`, which unmounts and removes it.
 */
export async function hydrateServerHtml(html: string, element: ReactNode): Promise<{ container: HTMLElement; unmount: () => void }> {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const onRecoverableError = vi.fn();
  let root: Root | undefined;
  try {
    await act(async () => {
      root = hydrateRoot(container, element, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  } finally {
    errors.mockRestore();
  }
  const hydrated = root as Root;
  return {
    container,
    unmount: () => {
      act(() => hydrated.unmount());
      container.remove();
    },
  };
}
