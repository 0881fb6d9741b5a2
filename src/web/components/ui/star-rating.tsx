import type * as React from 'react';

import { cn } from '@/web/lib/utils';

const sizes = { sm: 'stars-sm', default: null, lg: 'stars-lg' } as const;

export type StarRatingProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  rating: number;
  max?: number;
  size?: keyof typeof sizes;
};

/** Stars filled for a rating: floored, never half stars (SPEC §3, §9), clamped to 0..max. */
export function filledStars(rating: number, max = 5): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(max, Math.max(0, Math.floor(rating)));
}

export function StarRating({ rating, max = 5, size = 'default', className, ...props }: StarRatingProps) {
  const filled = filledStars(rating, max);
  const shown = Number.isFinite(rating) ? rating : 0;
  return (
    <div
      role="img"
      aria-label={`Rated ${shown} out of ${max}`}
      data-slot="star-rating"
      data-rating={shown}
      className={cn('stars', sizes[size], className)}
      {...props}
    >
      {Array.from({ length: max }, (_, i) => {
        // Each star is an empty span that the stylesheet draws (`.stars` in styles.css): a listing shows 120.
        return <span key={i} data-filled={i < filled} />;
      })}
    </div>
  );
}
