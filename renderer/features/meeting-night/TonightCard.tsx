import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCheckbox, IconDeviceTv, IconEye, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Poll } from '../../../shared/api/poll';
import { pages } from '../../../shared/pages';
import { ConfirmButton } from '../../components/ConfirmButton';
import { RenderedHtml } from '../../components/RenderedHtml';
import { notifySuccess } from '../../lib/notify';
import { useSessionStore } from '../../store/session-store';
import { RankedVoteForm, VoteForm } from '../polls';
import { SpoilerFold } from '../progress';
import { currentQuestionOf, type NightMeeting } from './questions';
import { useQuestions, useReveal, useTonightPoll } from './queries';

/**
 * The meeting's page on a phone while the meeting is on: the question being discussed and the poll to vote
 * in, both live. Moderators also open the room view for the TV and reveal the poll's counts to the room.
 */
export function TonightCard({ meeting, isModerator }: { meeting: NightMeeting; isModerator: boolean }) {
  const { t } = useTranslation('meetingNight');
  const tonight = useTonightPoll(meeting.meetingId);
  const current = currentQuestionOf(useQuestions(meeting.meetingId).data);
  const reveal = useReveal(meeting.meetingId).mutateAsync;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="tonight-title" data-testid="tonight" bg="var(--bookclub-color-accent-surface)">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconSparkles size={20} color="var(--bookclub-color-accent)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="tonight-title">
          {t('tonight.title')}
        </Title>
      </Group>
      <Stack gap="md">
        <div data-testid="tonight-question">
          <Text fw={700} size="sm" c="var(--bookclub-color-accent)" mb={4}>
            {t('tonight.question')}
          </Text>
          {current ? (
            <SpoilerFold
              item={{ hasSpoilers: current.hasSpoilers, ownerId: current.authorId, ownerName: current.authorName }}
              spoilerBookId={meeting.bookId}
              kind="question"
            >
              <RenderedHtml html={current.textHtml} testId="tonight-question-text" />
            </SpoilerFold>
          ) : (
            <Text size="sm">{t('tonight.noQuestion')}</Text>
          )}
        </div>
        {tonight && <TonightPoll {...tonight} />}
        {isModerator && (
          <Group gap="sm">
            <Button
              component={Link}
              to={pages.room(meeting.meetingId)}
              target="_blank"
              variant="filled"
              leftSection={<IconDeviceTv size={18} aria-hidden />}
              data-testid="open-room"
            >
              {t('tonight.openRoom')}
            </Button>
            {tonight && !tonight.poll.isClosed && !tonight.revealed && (
              <ConfirmButton
                variant="light"
                leftSection={<IconEye size={18} aria-hidden />}
                title={t('tonight.revealTitle')}
                message={t('tonight.revealMessage')}
                confirmLabel={t('tonight.reveal')}
                testId="reveal-votes"
                focusAfter='[data-testid="open-room"]'
                onConfirm={async () => {
                  await reveal();
                  notifySuccess(t('toast.revealed'));
                }}
              >
                {t('tonight.reveal')}
              </ConfirmButton>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The poll of the evening: how many have voted, and the way to vote (or to see the result). */
function TonightPoll({ poll, voted, total, winner }: { poll: Poll; voted: number; total: number; winner: string | null }) {
  const { t } = useTranslation('meetingNight');
  const userId = useSessionStore((s) => s.myProfile?.userId);
  const mine = !!userId && poll.results.alreadyVoted.includes(userId);
  return (
    <div data-testid="tonight-poll">
      <Text fw={700} size="sm" c="var(--bookclub-color-accent)" mb={4}>
        {poll.isClosed ? t('poll.closed') : t('poll.open')}
      </Text>
      <Text fw={600}>{poll.title}</Text>
      <Text size="sm" mt={4} data-testid="tonight-voted">
        {t('poll.voted', { count: voted, total })}
      </Text>
      <Progress value={total ? (100 * voted) / total : 0} size="sm" mt={4} mb="sm" aria-label={t('poll.votedLabel')} />
      {winner && (
        <Text size="sm" mb="sm" fw={600}>
          {t('poll.winner', { title: winner })}
        </Text>
      )}
      {!poll.isClosed && !mine ? (
        // The ballot itself, as the poll's page has it: a phone votes without leaving the evening's page.
        poll.votingMethod === 'ranked' ? (
          <RankedVoteForm key={poll.pollId} poll={poll} />
        ) : (
          <VoteForm key={poll.pollId} poll={poll} />
        )
      ) : (
        <Button
          component={Link}
          to={pages.poll(poll.pollId)}
          size="sm"
          variant="light"
          leftSection={<IconCheckbox size={18} aria-hidden />}
          data-testid="tonight-vote"
        >
          {poll.isClosed ? t('tonight.seeResult') : t('tonight.seeVote')}
        </Button>
      )}
    </div>
  );
}
