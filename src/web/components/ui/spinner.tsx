import { Loader2 } from 'lucide-react';
import type * as React from 'react';

import { cn } from '@/web/lib/utils';

const sizes = { sm: 'size-4', default: 'size-6', lg: 'size-10' } as const;

export type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  size?: keyof typeof sizes;
  /** Accessible name; also what screen readers announce via role="status". */
  label?: string;
};

export function Spinner({ className, size = 'default', label = 'Loading', ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      data-slot="spinner"
      className={cn('inline-flex items-center justify-center text-primary', className)}
      {...props}
    >
      <Loader2 aria-hidden="true" className={cn('animate-spin', sizes[size])} />
    </span>
  );
}
