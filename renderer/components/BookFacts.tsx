import { Anchor, Badge, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bookLinkSite, publicationYearText } from './book-facts';

interface BookFactsProps {
  /** The year it was first published. */
  year: number | null;
  pageCount: number | null;
  /** The book's outside link (Goodreads, Open Library or any other page). */
  url: string | null;
  /** More badges, between the pages and the link. */
  children?: ReactNode;
}

/** A suggested or recommended book's year, pages and its outside link, opening in a new tab; each only when known. */
export function BookFacts({ year, pageCount, url, children }: BookFactsProps) {
  const { t } = useTranslation();
  const site = url ? bookLinkSite(url) : null;
  return (
    <Group gap="xs" mt={2}>
      {year !== null && (
        <Badge variant="light" color="gray" radius="sm" data-testid="book-year">
          {publicationYearText(year, t)}
        </Badge>
      )}
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
            {site === 'goodreads' ? t('book.goodreads') : site === 'openLibrary' ? t('book.openLibrary') : t('book.link')}
          </Group>
        </Anchor>
      )}
    </Group>
  );
}
