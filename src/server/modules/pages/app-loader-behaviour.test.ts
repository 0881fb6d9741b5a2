// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyPress, replayEarlyPress } from '@/web/app/early-press';
import { APP_LOADER_SCRIPT } from './app-loader';

/** The loader as a browser runs it: the script element of a server-rendered page, with paint timing faked. */
let paintObservers: ((list: unknown, observer: { disconnect: () => void }) => void)[];
let supportedEntryTypes: string[];

class FakePerformanceObserver {
  static get supportedEntryTypes() {
    return supportedEntryTypes;
  }
  constructor(private readonly callback: (list: unknown, observer: { disconnect: () => void }) => void) {}
  observe(options: { type: string; buffered: boolean }) {
    if (options.type === 'paint' && options.buffered) paintObservers.push(this.callback);
  }
  disconnect() {}
}

function runLoader({ visibility = 'visible' }: { visibility?: DocumentVisibilityState } = {}) {
  const element = document.createElement('script');
  element.dataset.entry = '/assets/index-abc.js';
  element.dataset.preload = '/assets/listing-page-def.js /assets/grid-ghi.js';
  document.head.append(element);
  Object.defineProperty(document, 'currentScript', { value: element, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
  // Indirect eval: the script runs in the global scope, as an inline script does.
  (0, eval)(APP_LOADER_SCRIPT);
}

const requested = () => ({
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
  entries: [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src')),
});
const everything = { preloads: ['/assets/listing-page-def.js', '/assets/grid-ghi.js'], entries: ['/assets/index-abc.js'] };
const nothing = { preloads: [], entries: [] };
/** The browser reports paints to the observers: the first paint (background) may come a frame before the first content. */
const paint = (name: 'first-paint' | 'first-contentful-paint' = 'first-contentful-paint') => {
  const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
  for (const callback of paintObservers) callback(list, { disconnect: () => {} });
};

beforeEach(() => {
  vi.useFakeTimers();
  paintObservers = [];
  supportedEntryTypes = ['paint', 'resource'];
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the app loader', () => {
  it('asks for the app (screen chunks, then the entry) once the page has painted content, not at its first paint, and only once', () => {
    runLoader();
    expect(requested()).toEqual(nothing);
    paint('first-paint');
    expect(requested()).toEqual(nothing);
    paint();
    expect(requested()).toEqual(everything);
    paint();
    document.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    vi.advanceTimersByTime(5_000);
    expect(requested()).toEqual(everything);
  });

  it("starts at the first frame whose timeline holds the first contentful paint, before the observer's late report", () => {
    let painted = false;
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) => (painted && name === 'first-contentful-paint' ? [{} as PerformanceEntry] : []));
    runLoader();
    vi.advanceTimersByTime(100);
    expect(requested()).toEqual(nothing);
    painted = true;
    vi.advanceTimersByTime(20);
    expect(requested()).toEqual(everything);
  });

  it('does not wait for a paint when the shopper touches or types first', () => {
    runLoader();
    window.dispatchEvent(new Event('pointerdown'));
    expect(requested()).toEqual(everything);
  });

  it('starts at once on a page that is not visible (a background tab, a prerender), which never paints meanwhile', () => {
    runLoader({ visibility: 'hidden' });
    expect(requested()).toEqual(everything);
  });

  it('starts at once where the browser cannot report paints', () => {
    supportedEntryTypes = ['resource'];
    runLoader();
    expect(requested()).toEqual(everything);
  });

  it('starts after two seconds if no paint was reported', () => {
    runLoader();
    vi.advanceTimersByTime(1_999);
    expect(requested()).toEqual(nothing);
    vi.advanceTimersByTime(1);
    expect(requested()).toEqual(everything);
  });
});

describe('a press before the app has hydrated', () => {
  // Save has no type, as React renders a <button> by default: outside a form it submits nothing.
  const page = () => {
    document.body.innerHTML = `
      <button id="save"><svg><use href="#icon-heart"></use></svg> Save</button>
      <button type="button" id="alert">Price Alert</button>
      <form action="/search"><button id="search">Search</button></form>`;
    return (id: string) => document.getElementById(id) as HTMLButtonElement;
  };

  it('is pressed again once the app has hydrated: the last button pressed, once', () => {
    const button = page();
    runLoader();
    const pressed: string[] = [];
    button('save').click();
    // On the icon inside the button: the button is what was pressed.
    button('alert').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    button('save').querySelector('use')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    holdEarlyPress();
    // What the app's handlers see after hydration:
    for (const id of ['save', 'alert']) button(id).addEventListener('click', () => pressed.push(id));
    replayEarlyPress();
    replayEarlyPress();
    expect(pressed).toEqual(['save']);
  });

  it('is not kept once the app has taken over (React replays from then on)', () => {
    const button = page();
    runLoader();
    holdEarlyPress();
    button('alert').click();
    const pressed: string[] = [];
    button('alert').addEventListener('click', () => pressed.push('alert'));
    replayEarlyPress();
    expect(pressed).toEqual([]);
  });

  it("leaves a form's submit button to its form, and a button that hydration replaced or disabled alone", () => {
    const button = page();
    runLoader();
    button('search').addEventListener('click', (event) => event.preventDefault());
    button('search').click();
    holdEarlyPress();
    const pressed: string[] = [];
    button('search').addEventListener('click', () => pressed.push('search'));
    replayEarlyPress();
    expect(pressed).toEqual([]);

    runLoader();
    button('save').click();
    holdEarlyPress();
    const rendered = button('save').cloneNode(true) as HTMLButtonElement;
    button('save').replaceWith(rendered);
    rendered.addEventListener('click', () => pressed.push('save'));
    replayEarlyPress();

    runLoader();
    button('alert').click();
    holdEarlyPress();
    button('alert').setAttribute('aria-disabled', 'true');
    button('alert').addEventListener('click', () => pressed.push('alert'));
    replayEarlyPress();
    expect(pressed).toEqual([]);
  });
});
