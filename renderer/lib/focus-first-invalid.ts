import type { FormEvent } from 'react';
import { refocusWhenLost } from './refocus';

const SETTLE_MS = 1000;

/**
 * A form's onSubmit around useFormSubmit's `submit`, so that keyboard and screen reader users are never left
 * without focus. When the submit is refused with errors on fields (the form's own checks, or the server's),
 * focus moves to the first field marked invalid: a screen reader reads its label and its error (Mantine ties
 * them with aria-describedby), and the member is where the fix is needed. Otherwise focus goes back to the
 * submit button, which its busy spinner disabled (and so blurred) meanwhile; and when the form itself is gone
 * after a success (the page replaced it), to the first of `thenFocus` the page shows, else the page's heading.
 */
export function focusingFirstInvalid(submit: (event?: FormEvent) => Promise<boolean>, { thenFocus = [] }: { thenFocus?: string[] } = {}) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const submitter = ((event.nativeEvent as SubmitEvent).submitter ?? form.querySelector('[type="submit"]')) as HTMLElement | null;
    const from = document.activeElement;
    void submit(event).then((ok) => {
      const deadline = performance.now() + SETTLE_MS;
      // Once React has drawn the errors, the button's end of busy, or the form's end.
      const settle = () => {
        const focused = document.activeElement;
        const lost = !focused || focused === document.body || !focused.isConnected;
        // The member has moved on meanwhile.
        if (!lost && focused !== from && focused !== submitter) return;
        const invalid = ok ? null : form.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (invalid) return invalid.focus();
        if (lost && !form.isConnected) return refocusWhenLost(thenFocus, null);
        if (lost && submitter && !submitter.matches(':disabled')) submitter.focus();
        // After a success the page may still take the form away (a busy page draws the replacement a few
        // frames later, after focus went back to the old button): watch until then, and follow it.
        if ((ok || lost) && performance.now() < deadline) requestAnimationFrame(settle);
      };
      requestAnimationFrame(settle);
    });
  };
}
