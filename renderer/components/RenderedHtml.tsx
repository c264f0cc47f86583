import { Typography } from '@mantine/core';

/** Markdown the server rendered and sanitized (DECISIONS.md "Markdown"): shown as is, in the club's type. */
export function RenderedHtml({ html, testId }: { html: string | null | undefined; testId?: string }) {
  if (!html) return null;
  return (
    <Typography>
      <div className="rendered-html" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
