import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { hydrateServerHtml } from '@/web/test/hydrate-server-html';

// Vitest globals are off, so Testing Library can't register its own auto-cleanup.
afterEach(cleanup);

function ProductLikeTabs({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="description" onValueChange={onValueChange}>
      <TabsList>
        <TabsTrigger value="description">Description</TabsTrigger>
        <TabsTrigger value="specifications">Specifications</TabsTrigger>
        <TabsTrigger value="features">Features</TabsTrigger>
        <TabsTrigger value="reviews">Reviews</TabsTrigger>
      </TabsList>
      <TabsContent value="description">About this product</TabsContent>
      <TabsContent value="specifications">Display: 6.1 inch</TabsContent>
      <TabsContent value="features">Water resistant</TabsContent>
      <TabsContent value="reviews">Average rating</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () => screen.getAllByRole('tab').filter((item) => item.getAttribute('aria-selected') === 'true').map((item) => item.textContent);

describe('Tabs', () => {
  it('is a horizontal tablist of tabs, the default chosen and the only tab stop', () => {
    render(<ProductLikeTabs />);
    const list = screen.getByRole('tablist');
    expect(list.getAttribute('aria-orientation')).toBe('horizontal');
    expect(screen.getAllByRole('tab').map((item) => item.textContent)).toEqual(['Description', 'Specifications', 'Features', 'Reviews']);
    expect(selected()).toEqual(['Description']);
    expect(tab('Description').getAttribute('tabindex')).toBe('0');
    expect(tab('Specifications').getAttribute('tabindex')).toBe('-1');
    expect(tab('Description').getAttribute('data-state')).toBe('active');
    expect(tab('Reviews').getAttribute('data-state')).toBe('inactive');
  });

  it('shows only the chosen panel, labelled by its tab and controlled by it', () => {
    render(<ProductLikeTabs />);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('About this product');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Description').id);
    expect(tab('Description').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('tabindex')).toBe('0');
    expect(screen.queryByText('Display: 6.1 inch')).toBeNull();
    // The other panels are there, hidden and empty (as Radix renders them).
    const hidden = screen.getAllByRole('tabpanel', { hidden: true }).filter((item) => item.hidden);
    expect(hidden).toHaveLength(3);
    expect(hidden.every((item) => item.textContent === '')).toBe(true);
  });

  it('switches panels on click', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<ProductLikeTabs onValueChange={onValueChange} />);
    await user.click(tab('Specifications'));
    expect(selected()).toEqual(['Specifications']);
    expect(screen.getByRole('tabpanel').textContent).toBe('Display: 6.1 inch');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Specifications').id);
    expect(tab('Specifications').getAttribute('tabindex')).toBe('0');
    expect(tab('Description').getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(tab('Specifications'));
    expect(onValueChange).toHaveBeenCalledWith('specifications');
    // Pressing the chosen tab again is no change.
    await user.click(tab('Specifications'));
    expect(onValueChange).toHaveBeenCalledTimes(1);
  });

  it('Left and Right arrows move focus and choose, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(<ProductLikeTabs />);
    await user.tab();
    expect(document.activeElement).toBe(tab('Description'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Specifications'));
    expect(selected()).toEqual(['Specifications']);
    expect(screen.getByRole('tabpanel').textContent).toBe('Display: 6.1 inch');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Reviews'));
    expect(selected()).toEqual(['Reviews']);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Description'));
    // Up and Down belong to vertical tabs: nothing moves.
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(document.activeElement).toBe(tab('Description'));
  });

  it('Home and End go to the first and last tab', async () => {
    const user = userEvent.setup();
    render(<ProductLikeTabs />);
    await user.tab();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Reviews'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Average rating');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Description'));
    expect(selected()).toEqual(['Description']);
  });

  it('Tab leaves the tablist for the panel, Shift+Tab comes back to the chosen tab', async () => {
    const user = userEvent.setup();
    render(<ProductLikeTabs />);
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(tab('Features'));
  });

  it('skips a disabled tab', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="one">
        <TabsList>
          <TabsTrigger value="one">One</TabsTrigger>
          <TabsTrigger value="two" disabled>
            Two
          </TabsTrigger>
          <TabsTrigger value="three">Three</TabsTrigger>
        </TabsList>
        <TabsContent value="one">First</TabsContent>
        <TabsContent value="two">Second</TabsContent>
        <TabsContent value="three">Third</TabsContent>
      </Tabs>,
    );
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Three'));
    await user.click(tab('Two'));
    expect(selected()).toEqual(['Three']);
  });

  it('controlled: shows the value it is given and reports choices', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('signup');
      return (
        <>
          <p data-testid="value">{value}</p>
          <Tabs value={value} onValueChange={setValue}>
            <TabsList>
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Create Account</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">Sign in form</TabsContent>
            <TabsContent value="signup">Sign up form</TabsContent>
          </Tabs>
          <button type="button" onClick={() => setValue('signin')}>
            Outside
          </button>
        </>
      );
    }
    render(<Controlled />);
    expect(selected()).toEqual(['Create Account']);
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(selected()).toEqual(['Sign In']);
    expect(screen.getByRole('tabpanel').textContent).toBe('Sign in form');
    await user.click(tab('Create Account'));
    expect(screen.getByTestId('value').textContent).toBe('signup');
    expect(screen.getByRole('tabpanel').textContent).toBe('Sign up form');
  });

  it('hydrates the server markup without a mismatch', async () => {
    const html = renderToString(<ProductLikeTabs />);
    expect(html).toContain('role="tablist"');
    expect(html).toContain('aria-selected="true"');
    expect(html).toContain('About this product');
    expect(html).not.toContain('Display: 6.1 inch');
    const { container, unmount } = await hydrateServerHtml(html, <ProductLikeTabs />);
    const user = userEvent.setup();
    await user.click(within(container).getByRole('tab', { name: 'Features' }));
    expect(within(container).getByRole('tabpanel').textContent).toBe('Water resistant');
    unmount();
  });
});
