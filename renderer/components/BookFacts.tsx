import { Anchor, Badge, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { goodreadsUrl } from '../../shared/api/scrape';

interface BookFactsProps {
  pageCount: number | null;
  /** The book's outside link (Goodreads or any other page). */
  url: string | null;
  /** More badges, between the pages and the link. */
  children?: ReactNode;
}

/** A suggested or recommended book's pages and its outside link, opening in a new tab; each only when known. */
export function BookFacts({ pageCount, url, children }: BookFactsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mt={2}>
      {pageCount !== null && (
        <Badge variant="light" color="gray" radius="sm">
          {t('book.pages', { count: pageCount })}
        </Badge>
      )}
      {children}
      {url && (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconExternalLink size={14} />
            {goodreadsUrl(url) ? t('book.goodreads') : t('book.link')}
          </Group>
        </Anchor>
      )}
    </Group>
  );
}
