import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartComment } from '../../../shared/api/reading-plan';
import { ConfirmButton } from '../../components/ConfirmButton';
import { RenderedHtml } from '../../components/RenderedHtml';
import { formatDate } from '../../lib/format-date';
import { notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { CommentForm } from './CommentForm';
import type { useCommentWrites } from './queries';

interface PartCommentItemProps {
  comment: PartComment;
  /** Its owner or a moderator: may edit and delete it. */
  mayChange: boolean;
  writes: ReturnType<typeof useCommentWrites>;
}

/** One comment on a part: who and when, its rendered text (spoilers hidden until revealed), and edit and delete for those who may. */
export function PartCommentItem({ comment, mayChange, writes }: PartCommentItemProps) {
  const { t } = useTranslation('readingPlan');
  // The markdown being edited (read fresh when the edit opens); null while not editing.
  const [editing, setEditing] = useState<string | null>(null);
  const { run, busy } = useAction();

  function startEdit() {
    void run(async () => {
      const text = await writes.textOf(comment.commentId);
      if (text !== null) setEditing(text);
    });
  }

  return (
    <Paper component="li" withBorder p="md" data-testid="part-comment" data-comment-id={comment.commentId}>
      <Group gap="xs" mb={6} justify="space-between" wrap="wrap">
        <Text size="sm">
          <Text span fw={700}>
            {comment.ownerName}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            {formatDate(comment.createdOn)}
            {comment.editedOn && ` · ${t('comments.edited')}`}
          </Text>
        </Text>
        {mayChange && editing === null && (
          <Group gap={4}>
            <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} aria-hidden />} onClick={startEdit} loading={busy}>
              {t('comments.edit')}
            </Button>
            <ConfirmButton
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden />}
              title={t('comments.deleteTitle')}
              message={t('comments.deleteMessage')}
              confirmLabel={t('comments.delete')}
              confirmColor="red"
              focusAfter='[data-testid="comment-form-new"] textarea'
              onConfirm={async () => {
                await writes.remove(comment.commentId);
                notifySuccess(t('comments.deleted'));
              }}
            >
              {t('comments.delete')}
            </ConfirmButton>
          </Group>
        )}
      </Group>
      {editing !== null ? (
        <CommentForm
          initialText={editing}
          submitLabel={t('comments.saveEdit')}
          failureKey="readingPlan:comments.editFailed"
          testId="comment-form-edit"
          onSubmit={async (text) => {
            await writes.edit(comment.commentId, text);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <RenderedHtml html={comment.renderedText} testId="part-comment-text" />
      )}
    </Paper>
  );
}
