import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Button } from '@/web/components/ui/button';
import { Slot } from '@/web/components/ui/slot';

// Vitest globals are off, so Testing Library can't register its own auto-cleanup.
afterEach(cleanup);

describe('Slot (asChild)', () => {
  it('renders the child element with the slot props, the child winning a clash', () => {
    render(
      <Slot data-slot="button" title="from slot" id="slot-id">
        <a href="/deals" id="child-id">
          Deals
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Deals' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('data-slot')).toBe('button');
    expect(link.getAttribute('title')).toBe('from slot');
    expect(link.id).toBe('child-id');
  });

  it('joins class names and aria-describedby ids, merges styles (the child winning)', () => {
    render(
      <Slot className="h-9 px-4" style={{ color: 'red', margin: 1 }} aria-describedby="hint shared">
        <button type="button" className="w-full" style={{ color: 'blue' }} aria-describedby="shared error">
          Go
        </button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.className).toBe('h-9 px-4 w-full');
    expect(button.style.color).toBe('blue');
    expect(button.style.margin).toBe('1px');
    expect(button.getAttribute('aria-describedby')).toBe('shared error hint');
  });

  it("runs the child's handler first, then the slot's", () => {
    const order: string[] = [];
    render(
      <Slot onClick={() => order.push('slot')} onFocus={() => order.push('slot focus')}>
        <button type="button" onClick={() => order.push('child')}>
          Go
        </button>
      </Slot>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    fireEvent.focus(screen.getByRole('button', { name: 'Go' }));
    expect(order).toEqual(['child', 'slot', 'slot focus']);
  });

  it("sets both the slot's ref and the child's", () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    render(
      <Slot ref={slotRef}>
        <a href="/" ref={childRef}>
          Home
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Home' });
    expect(slotRef.current).toBe(link);
    expect(childRef).toHaveBeenCalledWith(link);
  });

  it('Button asChild renders the same markup on the server', () => {
    const html = renderToString(
      <Button asChild variant="outline" className="h-12">
        <a href="/comparison?products=7">Compare Prices</a>
      </Button>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    const link = container.firstElementChild as HTMLElement;
    expect(container.children).toHaveLength(1);
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/comparison?products=7');
    expect(link.getAttribute('data-slot')).toBe('button');
    expect(link.getAttribute('data-variant')).toBe('outline');
    expect(link.className.split(' ')).toContain('h-12');
    expect(link.textContent).toBe('Compare Prices');
    expect(html).not.toContain('h-9');
  });
});
