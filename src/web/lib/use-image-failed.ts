import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether a picture failed to load, for a placeholder in its place: also when it failed before the app hydrated a
 * server-rendered page (its `onError` was not attached yet), which is checked once it has. Spread `ref` and
 * `onError` on the <img>.
 */
export function useImageFailed(src: string | null | undefined) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (node && src && node.complete && node.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  return { failed: !src || failedSrc === src, ref, onError: () => setFailedSrc(src ?? null) };
}
