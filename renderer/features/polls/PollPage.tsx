import { Anchor, Badge, Grid, Group, Stack } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { BackLink } from '../../components/BackLink';
import { OpenClosedBadge } from '../../components/OpenClosedBadge';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { ClosePollCard } from './ClosePollCard';
import { PollDeadline } from './PollDeadline';
import { PollDeadlineCard } from './PollDeadlineCard';
import { PollOutcome } from './PollOutcome';
import { PollProgressCard } from './PollProgressCard';
import { PollResultsCard } from './PollResultsCard';
import { RankedResultsCard } from './RankedResultsCard';
import { RankedVoteForm } from './RankedVoteForm';
import { VoteForm } from './VoteForm';
import { hasVoted } from './poll-results';
import { useAnnounceClose } from './announce-close';
import { usePoll } from './queries';

/** A poll: the ballot (approval, or ranked) until the member votes, then results; progress; the outcome once closed. */
export function PollPage() {
  const { t } = useTranslation('polls');
  const pollId = Number(useParams().pollId);
  const { data: info, error, isError } = usePoll(pollId);
  useAnnounceClose(info?.poll);
  const profile = useSessionStore((s) => s.myProfile);
  const isModerator = useSessionStore(selectIsModerator);

  if (isError) return <LoadFailed title={t('pages:poll')} error={error} backTo={pages.rounds()} backLabel={t('backToRounds')} />;
  if (!info) return <PageLoader />;

  const { poll } = info;
  const showBallot = !poll.isClosed && !hasVoted(info, profile?.userId);
  const isRanked = poll.votingMethod === 'ranked';

  return (
    <Stack gap="lg" data-testid="poll-page">
      <div>
        <BackLink to={pages.discussion(poll.discussionId)}>{t('backToDiscussion')}</BackLink>
        <PageTitle documentTitle={poll.title}>{poll.title}</PageTitle>
        <Group gap="xs" mt={-6}>
          <OpenClosedBadge isClosed={poll.isClosed} openLabel={t('open')} closedLabel={t('closed')} closedTestId="poll-closed" />
          {poll.isTiebreaker && (
            <Badge color="yellow" variant="light" radius="sm" leftSection={<IconScale size={12} />}>
              {t('tiebreaker')}
            </Badge>
          )}
          {poll.previousPollId && (
            <Anchor component={Link} to={pages.poll(poll.previousPollId)} size="sm">
              {t('previousPoll')}
            </Anchor>
          )}
        </Group>
        {!poll.isClosed && poll.closesAt && (
          <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
            <PollDeadline closesAt={poll.closesAt} hasVotes={poll.results.alreadyVoted.length > 0} />
          </div>
        )}
      </div>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {poll.isClosed && <PollOutcome poll={poll} />}
            {showBallot && (isRanked ? <RankedVoteForm key={poll.pollId} poll={poll} /> : <VoteForm key={poll.pollId} poll={poll} />)}
            {!showBallot && (isRanked ? <RankedResultsCard poll={poll} myVote={info.myVote} /> : <PollResultsCard poll={poll} myVote={info.myVote} />)}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <PollProgressCard poll={poll} />
            {isModerator && !poll.isClosed && <ClosePollCard poll={poll} />}
            {isModerator && !poll.isClosed && <PollDeadlineCard poll={poll} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
