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

let started = false;
function startApp() {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, startApp, true);
  // the product page's route code comes in parallel with the app instead of after it
  if (window.location.pathname.startsWith('/product/')) void import('./app/routes/product-route');
  void import('./start');
}

/** After the frame that follows the next one has painted: a loaded image may need a frame to decode. */
function afterPaint(then: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then)));
}

// A shopper who said YES before the server had the cookie does not see its gate again, nor
// wait for the app to lift it (a Tab would land on the gate and lose focus when it goes).
if (readStorage(STORAGE_KEYS.ageVerified) === 'true')
  document.getElementById('age-gate-static')?.remove();

if (document.getElementById('canopy-state') === null) {
  startApp();
} else {
  for (const type of INTERACTIONS) window.addEventListener(type, startApp, true);
  if (document.readyState === 'complete') afterPaint(startApp);
  else window.addEventListener('load', () => afterPaint(startApp), { once: true });
}
