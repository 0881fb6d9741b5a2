import { ArrowRight, Heart, type LucideIcon, Scale, Store } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/web/lib/utils';

/**
 * Icons a product card repeats (a listing shows 24 cards: 96 of them), drawn once per page as SVG symbols and
 * referenced with `<use>`: each icon in the HTML is ~130 bytes instead of lucide's ~450, and the server builds it
 * without lucide's per-icon work (docs/decisions/0007, session 7). The shapes are lucide's own components.
 */
const sprites = {
  heart: () => <Heart />,
  'heart-filled': () => <Heart fill="currentColor" />,
  store: () => <Store />,
  'arrow-right': () => <ArrowRight />,
  scale: () => <Scale />,
} satisfies Record<string, () => React.ReactElement<React.ComponentProps<LucideIcon>>>;

export type SpriteName = keyof typeof sprites;

const symbolId = (name: SpriteName) => `icon-${name}`;

/** The symbols: rendered once by the app's layout, before anything that uses them. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute size-0 overflow-hidden">
      {(Object.keys(sprites) as SpriteName[]).map((name) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          {sprites[name]()}
        </symbol>
      ))}
    </svg>
  );
}

/** One of the sprite's icons, sized and coloured like a lucide icon (24 px unless a size class says otherwise). */
export function SpriteIcon({ name, className }: { name: SpriteName; className?: string }) {
  return (
    // No viewBox of its own: the symbol's scales the icon to the box.
    <svg aria-hidden="true" width="24" height="24" data-icon={name} className={cn('lucide', className)}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
