import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { EmptyState } from '@/web/components/ui/empty-state';
import { IconSprite, SpriteIcon } from '@/web/components/ui/icon-sprite';
import { Progress } from '@/web/components/ui/progress';
import { Spinner } from '@/web/components/ui/spinner';
import { StarRating, filledStars } from '@/web/components/ui/star-rating';
import { cn } from '@/web/lib/utils';

// Vitest globals are off, so Testing Library can't register its own auto-cleanup.
afterEach(cleanup);

describe('cn', () => {
  it('lets the later Tailwind class win a conflict', () => {
    expect(cn('px-2 py-1 bg-primary', 'px-4', false && 'hidden', { 'bg-destructive': true })).toBe(
      'py-1 px-4 bg-destructive',
    );
  });

  it('keeps custom theme colours apart from sizes', () => {
    expect(cn('text-primary-foreground', 'text-sm')).toBe('text-primary-foreground text-sm');
  });
});

describe('SpriteIcon', () => {
  it('refers to a symbol of the sprite, which draws lucide\'s icon', () => {
    const { container } = render(
      <>
        <IconSprite />
        <SpriteIcon name="heart-filled" className="size-5" />
      </>,
    );
    const use = container.querySelector('svg.size-5 use');
    const symbol = container.querySelector(use?.getAttribute('href') ?? '#none');
    expect(symbol?.tagName.toLowerCase()).toBe('symbol');
    // lucide's heart, filled: the symbol holds lucide's own SVG with the fill asked for.
    expect(symbol?.querySelector('svg.lucide-heart')?.getAttribute('fill')).toBe('currentColor');
  });
});

describe('StarRating', () => {
  it('floors the rating: 4.9 fills 4 of 5 stars', () => {
    const { container } = render(<StarRating rating={4.9} />);
    expect(container.querySelectorAll('[data-filled="true"]')).toHaveLength(4);
    expect(container.querySelectorAll('[data-slot="star-rating"] > span')).toHaveLength(5);
  });

  it('is labelled with the exact rating', () => {
    render(<StarRating rating={4.3} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
  });

  it('clamps out-of-range and invalid ratings', () => {
    expect(filledStars(7)).toBe(5);
    expect(filledStars(-1)).toBe(0);
    expect(filledStars(Number.NaN)).toBe(0);
    expect(filledStars(3, 3)).toBe(3);
  });
});

describe('Progress', () => {
  const indicator = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('[data-slot="progress-indicator"]');

  it('exposes the fill width inline and as data-value', () => {
    const { container } = render(<Progress value={40} aria-label="Savings progress" />);
    const fill = indicator(container);
    expect(fill?.style.width).toBe('40%');
    expect(fill?.getAttribute('data-value')).toBe('40');
    expect(screen.getByRole('progressbar', { name: 'Savings progress' }).getAttribute('aria-valuenow')).toBe('40');
  });

  it('clamps to 0..100', () => {
    const { container, rerender } = render(<Progress value={180} />);
    expect(indicator(container)?.style.width).toBe('100%');
    rerender(<Progress value={-20} />);
    expect(indicator(container)?.style.width).toBe('0%');
    rerender(<Progress value={Number.NaN} />);
    expect(indicator(container)?.style.width).toBe('0%');
  });
});

describe('Button', () => {
  it('renders a <button> by default', () => {
    render(<Button>Sign In</Button>);
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.className.split(' ')).toEqual(expect.arrayContaining(['button-base', 'button-default', 'button-md']));
  });

  it('asChild renders the child element with button styling', () => {
    render(
      <Button asChild variant="outline">
        <a href="/products/electronics">Browse Electronics</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Browse Electronics' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/products/electronics');
    expect(link.className.split(' ')).toContain('button-outline');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps a className next to the variant classes (the utilities win in the stylesheet: product.spec.ts)', () => {
    render(<Button className="h-12 h-11">Big</Button>);
    const cls = screen.getByRole('button', { name: 'Big' }).className.split(' ');
    expect(cls).toEqual(expect.arrayContaining(['button-md', 'h-11']));
    // Conflicting utilities among themselves are still merged: the later wins.
    expect(cls).not.toContain('h-12');
  });
});

describe('small primitives', () => {
  it('Spinner is an announced status named "Loading"', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('Badge renders its variant', () => {
    render(<Badge variant="success">Target Reached!</Badge>);
    expect(screen.getByText('Target Reached!').getAttribute('data-variant')).toBe('success');
  });

  it('EmptyState renders title as a heading with its action', () => {
    render(
      <EmptyState
        title="No products found matching your criteria"
        action={<Button>Clear Filters</Button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No products found matching your criteria' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeTruthy();
  });
});

describe('Dialog', () => {
  it('has a labelled close button and names the dialog by its title', () => {
    render(
      <Dialog open>
        <DialogContent>
          <DialogTitle>Set Price Alert</DialogTitle>
          <DialogDescription>We will tell you when the price drops.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Set Price Alert' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
