/**
 * Spoilers in the server's HTML (`<span class="spoiler">`, `<div class="spoiler">`: DECISIONS.md
 * "Obskurnee compatibility") stay hidden until a reader clicks one, or reaches it with Tab and presses
 * Enter or Space. Once shown, a spoiler stays shown.
 *
 * The server's element keeps its class and gets two children: a toggle (role button, aria-expanded,
 * named by the visible or screen-reader-only words "Spoiler: click to reveal") and the original content,
 * which is hidden (visibility), aria-hidden and inert until revealed, so neither eyes, screen readers,
 * find-in-page nor Tab reach it (its links included), and a click anywhere on the spoiler lands on the
 * spoiler itself. Revealed, the content is ordinary content again; the toggle says "Spoiler" and leaves
 * the Tab order, keeping focus if it had it.
 */

export interface SpoilerWords {
  hidden: string;
  revealed: string;
}

const SPOILER = 'spoiler';
const TOGGLE = 'spoiler-toggle';
const CONTENT = 'spoiler-content';
type SpoilerState = 'hidden' | 'revealed';

/** Hides every spoiler in `root` not seen before and (re)names every toggle in the current language. */
export function prepareSpoilers(root: HTMLElement, words: SpoilerWords): void {
  for (const spoiler of root.querySelectorAll<HTMLElement>(`.${SPOILER}`)) {
    if (!stateOf(spoiler)) hide(spoiler);
    const toggle = toggleOf(spoiler);
    if (toggle) toggle.textContent = stateOf(spoiler) === 'revealed' ? words.revealed : words.hidden;
  }
}

/** The hidden spoiler a click on `target` inside `root` reveals, if any. */
export function spoilerClicked(root: HTMLElement, target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const spoiler = target.closest<HTMLElement>(`.${SPOILER}[data-spoiler="hidden"]`);
  return spoiler && root.contains(spoiler) ? spoiler : null;
}

/** The hidden spoiler whose toggle has the keyboard focus when Enter or Space is pressed, if any. */
export function spoilerKeyed(root: HTMLElement, target: EventTarget | null, key: string): HTMLElement | null {
  if (key !== 'Enter' && key !== ' ') return null;
  if (!(target instanceof HTMLElement) || !target.classList.contains(TOGGLE)) return null;
  return spoilerClicked(root, target.parentElement);
}

export function revealSpoiler(spoiler: HTMLElement, words: SpoilerWords): void {
  const toggle = toggleOf(spoiler);
  const content = contentOf(spoiler);
  spoiler.dataset.spoiler = 'revealed' satisfies SpoilerState;
  if (content) {
    content.removeAttribute('aria-hidden');
    content.inert = false;
  }
  if (toggle) {
    toggle.setAttribute('aria-expanded', 'true');
    toggle.tabIndex = -1;
    toggle.textContent = words.revealed;
  }
}

function hide(spoiler: HTMLElement): void {
  const doc = spoiler.ownerDocument;
  // Inside a span only phrasing content may go, so an inline spoiler's wrapper is a span too.
  const content = doc.createElement(spoiler.tagName === 'DIV' ? 'div' : 'span');
  content.className = CONTENT;
  content.append(...spoiler.childNodes);
  content.setAttribute('aria-hidden', 'true');
  content.inert = true;
  const toggle = doc.createElement('span');
  toggle.className = TOGGLE;
  toggle.setAttribute('role', 'button');
  toggle.setAttribute('aria-expanded', 'false');
  toggle.tabIndex = 0;
  spoiler.replaceChildren(toggle, content);
  spoiler.dataset.spoiler = 'hidden' satisfies SpoilerState;
}

function stateOf(spoiler: HTMLElement): SpoilerState | undefined {
  const state = spoiler.dataset.spoiler;
  return state === 'hidden' || state === 'revealed' ? state : undefined;
}

function toggleOf(spoiler: HTMLElement): HTMLElement | undefined {
  const first = spoiler.firstElementChild;
  return first instanceof HTMLElement && first.classList.contains(TOGGLE) ? first : undefined;
}

function contentOf(spoiler: HTMLElement): HTMLElement | undefined {
  const last = spoiler.lastElementChild;
  return last instanceof HTMLElement && last.classList.contains(CONTENT) ? last : undefined;
}
