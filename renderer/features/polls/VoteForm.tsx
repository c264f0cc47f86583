import { Button, Card, Checkbox, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post, Topic } from '../../../shared/api/discussions';
import { voteSchema, type Poll } from '../../../shared/api/polls';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { refocusWhenLost } from '../../lib/refocus';
import { OptionPreview } from './OptionPreview';
import { OptionTitle } from './OptionTitle';
import { useVote } from './queries';

/** The ballot: tick every option you approve of (at least one); an option's title opens its suggestion. */
export function VoteForm({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const vote = useVote(poll.pollId).mutateAsync;
  const [previewed, setPreviewed] = useState<number | null>(null);
  const form = useForm({ initialValues: { postIds: [] as number[] }, ...schemaChecks(voteSchema, t) });
  // SPEC section 8: a failed vote shows the server's reason; the ticks stay.
  const { submit, busy } = useFormSubmit(form, {
    async action({ postIds }) {
      await vote(postIds);
      notifySuccess(t('toast.voted'));
      // The results take the ballot's place (or the outcome, when this vote closed the poll): focus goes there.
      refocusWhenLost(['[data-testid="poll-outcome"]', '#results-title']);
    },
  });
  const selected = form.values.postIds;
  const error = form.errors.postIds;
  const errorId = `vote-error-${poll.pollId}`;

  function toggle(postId: number, checked: boolean) {
    form.setFieldValue('postIds', (ids) => (checked ? [...ids, postId] : ids.filter((id) => id !== postId)));
  }

  return (
    <Card withBorder shadow="sm" padding="lg" component="form" onSubmit={submit} noValidate data-testid="vote-form">
      <Title order={2} size="h4">
        {t('vote.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('vote.hint')}
      </Text>
      <Stack gap="xs" role="group" aria-label={t('vote.title')} aria-describedby={error ? errorId : undefined}>
        {poll.options.map((post) => (
          <OptionRow
            key={post.postId}
            post={post}
            topic={poll.topic}
            checked={selected.includes(post.postId)}
            onCheck={(checked) => toggle(post.postId, checked)}
            previewed={previewed === post.postId}
            onPreview={() => setPreviewed((id) => (id === post.postId ? null : post.postId))}
          />
        ))}
      </Stack>
      {error && (
        <Text c="var(--mantine-color-error)" size="sm" mt="sm" role="alert" id={errorId} data-testid="vote-error">
          {error}
        </Text>
      )}
      <Group mt="md" gap="sm">
        <Button type="submit" loading={busy} size="md">
          {t('vote.submit')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('vote.selected', { count: selected.length })}
        </Text>
      </Group>
    </Card>
  );
}

interface OptionRowProps {
  post: Post;
  topic: Topic;
  checked: boolean;
  onCheck(checked: boolean): void;
  previewed: boolean;
  onPreview(): void;
}

function OptionRow({ post, topic, checked, onCheck, previewed, onPreview }: OptionRowProps) {
  const previewId = `option-preview-${post.postId}`;
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={10}
      bg={checked ? 'var(--bookclub-color-accent-surface)' : 'var(--mantine-color-body)'}
      style={{ borderColor: checked ? 'var(--mantine-color-burgundy-3)' : undefined, transition: 'background 120ms' }}
      data-testid="poll-option"
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <Checkbox size="md" checked={checked} onChange={(e) => onCheck(e.currentTarget.checked)} aria-label={post.title} />
        <OptionTitle post={post} previewed={previewed} onPreview={onPreview} style={{ flex: 1, minWidth: 0 }} />
      </Group>
      <Collapse expanded={previewed} id={previewId} keepMounted={false}>
        <OptionPreview post={post} topic={topic} />
      </Collapse>
    </Paper>
  );
}
