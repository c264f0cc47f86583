import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconArrowsSplit2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf } from './due-day';
import { useUpcomingMeetings } from './queries';
import { spreadEvenly, type SpreadPart } from './spread-evenly';

/**
 * "Spread evenly": how many parts, from which day, to which: the next meeting's day when one is coming (about
 * this book, else any), else a day the moderator chooses. Proposes rows; nothing is saved until the editor is.
 */
export function SpreadEvenly({ bookId, pageCount, onSpread }: { bookId: number; pageCount: number | null; onSpread(parts: SpreadPart[]): void }) {
  const { t } = useTranslation('readingPlan');
  const upcoming = useUpcomingMeetings().data ?? [];
  const meeting = upcoming.find((one) => one.bookId === bookId && !one.isCancelled) ?? upcoming.find((one) => !one.isCancelled);
  const meetingDay = meeting ? dayOf(new Date(meeting.startsAt)) : '';
  const [count, setCount] = useState('4');
  const [startDay, setStartDay] = useState(() => dayOf(new Date()));
  // Empty until the moderator chooses: the next meeting's day stands in for it.
  const [chosenEnd, setChosenEnd] = useState('');
  const endDay = chosenEnd || meetingDay;
  const [problem, setProblem] = useState<string | null>(null);

  if (!pageCount)
    return (
      <Text size="sm" c="dimmed" data-testid="spread-no-pages">
        {t('spread.noPageCount')}
      </Text>
    );

  function spread() {
    const result = spreadEvenly({ count: Number(count), pageCount: pageCount!, startDay, endDay });
    if ('problem' in result) return setProblem(t(`spread.problem.${result.problem}`));
    setProblem(null);
    onSpread(result.parts);
  }

  return (
    <Paper withBorder p="sm" bg="var(--bookclub-color-inset)" component="fieldset" data-testid="spread-evenly" style={{ minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" px={4}>
        {t('spread.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label={t('spread.count')} inputMode="numeric" value={count} onChange={(event) => setCount(event.currentTarget.value)} />
        <TextInput type="date" label={t('spread.start')} value={startDay} onChange={(event) => setStartDay(event.currentTarget.value)} />
        <TextInput
          type="date"
          label={t('spread.end')}
          description={meeting && !chosenEnd ? t('spread.endMeeting') : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={endDay}
          onChange={(event) => setChosenEnd(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group gap="sm" mt="sm" align="center">
        <Button
          variant="light"
          leftSection={<IconArrowsSplit2 size={16} aria-hidden />}
          onClick={spread}
          data-testid="spread-button"
          h="auto"
          mih={36}
          styles={{ label: { whiteSpace: 'normal' } }}
        >
          {t('spread.action', { pageCount })}
        </Button>
        {problem && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {problem}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
