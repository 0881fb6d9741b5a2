import { ChevronDownIcon } from 'lucide-react';
import { useState } from 'react';
import { deferredModule, usePlaceholderTrigger } from '@/web/lib/deferred-module';
import { cn } from '@/web/lib/utils';
import { selectTriggerClass } from './select-trigger-class';

export type SelectOption<V extends string> = { readonly value: V; readonly label: string };

export type OptionSelectProps<V extends string> = {
  value: V;
  options: readonly SelectOption<V>[];
  onValueChange: (value: V) => void;
  /** Accessible name of the control. */
  label: string;
  id?: string;
  className?: string;
  size?: 'sm' | 'default';
};

/** Radix Select (with floating-ui) is not part of any page's first load (issue 12): it loads on first reach. */
export const radixOptionSelect = deferredModule(() => import('./radix-option-select'));

/**
 * A select over a fixed list of options; only values from the list ever reach `onValueChange`.
 * Until the Radix select has loaded it is a look-alike combobox button (server-rendered and hydrated as such);
 * hovering, focusing or pressing it loads the real one, which opens if it was pressed.
 */
export function OptionSelect<V extends string>(props: OptionSelectProps<V>) {
  const Loaded = radixOptionSelect.use();
  const [open, setOpen] = useState(false);
  const { handlers, focused } = usePlaceholderTrigger(radixOptionSelect, () => setOpen(true));
  if (Loaded) return <Loaded.RadixOptionSelect {...props} open={open} onOpenChange={setOpen} focusOnMount={focused} />;
  const { value, options, label, id, className, size = 'default' } = props;
  return (
    <button
      type="button"
      role="combobox"
      id={id}
      aria-label={label}
      aria-expanded={false}
      aria-autocomplete="none"
      dir="ltr"
      data-state="closed"
      data-slot="select-trigger"
      data-size={size}
      className={cn(selectTriggerClass, className)}
      {...handlers}
    >
      <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
        {options.find((option) => option.value === value)?.label}
      </span>
      <ChevronDownIcon className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
}
