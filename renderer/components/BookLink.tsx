import { Anchor, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { goodreadsUrl } from '../../shared/api/scrape';

interface BookLinkProps {
  url: string;
  /** Said for a Goodreads page, and for any other link. */
  goodreadsLabel: string;
  linkLabel: string;
}

/** A book's outside link beside its pages, opening in a new tab. */
export function BookLink({ url, goodreadsLabel, linkLabel }: BookLinkProps) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconExternalLink size={14} />
        {goodreadsUrl(url) ? goodreadsLabel : linkLabel}
      </Group>
    </Anchor>
  );
}
