import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { deadlineMoment, nextTick, timeLeft } from './time-left';

/**
 * When an open poll closes itself: the time left, written again as it runs down, and the moment in the
 * reader's time zone. Once it passes the server closes the poll and pushes it (PollUpdated); a poll
 * nobody voted in stays open, and says so.
 */
export function PollDeadline({
  closesAt,
  hasVotes,
  size = 'sm',
}: {
  closesAt: string;
  /** Unknown where the votes are not shown (home). */ hasVotes?: boolean;
  size?: 'xs' | 'sm';
}) {
  const { t, i18n } = useTranslation('polls');
  const now = useNow(closesAt);
  const language = i18n.language === 'sk' || i18n.language === 'en' ? i18n.language : currentLanguage();
  const left = timeLeft(closesAt, now, language);
  const moment = deadlineMoment(closesAt, language);
  const text = !left.passed
    ? t('deadline.left', { duration: left.text })
    : hasVotes === undefined
      ? t('deadline.passed')
      : hasVotes
        ? t('deadline.closing')
        : t('deadline.missed');
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="poll-deadline">
      <IconClock size={size === 'xs' ? 14 : 16} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
      <Text size={size}>
        <Text span fw={600} inherit data-testid="poll-time-left">
          {text}
        </Text>{' '}
        <Text span c="dimmed" inherit>
          {t('deadline.at', { moment })}
        </Text>
      </Text>
    </Group>
  );
}

/** The time now, moved on as often as the time left needs. */
function useNow(closesAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), nextTick(closesAt, now));
    return () => clearTimeout(timer);
  }, [closesAt, now]);
  return now;
}
