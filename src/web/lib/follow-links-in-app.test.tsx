import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFollowLinksInApp } from './follow-links-in-app';

function Links() {
  const follow = useFollowLinksInApp();
  const location = useLocation();
  return (
    <>
      <p data-testid="at">{location.pathname + location.search}</p>
      <ul onClick={follow}>
        <li>
          <a href="/product/7">View Deal</a>
        </li>
        <li>
          <a href="/comparison?products=7">
            <span>Compare</span>
          </a>
        </li>
        <li>
          <a href="https://store.example.in/item/7">At the store</a>
        </li>
        <li>
          <a href="/product/8" target="_blank" rel="noreferrer">
            New tab
          </a>
        </li>
      </ul>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Links /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

/** Whether the app took the click (prevented the browser's own navigation, which jsdom cannot do anyway). */
let taken: boolean | null = null;
const record = (event: Event) => {
  taken = event.defaultPrevented;
  event.preventDefault();
};
const click = (name: string, init: MouseEventInit = {}) => {
  taken = null;
  fireEvent.click(screen.getByText(name), { button: 0, ...init });
  return taken;
};

beforeEach(() => document.addEventListener('click', record));
afterEach(() => {
  document.removeEventListener('click', record);
  cleanup();
});

describe('useFollowLinksInApp', () => {
  it("follows a plain click on one of the app's links in the app, from the link or anything inside it", async () => {
    renderAt('/products/electronics');
    expect(click('View Deal')).toBe(true);
    expect(await screen.findByText('/product/7')).toBeTruthy();
    expect(click('Compare')).toBe(true);
    expect(await screen.findByText('/comparison?products=7')).toBeTruthy();
  });

  it('leaves modified clicks, other targets and other origins to the browser', () => {
    renderAt('/products/electronics');
    expect(click('View Deal', { ctrlKey: true })).toBe(false);
    expect(click('View Deal', { metaKey: true })).toBe(false);
    expect(click('View Deal', { shiftKey: true })).toBe(false);
    expect(click('New tab')).toBe(false);
    expect(click('At the store')).toBe(false);
    expect(screen.getByTestId('at').textContent).toBe('/products/electronics');
  });
});
