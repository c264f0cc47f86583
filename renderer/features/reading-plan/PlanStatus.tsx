import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProgressEntry } from '../../../shared/api/progress';
import type { ReadingPart } from '../../../shared/api/reading-plan';
import { pages } from '../../../shared/pages';
import { formatDate } from '../../lib/format-date';
import { currentLanguage } from '../../lib/i18n';
import { clubPartOf, dueThisWeek, standingOf } from './plan-position';

/** A due day in words: the weekday when it is this week ("Friday"), else the date. */
export function useDueWords() {
  return (part: Pick<ReadingPart, 'dueOn'>, now: Date) =>
    dueThisWeek(part, now) ? new Intl.DateTimeFormat(currentLanguage(), { weekday: 'long' }).format(new Date(part.dueOn)) : formatDate(part.dueOn);
}

interface PlanStatusProps {
  bookId: number;
  parts: readonly ReadingPart[];
  pageCount: number | null;
  mine: ProgressEntry | null;
  now?: Date;
}

/**
 * Where the club is in the book's schedule ("This week: Chapters 10–18, by Friday", its title a link to the
 * part's discussion) and where the member is against it, from their reading progress.
 */
export function PlanStatus({ bookId, parts, pageCount, mine, now = new Date() }: PlanStatusProps) {
  const { t } = useTranslation('readingPlan');
  const dueWords = useDueWords();
  const club = clubPartOf(parts, now);
  const last = parts.at(-1);
  if (!last) return null;
  const link = (part: ReadingPart) => (
    <Anchor component={Link} to={pages.readingPart(bookId, part.partId)} fw={600}>
      {part.title}
    </Anchor>
  );
  const standing = standingOf(club ?? last, mine, pageCount);
  return (
    <Stack gap={2} data-testid="plan-status">
      <Text data-testid="plan-club">
        {club ? (
          <>
            {dueThisWeek(club, now) ? t('status.thisWeek') : t('status.next')} {link(club)}
            {t('status.by', { day: dueWords(club, now) })}
          </>
        ) : (
          t('status.over', { date: formatDate(last.dueOn) })
        )}
      </Text>
      <Text size="sm" c="dimmed" data-testid="plan-me">
        {standing.kind === 'none'
          ? t('status.me.none')
          : standing.kind === 'reached'
            ? club
              ? standing.page !== null
                ? t('status.me.reachedPage', { page: standing.page })
                : t('status.me.reached')
              : t('status.me.done')
            : standing.kind === 'page'
              ? t('status.me.page', { page: standing.page, count: standing.pagesLeft })
              : t('status.me.percent', { percent: standing.percent })}
      </Text>
    </Stack>
  );
}
