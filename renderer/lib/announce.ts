type Listener = (message: string) => void;

let listener: Listener = () => {};

/**
 * Says something politely to screen readers, through the one live region of the app's frame
 * (components/NavigationFocus.tsx): a page that changed on its own, what a navigation led to.
 */
export function announce(message: string): void {
  listener(message);
}

/** The live region takes the messages; the answer lets them go. */
export function onAnnouncement(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = () => {};
  };
}
