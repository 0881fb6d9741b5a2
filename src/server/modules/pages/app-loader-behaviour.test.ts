// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const paint = () => {
  for (const callback of paintObservers) callback({}, { disconnect: () => {} });
};

beforeEach(() => {
  vi.useFakeTimers();
  paintObservers = [];
  supportedEntryTypes = ['paint', 'resource'];
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  document.head.innerHTML = '';
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the app loader', () => {
  it('asks for the app (screen chunks, then the entry) once the page has painted, and only once', () => {
    runLoader();
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
