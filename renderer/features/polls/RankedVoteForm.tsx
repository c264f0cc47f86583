import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { voteSchema, type Poll } from '../../../shared/api/polls';
import { announce } from '../../lib/announce';
import { schemaChecks } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { refocusWhenLost } from '../../lib/refocus';
import { useFormSubmit } from '../../lib/use-form-submit';
import { RankedRow, UnrankedRow, controlSelector } from './RankedOptionRow';
import { useVote } from './queries';
import { addToRanking, moveBy, moveTo, neighbourAfterLeaving, removeFromRanking, unrankedOf } from './ranking';
import { useDragSort } from './use-drag-sort';

const LIST: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-xs)', listStyle: 'none', margin: 0, padding: 0 };

/**
 * A ranked poll's ballot (DECISIONS.md, "Ranked choice and check-in"): the member adds the options they would
 * read to their ranking and orders it, most wanted first, by dragging an option's handle or with its up and
 * down buttons; the rest stay out. Each button keeps focus where it was (or passes it to the option that
 * takes its place) and says politely where the option now stands. The vote sends the ranking in order.
 */
export function RankedVoteForm({ poll }: { poll: Poll }) {
  const { t } = useTranslation('polls');
  const vote = useVote(poll.pollId).mutateAsync;
  const [previewed, setPreviewed] = useState<number | null>(null);
  const checks = schemaChecks(voteSchema, t);
  const form = useForm({
    initialValues: { postIds: [] as number[] },
    validate: (values) => (values.postIds.length === 0 ? { postIds: t('ranked.required') } : checks.validate(values)),
    transformValues: checks.transformValues,
  });
  // SPEC section 8: a failed vote shows the server's reason; the ranking stays.
  const { submit, busy, formError } = useFormSubmit(form, {
    async action({ postIds }) {
      await vote(postIds);
      notifySuccess(t('toast.voted'));
      refocusWhenLost(['[data-testid="poll-outcome"]', '#results-title']);
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // The control to focus once the lists are redrawn (its option may have moved to the other list).
  const focusNext = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!focusNext.current) return;
    formRef.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const ranked = form.values.postIds;
  const posts = new Map(poll.options.map((post) => [post.postId, post]));
  const unranked = unrankedOf(
    poll.options.map((post) => post.postId),
    ranked,
  );
  const titleOf = (postId: number) => posts.get(postId)?.title ?? '';
  const sayPlace = (key: 'ranked.moved' | 'ranked.added', postId: number, ranking: number[]) =>
    announce(t(key, { title: titleOf(postId), position: t('ranked.position', { count: ranking.indexOf(postId) + 1, ordinal: true }), total: ranking.length }));

  function change(next: number[], focus: string) {
    focusNext.current = focus;
    form.setFieldValue('postIds', next);
  }
  function move(postId: number, by: -1 | 1) {
    const next = moveBy(ranked, postId, by);
    if (next === ranked) return;
    change(next, controlSelector(postId, by < 0 ? 'up' : 'down'));
    sayPlace('ranked.moved', postId, next);
  }
  function add(postId: number) {
    const next = addToRanking(ranked, postId);
    const neighbour = neighbourAfterLeaving(unranked, postId);
    change(next, neighbour === null ? controlSelector(postId, 'up') : controlSelector(neighbour, 'add'));
    sayPlace('ranked.added', postId, next);
  }
  function remove(postId: number) {
    const neighbour = neighbourAfterLeaving(ranked, postId);
    change(removeFromRanking(ranked, postId), neighbour === null ? controlSelector(postId, 'add') : controlSelector(neighbour, 'remove'));
    announce(t('ranked.removed', { title: titleOf(postId) }));
  }
  const { dragged, handleProps } = useDragSort({
    list: listRef,
    onMove: (postId, index) => form.setFieldValue('postIds', (ids) => moveTo(ids, postId, index)),
    onDrop: (postId) => sayPlace('ranked.moved', postId, form.getValues().postIds),
  });

  const error = form.errors.postIds ?? formError;
  const errorId = `vote-error-${poll.pollId}`;
  const preview = (postId: number) => ({
    previewed: previewed === postId,
    onPreview: () => setPreviewed((id) => (id === postId ? null : postId)),
  });

  return (
    <Card withBorder shadow="sm" padding="lg" component="form" ref={formRef} onSubmit={submit} noValidate data-testid="ranked-vote-form">
      <Title order={2} size="h4" id="ranked-vote-title">
        {t('vote.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('ranked.hint')}
      </Text>
      <div role="group" aria-labelledby="ranked-vote-title" aria-describedby={error ? errorId : undefined}>
        <Title order={3} size="h6" mb="xs" id="your-ranking">
          {t('ranked.yourRanking')}
        </Title>
        {ranked.length > 0 ? (
          <ol ref={listRef} style={LIST} aria-labelledby="your-ranking" data-testid="ranking">
            {ranked.map((postId, index) => (
              <RankedRow
                key={postId}
                post={posts.get(postId)!}
                topic={poll.topic}
                place={index + 1}
                total={ranked.length}
                {...preview(postId)}
                onMove={(by) => move(postId, by)}
                onRemove={() => remove(postId)}
                dragging={dragged === postId}
                handleProps={handleProps(postId)}
              />
            ))}
          </ol>
        ) : (
          <Text size="sm" c="dimmed" data-testid="ranking-empty">
            {t('ranked.empty')}
          </Text>
        )}
        <Title order={3} size="h6" mt="lg" mb="xs" id="not-ranked">
          {t('ranked.notRanked')}
        </Title>
        {unranked.length > 0 ? (
          <ul style={LIST} aria-labelledby="not-ranked" data-testid="not-ranked">
            {unranked.map((postId) => (
              <UnrankedRow key={postId} post={posts.get(postId)!} topic={poll.topic} {...preview(postId)} onAdd={() => add(postId)} />
            ))}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ranked.allRanked')}
          </Text>
        )}
      </div>
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
          {t('ranked.count', { ranked: ranked.length, total: poll.options.length })}
        </Text>
      </Group>
    </Card>
  );
}
