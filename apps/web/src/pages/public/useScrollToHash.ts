import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isTakingOver } from '../../prerender/takeOver';

/** How long to wait for a lazily loaded page to render the section a link points at. */
const SECTION_WAIT_MS = 10_000;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls to the section named by the URL's hash once it exists (pages and their texts load lazily),
 * and moves focus there so keyboard users continue from it; without a hash, a new page starts at the top.
 */
export function useScrollToHash(): void {
  const location = useLocation();
  // A pre-rendered page is taken over where the browser put it; the visitor may have scrolled since.
  const placedByBrowser = useRef(isTakingOver());
  useEffect(() => {
    if (placedByBrowser.current) {
      placedByBrowser.current = false;
      return;
    }
    if (!location.hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(location.hash.slice(1));
    const reveal = (section: HTMLElement) => {
      section.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
      if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
      section.focus({ preventScroll: true });
    };
    const present = document.getElementById(id);
    if (present) {
      reveal(present);
      return;
    }
    const observer = new MutationObserver(() => {
      const section = document.getElementById(id);
      if (section) {
        stop();
        reveal(section);
      }
    });
    const timer = window.setTimeout(() => stop(), SECTION_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [location.pathname, location.hash, location.key]);
}
