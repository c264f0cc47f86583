import { Suspense } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { useLanguageStore } from '../store/language-store';
import { LanguageButton } from './LanguageButton';

// The menu (Mantine's Menu and its positioning library) is a chunk of its own, fetched as the header
// first shows; until it arrives (or if it cannot) the same button stands in its place.
const LanguageChooser = lazyComponent(() => import('./LanguageChooser'), (m) => m.LanguageChooser, LanguageButton);

/** Switches the interface language live; kept in this browser, and on the member's account when signed in. */
export function LanguageMenu() {
  const language = useLanguageStore((s) => s.language);
  return (
    <Suspense fallback={<LanguageButton language={language} />}>
      <LanguageChooser language={language} />
    </Suspense>
  );
}
