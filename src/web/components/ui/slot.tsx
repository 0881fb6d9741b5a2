import { Children, cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback, useCallback } from 'react';

type AnyProps = Record<string, unknown>;

/** Sets both refs (a callback ref's cleanup runs as React 19 runs them); the same callback while they stay. */
function useComposedRef<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      const refs = [a, b];
      const cleanups = refs.map((ref) => {
        if (typeof ref === 'function') return ref(node);
        if (ref) ref.current = node;
        return undefined;
      });
      return () => {
        refs.forEach((ref, index) => {
          const cleanup = cleanups[index];
          if (typeof cleanup === 'function') cleanup();
          else if (typeof ref === 'function') ref(null);
          else if (ref) ref.current = null;
        });
      };
    },
    [a, b],
  );
}

/** The ids of both lists, once each, in order (Radix Slot joins aria-describedby this way). */
function joinIds(...values: unknown[]): string | undefined {
  const ids = new Set(values.flatMap((value) => (typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [])));
  return ids.size > 0 ? [...ids].join(' ') : undefined;
}

export type SlotProps = AnyProps & { children?: ReactNode; ref?: Ref<HTMLElement> };

/**
 * `asChild` for Button, Badge and CardTitle: renders the single child element with these props merged in, by Radix
 * Slot's rules (the child's event handler runs first, then the slot's; class names and aria-describedby ids join;
 * styles merge, the child's winning; any other prop of the child wins; refs compose). Written here because Button
 * is on every page: Radix's Slot and its compose-refs leave every page's first load (issue 12).
 */
export function Slot({ children, ref, ...slotProps }: SlotProps) {
  const child = Children.only(children);
  if (!isValidElement<AnyProps>(child)) throw new Error('Slot needs a single React element child');
  const childProps = child.props;
  const childRef = childProps.ref as Ref<HTMLElement> | undefined;
  const composedRef = useComposedRef(ref, childRef);
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const name of Object.keys(childProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function') {
        merged[name] = (...args: unknown[]) => {
          const result: unknown = childValue(...args);
          slotValue(...args);
          return result;
        };
      } else if (slotValue) {
        merged[name] = slotValue;
      }
    } else if (name === 'style') {
      merged.style = { ...(slotValue as object | undefined), ...(childValue as object | undefined) };
    } else if (name === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (name === 'aria-describedby') {
      merged[name] = joinIds(childValue, slotValue);
    }
  }
  if (ref) merged.ref = childRef ? composedRef : ref;
  return cloneElement(child, merged);
}
