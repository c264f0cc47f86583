import { Typography } from '@mantine/core';
import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareSpoilers, revealSpoiler, spoilerClicked, spoilerKeyed, type SpoilerWords } from './spoilers';
import './spoilers.css';

/**
 * Markdown the server rendered and sanitized (DECISIONS.md "Markdown"): shown as is, in the club's type,
 * its spoilers hidden until a reader reveals them (spoilers.ts).
 */
export function RenderedHtml({ html, testId }: { html: string | null | undefined; testId?: string }) {
  const { t } = useTranslation('spoilers');
  const ref = useRef<HTMLDivElement>(null);
  const words: SpoilerWords = { hidden: t('hidden'), revealed: t('revealed') };
  const { hidden, revealed } = words;

  // Before paint, so a spoiler never shows for a frame. React sets the HTML anew only when it changes,
  // so a revealed spoiler stays revealed across re-renders.
  useLayoutEffect(() => {
    if (ref.current) prepareSpoilers(ref.current, { hidden, revealed });
  }, [html, hidden, revealed]);

  if (!html) return null;

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const spoiler = spoilerClicked(event.currentTarget, event.target);
    if (!spoiler) return;
    // The click reveals, and does nothing else: no link, label or card around the text acts on it.
    event.preventDefault();
    event.stopPropagation();
    revealSpoiler(spoiler, words);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const spoiler = spoilerKeyed(event.currentTarget, event.target, event.key);
    if (!spoiler) return;
    event.preventDefault(); // Space would scroll the page
    event.stopPropagation();
    revealSpoiler(spoiler, words);
  }

  return (
    <Typography>
      <div ref={ref} className="rendered-html" data-testid={testId} onClick={onClick} onKeyDown={onKeyDown} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
