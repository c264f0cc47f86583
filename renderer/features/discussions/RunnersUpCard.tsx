import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Discussion } from '../../../shared/api/discussions';
import type { RunnerUp } from '../../../shared/api/runners-up';
import { pages } from '../../../shared/pages';
import { announce } from '../../lib/announce';
import { handleError } from '../../lib/notify';
import { useSessionStore } from '../../store/session-store';
import { pitchedAgain, usePitchAgain, useRunnersUp } from './runners-up';

/**
 * Last round's runners-up in an open Books discussion: everyone sees them, and each owner pitches theirs again
 * with one click (a repost, which keeps the link to the earlier suggestion).
 */
export function RunnersUpCard({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation('runnersUp');
  const { data } = useRunnersUp(discussion);
  if (!data || data.runnersUp.length === 0) return null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="runners-up-title" data-testid="runners-up">
      <Title order={2} size="h4" id="runners-up-title">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('intro', { round: data.roundTitle, winner: data.winnerTitle })}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.runnersUp.map((runnerUp) => (
          <RunnerUpItem key={runnerUp.post.postId} runnerUp={runnerUp} discussion={discussion} />
        ))}
      </Stack>
    </Card>
  );
}

function RunnerUpItem({ runnerUp, discussion }: { runnerUp: RunnerUp; discussion: Discussion }) {
  const { t } = useTranslation('runnersUp');
  const myId = useSessionStore((s) => s.myProfile?.userId);
  const pitch = usePitchAgain(discussion.discussionId);
  const { post, votes } = runnerUp;
  const repost = pitchedAgain(runnerUp, discussion.posts);
  const isMine = post.ownerId === myId;

  const pitchAgain = async () => {
    try {
      const created = await pitch.mutateAsync(post);
      announce(t('pitched', { title: created.title }));
    } catch (error) {
      handleError(error, 'runnersUp:pitchFailed');
    }
  };

  return (
    <li data-testid="runner-up" data-post-id={post.postId}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0, flex: '1 1 180px' }}>
          <Anchor component={Link} to={pages.post(post.discussionId, post.postId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {post.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('byline', { author: post.author ?? '', owner: post.ownerName || t('formerMember'), count: votes })}
          </Text>
        </div>
        {repost ? (
          <Badge variant="outline" radius="sm" leftSection={<IconRepeat size={12} aria-hidden />} data-testid="pitched-again">
            {t('pitchedAgain')}
          </Badge>
        ) : (
          isMine && (
            <Button size="xs" variant="light" leftSection={<IconRepeat size={14} aria-hidden />} loading={pitch.isPending} onClick={() => void pitchAgain()}>
              {t('pitchAgain')}
            </Button>
          )
        )}
      </Group>
    </li>
  );
}
