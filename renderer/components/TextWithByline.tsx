import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RenderedHtml } from './RenderedHtml';

interface TextWithBylineProps {
  /** The text as the server rendered it (markdown). */
  html: string | null;
  textTestId: string;
  /** Who wrote it, and when. */
  byline: string;
  /** The card's own actions, beside the byline. */
  footer?: ReactNode;
}

/** A suggestion's or a recommendation's text, then who wrote it and when, with the card's actions on the right. */
export function TextWithByline({ html, textTestId, byline, footer }: TextWithBylineProps) {
  return (
    <>
      <RenderedHtml html={html} testId={textTestId} />
      <Group justify="space-between" gap="xs" align="center">
        <Text size="xs" c="dimmed">
          {byline}
        </Text>
        {footer}
      </Group>
    </>
  );
}
