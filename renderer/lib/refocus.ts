const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The page's heading, where a page starts for keyboard and screen reader users (the frame has one <main>). */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

/** Focuses `element`, making it focusable from script first when it is not a control (a heading, <main>). */
export function moveFocusTo(element: HTMLElement, options?: FocusOptions): void {
  if (!element.matches(FOCUSABLE)) element.setAttribute('tabindex', '-1');
  element.focus(options);
}

/**
 * After an action that takes away what had focus (a close button once closed, a ballot once voted), focus
 * goes to the first of `targets` the page shows instead, else the page's heading, so a keyboard or screen
 * reader user carries on from there rather than from the top of the page. It waits (a couple of seconds at
 * most) for the page to redraw; it does nothing when the member has moved focus themselves.
 */
export function refocusWhenLost(targets: string[], from: Element | null = document.activeElement, waitMs = 2000): void {
  const deadline = performance.now() + waitMs;
  const step = () => {
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (!lost && focused !== from) return;
    if (lost) {
      // The targets may still be on their way (the page redraws after the answer): the heading is the fallback
      // only once they had their time, or when there are none.
      const waited = targets.length === 0 || performance.now() >= deadline;
      const target = targets.map((selector) => document.querySelector<HTMLElement>(selector)).find((found) => found) ?? (waited ? pageHeading() : null);
      if (target) {
        moveFocusTo(target);
        return;
      }
    }
    if (performance.now() < deadline) requestAnimationFrame(step);
    // One last look at the deadline, when the heading is allowed.
    else if (lost && !finalLook) {
      finalLook = true;
      step();
    }
  };
  let finalLook = false;
  requestAnimationFrame(step);
}
