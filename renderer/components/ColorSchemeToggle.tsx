import { Suspense, useState } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { ColorSchemeButton } from './ColorSchemeButton';

// The menu comes in a chunk of its own (with Mantine's Menu, shared with the language menu), fetched as the
// header first shows; until it arrives (or if it cannot) the same button stands in its place.
const ColorSchemeChooser = lazyComponent(
  () => import('./ColorSchemeChooser'),
  (m) => m.ColorSchemeChooser,
  () => <ColorSchemeButton />,
);

/** The header's choice of theme: the system's setting (the default), light or dark. */
export function ColorSchemeToggle() {
  // A click on the stand-in is not lost: the menu opens as soon as it arrives.
  const [clickedEarly, setClickedEarly] = useState(false);
  return (
    <Suspense fallback={<ColorSchemeButton onClick={() => setClickedEarly(true)} />}>
      <ColorSchemeChooser opened={clickedEarly} />
    </Suspense>
  );
}
