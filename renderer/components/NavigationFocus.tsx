import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { announce, onAnnouncement } from '../lib/announce';
import { moveFocusTo, pageHeading } from '../lib/refocus';
import './navigation-focus.css';

export const MAIN_CONTENT_ID = 'main-content';

/** How long a page may take to show its heading (its code and data loading) before focus stays where it is. */
const HEADING_WAIT_MS = 10_000;

/** The first thing a keyboard reaches: past the header and the navigation, to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  // Focus is moved here rather than by the fragment, which would add #main-content to the address.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = pageHeading() ?? document.getElementById(MAIN_CONTENT_ID);
    if (target) moveFocusTo(target);
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip}>
      {t('nav.skipToContent')}
    </a>
  );
}

/**
 * After an in-app navigation, focus moves to the new page's heading (as a full page load would put a screen
 * reader at the page's start) and a polite live region says the page's name. A change that keeps the page's
 * heading (a profile switching to its editor's own heading is a new one; a tab's query string is not a
 * navigation) leaves focus alone, and so does a member who has moved focus themselves while the page loads.
 * The region also says what lib/announce.ts is given: a page that changed on its own.
 */
export function NavigationFocus() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  // The same words twice in a row are still a change for the live region, so they are said again.
  useEffect(() => onAnnouncement((message) => setAnnouncement((said) => (said === message ? `${message}\u00a0` : message))), []);
  const shownPath = useRef<string | null>(null);
  // Read while rendering the new route, before React replaces the page: the heading being left.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const leftHeading = useMemo(() => pageHeading(), [pathname]);

  useEffect(() => {
    // The first page of a visit is the browser's own load; so is StrictMode's second run of this effect.
    if (shownPath.current === null || shownPath.current === pathname) {
      shownPath.current = pathname;
      return;
    }
    shownPath.current = pathname;
    const focusedBefore = document.activeElement;
    const deadline = performance.now() + HEADING_WAIT_MS;
    let frame = 0;
    const lookForHeading = () => {
      const focused = document.activeElement;
      const memberMovedOn = focused !== focusedBefore && focused !== document.body && focused?.isConnected;
      if (memberMovedOn) return;
      const heading = pageHeading();
      if (heading && heading !== leftHeading) {
        moveFocusTo(heading, { preventScroll: true });
        announce(heading.textContent ?? '');
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(lookForHeading);
    };
    frame = requestAnimationFrame(lookForHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname, leftHeading]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
