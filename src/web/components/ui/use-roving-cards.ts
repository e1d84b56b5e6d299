import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from 'react';

const FOCUSABLE = 'a[href], button, select, input, textarea';

/**
 * One card of a row at a time is in the Tab order (its link, select and button); Left and
 * Right move to the neighbouring card. A keyboard user passes a row of 12 cards with three
 * Tab presses instead of 36, and still reaches every control of the card they choose.
 */
export function useRovingCards(list: RefObject<HTMLUListElement | null>, mounted: boolean) {
  const active = useRef(0);

  const apply = useCallback(() => {
    const items = list.current?.children;
    if (!items) return;
    if (active.current >= items.length) active.current = 0;
    Array.from(items).forEach((item, index) => {
      for (const control of item.querySelectorAll<HTMLElement>(FOCUSABLE)) {
        // a control the card keeps out of the Tab order (its image link) stays out
        control.dataset.rovingTabIndex ??= String(control.tabIndex);
        control.tabIndex = index === active.current ? Number(control.dataset.rovingTabIndex) : -1;
      }
    });
  }, [list]);

  // the list mounts once its products load; cards arrive progressively and change their
  // controls (Add to Cart becomes a stepper)
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [apply, list, mounted]);

  const indexOf = (target: EventTarget) =>
    Array.from(list.current?.children ?? []).findIndex((item) => item.contains(target as Node));

  const onFocus = (event: { target: EventTarget }) => {
    const index = indexOf(event.target);
    if (index === -1 || index === active.current) return;
    active.current = index;
    apply();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    // a select or a text field keeps its own arrow keys
    if ((event.target as HTMLElement).closest('select, input, textarea')) return;
    const items = Array.from(list.current?.children ?? []);
    const next = indexOf(event.target) + (event.key === 'ArrowRight' ? 1 : -1);
    if (next < 0 || next >= items.length) return;
    event.preventDefault();
    active.current = next;
    apply();
    const controls = Array.from(items[next].querySelectorAll<HTMLElement>(FOCUSABLE));
    controls.find((control) => control.tabIndex >= 0)?.focus();
  };

  return { onFocus, onKeyDown };
}
