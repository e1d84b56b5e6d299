/**
 * What the app remembers about each browser history entry: where the page was scrolled and
 * how many in-app steps lie behind it. The browser's own scroll restoration is turned off
 * because it runs before a lazily drawn page is tall enough to hold the old position.
 *
 * A position is kept as the first visible `[data-scroll-anchor]` element (a product card) and
 * its distance from the top of the window, so the shopper lands back on the same card even
 * when products were added above it in the meantime; the plain offset is the fallback.
 */
interface EntryState {
  canopyEntry?: string;
  canopyDepth?: number;
}

interface Anchor {
  key: string;
  /** distance from the top of the window when the page was left */
  top: number;
  /** distance from the top of the page then: tells apart two cards of one product */
  pageTop: number;
}

export interface ScrollPosition {
  y: number;
  anchor: Anchor | null;
}

const positions = new Map<string, ScrollPosition>();
let current: { id: string; depth: number } | null = null;
let popped = false;
let lastLength = 0;
let lastResult: { restored: ScrollPosition | null } = { restored: null };

const ANCHOR_ATTRIBUTE = 'data-scroll-anchor';

function anchors(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(`[${ANCHOR_ATTRIBUTE}]`));
}

/** The card that was clicked, else the first card on screen. */
function anchorFor(clicked: Element | null): Anchor | null {
  const element = clicked ?? anchors().find((card) => card.getBoundingClientRect().bottom > 0);
  if (!(element instanceof HTMLElement)) return null;
  const { top } = element.getBoundingClientRect();
  return { key: element.getAttribute(ANCHOR_ATTRIBUTE) ?? '', top, pageTop: window.scrollY + top };
}

/** The card of that product nearest to where it was on the page. */
function findAnchor(anchor: Anchor): HTMLElement | undefined {
  const distance = (element: HTMLElement) =>
    Math.abs(window.scrollY + element.getBoundingClientRect().top - anchor.pageTop);
  return anchors()
    .filter((element) => element.getAttribute(ANCHOR_ATTRIBUTE) === anchor.key)
    .sort((a, b) => distance(a) - distance(b))[0];
}

/** Remembers the current page's place just before it is left (a link click or Back). */
function rememberPlace(event: Event) {
  if (!current) return;
  const clicked =
    event.target instanceof Element ? event.target.closest(`[${ANCHOR_ATTRIBUTE}]`) : null;
  positions.set(current.id, { y: window.scrollY, anchor: anchorFor(clicked) });
}

function entryState(): EntryState {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as EntryState) : {};
}

/** Where pages of this tab were left, kept past the document: Back may load the page anew. */
const SAVED_PLACES = 'canopyPlaces';

function savedPlaces(): Record<string, ScrollPosition> {
  try {
    const raw = window.sessionStorage.getItem(SAVED_PLACES);
    return raw ? (JSON.parse(raw) as Record<string, ScrollPosition>) : {};
  } catch {
    return {};
  }
}

/** The page is going away (a full page load, a reload): its entries' places outlive it. */
function savePlaces() {
  // the page being left keeps its first card on screen, so a fresh load can hold it in place
  // while late content (images, the banner) still moves the page
  if (current) positions.set(current.id, { y: window.scrollY, anchor: anchorFor(null) });
  try {
    const places = { ...savedPlaces(), ...Object.fromEntries(positions) };
    // the newest few entries are all Back can reach in practice
    const kept = Object.entries(places).slice(-50);
    window.sessionStorage.setItem(SAVED_PLACES, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // storage full or off: Back then lands at the top, as before
  }
}

/** This document was reached by the browser's back/forward, not a link or a reload. */
function reachedByTraversal(): boolean {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  return (navigation as PerformanceNavigationTiming | undefined)?.type === 'back_forward';
}

/**
 * The page before this one was a page of the shop: a link in a page the app had not started
 * yet (a server-rendered page tapped at once) loads the next page anew, with no state of ours.
 */
function cameFromShop(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Call once at start: listens for back/forward and records scroll positions. */
export function startHistoryTracking(): void {
  window.addEventListener('pagehide', savePlaces);
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  // registered before the router's listeners, so the leaving page is still on screen
  window.addEventListener('popstate', (event) => {
    rememberPlace(event);
    popped = true;
  });
  document.addEventListener('click', rememberPlace, { capture: true });
  window.addEventListener(
    'scroll',
    () => {
      if (current) positions.set(current.id, { y: window.scrollY, anchor: null });
    },
    { passive: true },
  );
  lastLength = window.history.length;
}

/**
 * Called after each route change. Names a new entry (one step deeper than the page it was
 * pushed from, or as deep for a replace) and says whether it was reached by back/forward.
 */
export function enterEntry(): { restored: ScrollPosition | null } {
  const state = entryState();
  // the same entry again (React's development double effects): the same answer
  if (current && state.canopyEntry === current.id && !popped) return lastResult;
  const wasPop = popped;
  popped = false;
  let id = state.canopyEntry;
  let depth = state.canopyDepth ?? 0;
  const firstOfDocument = current === null;
  // an entry left before a reload or a full page load has its place in the session's storage
  let restored: ScrollPosition | null = wasPop
    ? (positions.get(id ?? '') ?? savedPlaces()[id ?? ''] ?? null)
    : null;
  if (firstOfDocument && id && reachedByTraversal()) restored = savedPlaces()[id] ?? null;
  if (!id) {
    const pushed = current !== null && window.history.length > lastLength;
    if (current === null) depth = cameFromShop() ? 1 : 0;
    else depth = pushed ? current.depth + 1 : current.depth;
    id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    window.history.replaceState({ ...state, canopyEntry: id, canopyDepth: depth }, '');
  }
  lastLength = window.history.length;
  current = { id, depth };
  lastResult = { restored: wasPop ? (restored ?? { y: 0, anchor: null }) : restored };
  return lastResult;
}

/** True when the previous history entry is a page of this shop (so Back can go there). */
export function canGoBackInApp(): boolean {
  return (current?.depth ?? 0) > 0;
}

/**
 * Puts the page back where it was: the remembered card at its old distance from the top, or
 * the old offset. A returning page draws its cards a few at a time, so this keeps trying each
 * frame until the place holds; then, for `holdMs`, it puts the card back whenever the page
 * changes size (a row or banner above that arrives late). It gives up after `timeoutMs`, and
 * stops as soon as the shopper scrolls, taps or types.
 */
export function restoreScroll(
  position: ScrollPosition,
  timeoutMs = 20_000,
  holdMs = 10_000,
): () => void {
  let frame = 0;
  let stopped = false;
  let settledFrames = 0;
  let holding: ResizeObserver | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  const deadline = performance.now() + timeoutMs;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(frame);
    holding?.disconnect();
    clearTimeout(holdTimer);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  /** Placed: keep it there while late content moves the page, until the hold ends. */
  const hold = () => {
    if (!position.anchor || typeof ResizeObserver === 'undefined') return stop();
    holding = new ResizeObserver(() => {
      if (!stopped) placed();
    });
    holding.observe(document.body);
    holdTimer = setTimeout(stop, holdMs);
  };
  for (const type of USER_SCROLL_EVENTS)
    window.addEventListener(type, stop, { passive: true, once: true });
  const placed = () => {
    const element = position.anchor && findAnchor(position.anchor);
    if (element && position.anchor) {
      const offBy = element.getBoundingClientRect().top - position.anchor.top;
      if (Math.abs(offBy) >= 1) window.scrollTo(0, window.scrollY + offBy);
      return Math.abs(element.getBoundingClientRect().top - position.anchor.top) < 1;
    }
    window.scrollTo(0, position.y);
    // a remembered card not drawn yet: hold the old offset meanwhile, and keep waiting for it
    if (position.anchor) return false;
    return document.documentElement.scrollHeight - window.innerHeight >= position.y;
  };
  const attempt = () => {
    if (stopped) return;
    settledFrames = placed() ? settledFrames + 1 : 0;
    // a few quiet frames in a row: the cards drawn so far have stopped moving it
    if (settledFrames >= SETTLED_FRAMES) return hold();
    if (performance.now() > deadline) return stop();
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}

const SETTLED_FRAMES = 5;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
