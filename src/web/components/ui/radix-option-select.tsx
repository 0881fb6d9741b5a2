import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, type SelectTriggerProps } from './select';

export type SelectOption<V extends string> = { readonly value: V; readonly label: string };

type OptionSelectProps<V extends string> = {
  value: V;
  options: readonly SelectOption<V>[];
  onValueChange: (value: V) => void;
  /** Accessible name of the control. */
  label: string;
  id?: string;
  className?: string;
  size?: SelectTriggerProps['size'];
};

/** A select over a fixed list of options; only values from the list ever reach `onValueChange`. */
export function OptionSelect<V extends string>({ value, options, onValueChange, label, id, className, size }: OptionSelectProps<V>) {
  return (
    <Select
      value={value}
      onValueChange={(next) => {
        const option = options.find((candidate) => candidate.value === next);
        if (option) onValueChange(option.value);
      }}
    >
      <SelectTrigger id={id} aria-label={label} size={size} className={className}>
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
