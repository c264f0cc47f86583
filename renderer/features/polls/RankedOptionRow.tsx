import { ActionIcon, Button, Collapse, Group, Paper, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post, Topic } from '../../../shared/api/discussions';
import { OptionPreview } from './OptionPreview';
import { OptionTitle } from './OptionTitle';

/** What a ranked ballot's controls are called by (`data-rank-control="{postId}:{control}"`): focus comes back to them. */
export type RankControl = 'up' | 'down' | 'remove' | 'add';

export const controlSelector = (postId: number, control: RankControl) => `[data-rank-control="${postId}:${control}"]`;

interface OptionFrameProps {
  post: Post;
  topic: Topic;
  previewed: boolean;
  onPreview(): void;
  /** Before the title: the drag handle and the place. */
  lead?: ReactNode;
  /** After the title; they wrap below it when the row is narrow (a phone). */
  controls: ReactNode;
  ranked: boolean;
  dragging?: boolean;
}

/** One option of a ranked ballot, as a list item: what leads, the title that opens its suggestion, the controls. */
function OptionFrame({ post, topic, previewed, onPreview, lead, controls, ranked, dragging = false }: OptionFrameProps) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      px="sm"
      py={8}
      shadow={dragging ? 'md' : undefined}
      bg={ranked ? 'var(--bookclub-color-accent-surface)' : 'var(--mantine-color-body)'}
      style={{
        borderColor: dragging ? 'var(--mantine-color-burgundy-6)' : ranked ? 'var(--mantine-color-burgundy-3)' : undefined,
        position: 'relative',
        zIndex: dragging ? 1 : undefined,
      }}
      data-testid={ranked ? 'ranked-option' : 'unranked-option'}
      data-rank-item={ranked ? post.postId : undefined}
      data-dragging={dragging || undefined}
    >
      <Group wrap="nowrap" gap="xs" align="center">
        {lead}
        <Group wrap="wrap" gap="xs" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
          <OptionTitle post={post} previewed={previewed} onPreview={onPreview} style={{ flex: '1 1 8rem', minWidth: 0 }} />
          <Group gap={4} wrap="nowrap">
            {controls}
          </Group>
        </Group>
      </Group>
      <Collapse expanded={previewed} id={`option-preview-${post.postId}`} keepMounted={false}>
        <OptionPreview post={post} topic={topic} />
      </Collapse>
    </Paper>
  );
}

interface RankedRowProps {
  post: Post;
  topic: Topic;
  /** 1 for the most wanted. */
  place: number;
  total: number;
  previewed: boolean;
  onPreview(): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  dragging: boolean;
  handleProps: { onPointerDown(event: React.PointerEvent): void; style: React.CSSProperties };
}

/**
 * A ranked option: a handle to drag it by (pointer, touch), its place, and buttons to move it up or down and
 * to take it out of the ranking. At either end its move stays focusable and says it cannot (aria-disabled),
 * so focus stays where it was.
 */
export function RankedRow({ post, topic, place, total, previewed, onPreview, onMove, onRemove, dragging, handleProps }: RankedRowProps) {
  const { t } = useTranslation('polls');
  const atTop = place === 1;
  const atBottom = place === total;
  const lead = (
    <>
      <div
        {...handleProps}
        aria-hidden
        title={t('ranked.drag')}
        data-testid="drag-handle"
        style={{ ...handleProps.style, display: 'flex', alignItems: 'center', alignSelf: 'stretch', padding: '0 2px', color: 'var(--mantine-color-dimmed)' }}
      >
        <IconGripVertical size={20} />
      </div>
      <Text
        component="span"
        fw={700}
        size="sm"
        ta="center"
        c="var(--mantine-color-white)"
        bg="var(--mantine-color-burgundy-8)"
        style={{ flexShrink: 0, width: 26, height: 26, lineHeight: '26px', borderRadius: '50%' }}
        data-testid="rank-place"
      >
        {place}
      </Text>
    </>
  );
  const controls = (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('ranked.up', { title: post.title })}
        aria-disabled={atTop || undefined}
        data-disabled={atTop || undefined}
        data-rank-control={`${post.postId}:up`}
        onClick={() => !atTop && onMove(-1)}
      >
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('ranked.down', { title: post.title })}
        aria-disabled={atBottom || undefined}
        data-disabled={atBottom || undefined}
        data-rank-control={`${post.postId}:down`}
        onClick={() => !atBottom && onMove(1)}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('ranked.remove', { title: post.title })}
        data-rank-control={`${post.postId}:remove`}
        onClick={onRemove}
      >
        <IconX size={18} aria-hidden />
      </ActionIcon>
    </>
  );
  return <OptionFrame post={post} topic={topic} previewed={previewed} onPreview={onPreview} lead={lead} controls={controls} ranked dragging={dragging} />;
}

/** An option the ranking leaves out, with a button that adds it, last. */
export function UnrankedRow({ post, topic, previewed, onPreview, onAdd }: { post: Post; topic: Topic; previewed: boolean; onPreview(): void; onAdd(): void }) {
  const { t } = useTranslation('polls');
  const controls = (
    <Button
      variant="light"
      size="compact-md"
      leftSection={<IconPlus size={16} aria-hidden />}
      aria-label={t('ranked.add', { title: post.title })}
      data-rank-control={`${post.postId}:add`}
      onClick={onAdd}
    >
      {t('ranked.addShort')}
    </Button>
  );
  return <OptionFrame post={post} topic={topic} previewed={previewed} onPreview={onPreview} controls={controls} ranked={false} />;
}
