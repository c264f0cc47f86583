import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeetingQuestion } from '../../../shared/api/meeting-night';
import { ConfirmButton } from '../../components/ConfirmButton';
import { RenderedHtml } from '../../components/RenderedHtml';
import { notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { useSessionStore } from '../../store/session-store';
import { SpoilerFold } from '../progress';
import { QuestionForm } from './QuestionForm';
import { canEditQuestion, movedOrder, type NightMeeting } from './questions';
import { useChangeQuestion, useOrderQuestions, useRemoveQuestion, useSetCurrentQuestion } from './queries';

interface QuestionItemProps {
  question: MeetingQuestion;
  index: number;
  order: number[];
  isCurrent: boolean;
  meeting: NightMeeting;
  isModerator: boolean;
  /** Until the meeting is over: changes are still taken. */
  editable: boolean;
}

/** After a move, the button pressed keeps the focus (its question moved; at an end, its other arrow takes it). */
function refocusMove(questionId: number, direction: 'up' | 'down') {
  requestAnimationFrame(() => {
    const item = document.querySelector(`[data-question-id="${questionId}"]`);
    const pressed = item?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]:not(:disabled)`);
    (pressed ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  });
}

/** One question: its text (folded for spoilers), who asked, and what its author or a moderator may do with it. */
export function QuestionItem({ question, index, order, isCurrent, meeting, isModerator, editable }: QuestionItemProps) {
  const { t } = useTranslation('meetingNight');
  const userId = useSessionStore((s) => s.myProfile?.userId);
  const [editing, setEditing] = useState(false);
  const change = useChangeQuestion(meeting.meetingId).mutateAsync;
  const remove = useRemoveQuestion(meeting.meetingId).mutateAsync;
  const reorder = useOrderQuestions(meeting.meetingId).mutateAsync;
  const setCurrent = useSetCurrentQuestion(meeting.meetingId).mutateAsync;
  const moving = useAction({ failureKey: 'meetingNight:toast.orderFailed' });
  const choosing = useAction({ failureKey: 'meetingNight:toast.currentFailed' });
  const mayEdit = editable && canEditQuestion(question, { userId, isModerator });
  const number = index + 1;

  async function move(direction: 'up' | 'down') {
    const moved = await moving.run(() => reorder(movedOrder(order, index, direction === 'up' ? -1 : 1)));
    if (moved) refocusMove(question.questionId, direction);
  }

  return (
    <li data-testid="question" data-question-id={question.questionId} data-current={isCurrent || undefined}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        bg={isCurrent ? 'var(--bookclub-color-accent-surface)' : undefined}
        style={isCurrent ? { borderColor: 'var(--bookclub-color-accent-border)' } : undefined}
      >
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <Text size="sm" c="dimmed" style={{ minWidth: 0 }}>
              <Text span fw={700} c="var(--bookclub-color-accent)">
                {number}.
              </Text>{' '}
              {t('questions.askedBy', { name: question.authorName })}
            </Text>
            {isCurrent && (
              <Badge variant="filled" radius="sm" style={{ flexShrink: 0 }} maw="100%" data-testid="question-current">
                {t('questions.current')}
              </Badge>
            )}
          </Group>
          {editing ? (
            <QuestionForm
              initial={{ text: question.text, hasSpoilers: question.hasSpoilers }}
              submitLabel={t('questions.save')}
              failureKey="meetingNight:toast.changeFailed"
              testId="edit-question"
              onCancel={() => setEditing(false)}
              onSubmit={async (changes) => {
                await change({ questionId: question.questionId, changes });
                notifySuccess(t('toast.changed'));
                setEditing(false);
              }}
            />
          ) : (
            <SpoilerFold
              item={{ hasSpoilers: question.hasSpoilers, ownerId: question.authorId, ownerName: question.authorName }}
              spoilerBookId={meeting.bookId}
              kind="question"
            >
              <RenderedHtml html={question.textHtml} testId="question-text" />
            </SpoilerFold>
          )}
          {!editing && (mayEdit || (isModerator && editable)) && (
            <Group gap="xs" justify="space-between">
              <div>
                {isModerator && editable && (
                  <Button
                    size="compact-md"
                    variant={isCurrent ? 'subtle' : 'light'}
                    leftSection={isCurrent ? <IconPlayerStop size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />}
                    loading={choosing.busy}
                    onClick={() => void choosing.run(() => setCurrent(isCurrent ? null : question.questionId))}
                    aria-label={isCurrent ? t('questions.stopLabel', { number }) : t('questions.discussLabel', { number })}
                    data-testid={isCurrent ? 'stop-discussing' : 'discuss-now'}
                  >
                    {isCurrent ? t('questions.stop') : t('questions.discuss')}
                  </Button>
                )}
              </div>
              <Group gap={4} wrap="nowrap" ml="auto">
                {mayEdit && (
                  <Tooltip label={t('questions.edit')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      onClick={() => setEditing(true)}
                      aria-label={t('questions.editLabel', { number })}
                      data-testid="edit-question-button"
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
                {mayEdit && (
                  <ConfirmButton
                    size="compact-lg"
                    px={8}
                    variant="subtle"
                    color="red"
                    confirmColor="red"
                    title={t('questions.removeTitle')}
                    message={t('questions.removeMessage')}
                    confirmLabel={t('questions.remove')}
                    aria-label={t('questions.removeLabel', { number })}
                    focusAfter="#meeting-questions-title"
                    testId="remove-question"
                    onConfirm={async () => {
                      await remove(question.questionId);
                      notifySuccess(t('toast.removed'));
                    }}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ConfirmButton>
                )}
                {isModerator && editable && order.length > 1 && (
                  <>
                    <Tooltip label={t('questions.moveUp')} withArrow>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        disabled={index === 0 || moving.busy}
                        onClick={() => void move('up')}
                        aria-label={t('questions.moveUpLabel', { number })}
                        data-move="up"
                      >
                        <IconArrowUp size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('questions.moveDown')} withArrow>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        disabled={index === order.length - 1 || moving.busy}
                        onClick={() => void move('down')}
                        aria-label={t('questions.moveDownLabel', { number })}
                        data-move="down"
                      >
                        <IconArrowDown size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </>
                )}
              </Group>
            </Group>
          )}
        </Stack>
      </Paper>
    </li>
  );
}
