import { createHash } from 'node:crypto';
import { EARLY_PRESS_GLOBAL } from '@/web/app/early-press';

/**
 * The inline script that starts the web app's code once the server-rendered page is on screen (issue 12,
 * docs/decisions/0007-server-rendering.md, "First paint before the app's code").
 *
 * A page is complete and usable as HTML (links, prices, offers); its scripts only add what needs JavaScript. On a
 * slow phone the ~140 KB of scripts otherwise share the connection with the stylesheet and the first images, and
 * the browser presents the page only after all of it has arrived and the entry has run. So the page names its
 * scripts in data attributes and this script asks for them (modulepreload for the screen's chunks, the entry as a
 * module) as soon as the browser reports its first contentful paint; at once when the page is not visible
 * (background tab, prerender), when the browser cannot report paints, or at the shopper's first touch, click or
 * key; and after FALLBACK_MS in any case.
 *
 * Until the app takes it, it also keeps the last button pressed (web/app/early-press.ts): the app presses it again once
 * hydrated. A form's submit button is left alone (its form works without the app).
 *
 * Its text is fixed (the URLs are attributes), so the Content-Security-Policy allows it by hash: APP_LOADER_CSP_SOURCE.
 */
const FALLBACK_MS = 2000;

export const APP_LOADER_SCRIPT = `(function (loader) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head;
    (loader.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.src = loader.getAttribute('data-entry');
    head.appendChild(entry);
  }
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState !== 'visible' || !paints || paints.indexOf('paint') < 0) return start();
  // 'paint' reports the first paint too (the page's background), which may come a frame before the first content.
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Paint entries reach observers in a low-priority task (300 ms late on a slow phone); the timeline has them as
  // soon as the frame is presented, so each frame looks there too.
  (function nextFrame() {
    if (started) return;
    if (performance.getEntriesByName('first-contentful-paint').length) return start();
    requestAnimationFrame(nextFrame);
  })();
  ['pointerdown', 'touchstart', 'keydown', 'visibilitychange'].forEach(function (type) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  });
  setTimeout(start, ${FALLBACK_MS});
})(document.currentScript);
(function () {
  var pressed = null;
  function keep(event) {
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    if (button && !(button.type === 'submit' && button.form) && !button.disabled) pressed = button;
  }
  addEventListener('click', keep, true);
  window.${EARLY_PRESS_GLOBAL} = {
    take: function () {
      removeEventListener('click', keep, true);
      var button = pressed;
      pressed = null;
      return button;
    },
  };
})();`;

/** The script's CSP source expression ('sha256-…'): allowed to run on pages whose script-src is otherwise 'self'. */
export const APP_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(APP_LOADER_SCRIPT).digest('base64')}'`;
