import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isFoldedForReader, type SpoilerMarked } from '../../../shared/spoiler-fold';
import { useSessionStore } from '../../store/session-store';
import { useBookProgress } from './queries';

export interface SpoilerFoldProps {
  item: SpoilerMarked & { ownerName: string };
  /**
   * The book whose finishing opens it (shared/spoiler-fold.ts): a review's own, a suggestion's the club's
   * current one, a meeting's question the meeting's book; null when there is none.
   */
  spoilerBookId: number | null;
  /** What kind of thing is folded: the notice says it. */
  kind: 'review' | 'post' | 'question';
  children: ReactNode;
}

/**
 * A review's or a suggestion's text, folded when its author marked it as containing spoilers and the reader
 * has not finished its book (their own progress, shared or not): a notice says so, and "Show anyway" opens
 * it (a button with aria-expanded, so keyboards and screen readers reach and follow it). Never hidden
 * without a way to read it; its author always sees it. Until the reader's progress is known it stays folded.
 */
export function SpoilerFold({ item, spoilerBookId, kind, children }: SpoilerFoldProps) {
  const { t } = useTranslation('progress');
  const userId = useSessionStore((s) => s.myProfile?.userId);
  const asksProgress = item.hasSpoilers && item.ownerId !== userId && spoilerBookId !== null;
  const finished = !!useBookProgress(asksProgress ? spoilerBookId : null).data?.mine?.finished;
  const [open, setOpen] = useState(false);
  const contentId = useId();

  if (!item.hasSpoilers) return children;
  if (!isFoldedForReader(item, { userId, finishedSpoilerBook: finished })) {
    return (
      <Stack gap={6}>
        <Badge variant="light" color="gray" radius="sm" size="sm" leftSection={<IconEyeOff size={12} aria-hidden />} data-testid="spoiler-mark">
          {t('mark.label')}
        </Badge>
        {children}
      </Stack>
    );
  }

  const name = item.ownerName || t('fold.someone');
  const why =
    kind === 'review'
      ? t('fold.reviewWhy', { name })
      : spoilerBookId === null
        ? t(kind === 'post' ? 'fold.postWhyNoBook' : 'fold.questionWhyNoBook', { name })
        : t(kind === 'post' ? 'fold.postWhy' : 'fold.questionWhy', { name });
  return (
    <Stack gap="sm" data-testid="spoiler-fold" data-open={open}>
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
        <Group justify="space-between" gap="sm" align="center">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <IconEyeOff size={20} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {t('fold.title')}
              </Text>
              <Text size="sm" c="dimmed">
                {why}
              </Text>
            </div>
          </Group>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={open ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => setOpen((wasOpen) => !wasOpen)}
            data-testid="spoiler-toggle"
          >
            {open ? t('fold.hide') : t('fold.show')}
          </Button>
        </Group>
      </Paper>
      <div id={contentId} hidden={!open}>
        {open && children}
      </div>
    </Stack>
  );
}
