import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * After an in-app navigation, focus moves to the new page's main heading (so keyboard and
 * screen-reader users start there, not on the link they left) and the page is announced.
 * Lazy pages draw their heading a moment later, so the heading is awaited.
 */
export function RouteAnnouncer() {
  const [location] = useLocation();
  const [message, setMessage] = useState('');
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main || !location) return;
    const land = () => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      setMessage(heading.textContent?.trim() ?? '');
      return true;
    };
    if (land()) return;
    const observer = new MutationObserver(() => {
      if (land()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [location]);

  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}
