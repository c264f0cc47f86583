import { Anchor, Badge, Group, Text, Timeline } from '@mantine/core';
import { IconCheck, IconEye, IconLock, IconLockOpen, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ReadingPart } from '../../../shared/api/reading-plan';
import { pages } from '../../../shared/pages';
import { clubPartOf, fromPageOf, openPartOf } from './plan-position';
import { useDueWords } from './PlanStatus';

/**
 * The schedule as a timeline, in reading order: each part's pages, due day, how many comments it has, and
 * whether it is open to the member or sealed, its title the link to its discussion. The member's open part
 * (the first they have not reached, else where the club is) is the timeline's active point and is marked.
 */
export function PartTimeline({ bookId, parts, now = new Date() }: { bookId: number; parts: readonly ReadingPart[]; now?: Date }) {
  const { t } = useTranslation('readingPlan');
  const dueWords = useDueWords();
  const open = openPartOf(parts, now);
  const club = clubPartOf(parts, now);
  const active = parts.findIndex((part) => part.partId === open?.partId);

  return (
    <Timeline active={active} bulletSize={26} lineWidth={2} data-testid="part-timeline" aria-label={t('timeline.label')}>
      {parts.map((part) => {
        const isOpen = part.reached || part.revealed;
        const isCurrent = part.partId === open?.partId;
        return (
          <Timeline.Item
            key={part.partId}
            bullet={part.reached ? <IconCheck size={14} aria-hidden /> : part.revealed ? <IconEye size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
            data-testid="timeline-part"
            data-part-id={part.partId}
            data-current={isCurrent || undefined}
            title={
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={pages.readingPart(bookId, part.partId)} fw={700} data-testid="part-link">
                  {part.title}
                </Anchor>
                {isCurrent && !part.reached && (
                  <Badge size="sm" variant="filled" data-testid="part-current">
                    {t('timeline.yourNext')}
                  </Badge>
                )}
                {part.partId === club?.partId && (
                  <Badge size="sm" variant="light">
                    {t('timeline.clubHere')}
                  </Badge>
                )}
              </Group>
            }
          >
            <Text size="sm" c="dimmed">
              {t('timeline.pages', { from: fromPageOf(parts, part), to: part.toPage })} ·{' '}
              {Date.parse(part.dueOn) >= now.getTime() ? t('timeline.due', { day: dueWords(part, now) }) : t('timeline.wasDue', { day: dueWords(part, now) })}
            </Text>
            <Group gap="sm" mt={4}>
              <Badge
                size="sm"
                variant="light"
                color={isOpen ? 'green' : 'gray'}
                leftSection={isOpen ? <IconLockOpen size={12} aria-hidden /> : <IconLock size={12} aria-hidden />}
                data-testid="part-state"
              >
                {isOpen ? t('timeline.open') : t('timeline.sealed')}
              </Badge>
              <Group gap={4} wrap="nowrap">
                <IconMessage size={14} aria-hidden />
                <Text size="sm" data-testid="part-count">
                  {t('timeline.comments', { count: part.commentCount })}
                </Text>
              </Group>
            </Group>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
