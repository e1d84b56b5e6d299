import './styles.css';
import { readStorage, STORAGE_KEYS } from './lib/storage';

/**
 * The entry is small on purpose. A page the server rendered already shows everything the first
 * screen needs, so the app (React and the storefront, ~100 KB) is requested only once that page
 * has loaded and painted, or at the shopper's first tap or key press if that comes sooner: its
 * download no longer competes with the first paint and the first images. A page that arrives
 * empty (cart, back office, a failed render) needs the app to show anything and starts it at once.
 */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;
/** How long after the load event the app waits for a first paint the browser never reports. */
const FIRST_PAINT_WAIT_MS = 3000;

let started = false;
function startApp() {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, startApp, true);
  // the product page's route code comes in parallel with the app instead of after it
  if (window.location.pathname.startsWith('/product/')) void import('./app/routes/product-route');
  void import('./start');
}

/** Two frames later: an image that had loaded may need a frame to decode and paint. */
function afterTwoFrames(then: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then)));
}

/**
 * Once the page has shown its first content, and two frames more. Frames counted by
 * requestAnimationFrame can come before the first one the screen shows, so the paint entry
 * is awaited where the browser reports it. In case it never comes, the app starts anyway.
 */
function afterFirstPaint(then: () => void) {
  const fallback = window.setTimeout(then, FIRST_PAINT_WAIT_MS);
  const painted = () => {
    window.clearTimeout(fallback);
    afterTwoFrames(then);
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return painted();
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    painted();
  });
  observer.observe({ type: 'paint', buffered: true });
}

// A shopper who said YES before the server had the cookie does not see its gate again, nor
// wait for the app to lift it (a Tab would land on the gate and lose focus when it goes).
if (readStorage(STORAGE_KEYS.ageVerified) === 'true')
  document.getElementById('age-gate-static')?.remove();

if (document.getElementById('canopy-state') === null) {
  startApp();
} else {
  for (const type of INTERACTIONS) window.addEventListener(type, startApp, true);
  if (document.readyState === 'complete') afterFirstPaint(startApp);
  else window.addEventListener('load', () => afterFirstPaint(startApp), { once: true });
}
