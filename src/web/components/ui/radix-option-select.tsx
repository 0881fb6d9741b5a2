import { useFocusOnMount } from '@/web/lib/deferred-module';
import type { OptionSelectProps } from './option-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

type RadixOptionSelectProps<V extends string> = OptionSelectProps<V> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Take the focus on mount (it replaced a focused placeholder). */
  focusOnMount?: boolean;
};

/** The Radix select behind OptionSelect, loaded when the shopper first reaches for one. */
export function RadixOptionSelect<V extends string>({
  value,
  options,
  onValueChange,
  label,
  id,
  className,
  size,
  open,
  onOpenChange,
  focusOnMount,
}: RadixOptionSelectProps<V>) {
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusOnMount && !open);
  return (
    <Select
      value={value}
      open={open}
      onOpenChange={onOpenChange}
      onValueChange={(next) => {
        const option = options.find((candidate) => candidate.value === next);
        if (option) onValueChange(option.value);
      }}
    >
      <SelectTrigger ref={triggerRef} id={id} aria-label={label} size={size} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
