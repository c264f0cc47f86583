import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarQuestion, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { notifySuccess } from '../../lib/notify';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { ClosedDatePollCard, OpenDatePollCard } from './DatePollCard';
import { DatePollForm } from './DatePollForm';
import { readerZone } from './date-poll-time';
import { useDatePolls, useOpenDatePoll } from './queries';

/** How many picked or cancelled polls the meetings page keeps showing (the one a link names always shows). */
const CLOSED_SHOWN = 3;

/**
 * "Find the evening" on the meetings page: open date polls first, each with its grid, then the latest
 * decided ones. `?datePoll={id}` (the address mails and the chat link) scrolls to that poll and puts focus on
 * its heading. Moderators propose new dates here.
 */
export function DatePollsSection() {
  const { t } = useTranslation('datePolls');
  const { data: polls } = useDatePolls();
  const isModerator = useSessionStore(selectIsModerator);
  const timeZone = useMemo(() => readerZone(), []);
  const [params] = useSearchParams();
  const wanted = Number(params.get('datePoll')) || null;
  const wantedRef = useWantedPoll(wanted);

  if (!polls) return null;
  const open = polls.filter((poll) => !poll.isClosed);
  const closed = polls.filter((poll) => poll.isClosed).filter((poll, index) => index < CLOSED_SHOWN || poll.datePollId === wanted);
  if (!isModerator && open.length === 0 && closed.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="date-polls-title" data-testid="date-polls">
      <div>
        <Title order={2} size="h3" id="date-polls-title">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
      </div>
      {isModerator && <ProposeDates />}
      {open.map((poll) => (
        <OpenDatePollCard
          key={poll.datePollId}
          ref={poll.datePollId === wanted ? wantedRef : undefined}
          summary={poll}
          timeZone={timeZone}
          isModerator={isModerator}
        />
      ))}
      {closed.map((poll) => (
        <ClosedDatePollCard
          key={poll.datePollId}
          ref={poll.datePollId === wanted ? wantedRef : undefined}
          summary={poll}
          timeZone={timeZone}
          isModerator={isModerator}
        />
      ))}
    </Stack>
  );
}

/** The heading of the poll a link names: scrolled to and focused once, when it first shows. */
function useWantedPoll(wanted: number | null) {
  const shownFor = useRef<number | null>(null);
  const [heading, setHeading] = useState<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (!heading || wanted === null || shownFor.current === wanted) return;
    shownFor.current = wanted;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [heading, wanted]);
  return setHeading;
}

/** Moderators: the form to propose dates, behind a button. */
function ProposeDates() {
  const { t } = useTranslation('datePolls');
  const [open, setOpen] = useState(false);
  const propose = useOpenDatePoll().mutateAsync;

  if (!open) {
    return (
      <Group>
        <Button variant="light" leftSection={<IconCalendarQuestion size={18} />} onClick={() => setOpen(true)} data-testid="propose-dates">
          {t('propose.open')}
        </Button>
      </Group>
    );
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="propose-dates-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} size="h4" id="propose-dates-title">
          {t('propose.title')}
        </Title>
        <Button variant="subtle" size="xs" leftSection={<IconX size={16} />} onClick={() => setOpen(false)}>
          {t('propose.close')}
        </Button>
      </Group>
      <DatePollForm
        original={null}
        submitLabel={t('propose.submit')}
        failureKey="datePolls:toast.openFailed"
        thenFocus={['[data-testid="propose-dates"]']}
        onSubmit={async (poll) => {
          await propose(poll);
          notifySuccess(t('toast.opened'));
          setOpen(false);
        }}
      />
    </Card>
  );
}
