import { Suspense, useState } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { useLanguageStore } from '../store/language-store';
import { LanguageButton } from './LanguageButton';

// The menu (Mantine's Menu and its positioning library) is a chunk of its own, fetched as the header
// first shows; until it arrives (or if it cannot) the same button stands in its place.
const LanguageChooser = lazyComponent(
  () => import('./LanguageChooser'),
  (m) => m.LanguageChooser,
  ({ language }) => <LanguageButton language={language} />,
);

/** Switches the interface language live; kept in this browser, and on the member's account when signed in. */
export function LanguageMenu() {
  const language = useLanguageStore((s) => s.language);
  // A click on the stand-in is not lost: the menu opens as soon as it arrives.
  const [clickedEarly, setClickedEarly] = useState(false);
  return (
    <Suspense fallback={<LanguageButton language={language} onClick={() => setClickedEarly(true)} />}>
      <LanguageChooser language={language} opened={clickedEarly} />
    </Suspense>
  );
}
