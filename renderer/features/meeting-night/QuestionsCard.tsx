import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MeetingQuestions } from '../../../shared/api/meeting-night';
import { notifySuccess } from '../../lib/notify';
import { QuestionForm } from './QuestionForm';
import { QuestionItem } from './QuestionItem';
import type { NightMeeting } from './questions';
import { useAddQuestion, useQuestions } from './queries';

/**
 * A meeting's discussion questions, before the meeting and during it: in the moderators' order, the one being
 * discussed marked; spoiler questions folded for those who have not finished the meeting's book. Members add
 * questions until the meeting is over; authors and moderators change or remove theirs; moderators reorder
 * them (up and down buttons) and choose the one the room discusses now.
 */
export function QuestionsCard({ meeting, isModerator, past }: { meeting: NightMeeting; isModerator: boolean; past: boolean }) {
  const { t } = useTranslation('meetingNight');
  const questions = useQuestions(meeting.meetingId);
  const add = useAddQuestion(meeting.meetingId).mutateAsync;
  const list = questions.data;
  const open = !past && !meeting.isCancelled;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="meeting-questions-title" data-testid="meeting-questions">
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconMessageQuestion size={20} color="var(--bookclub-color-accent)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h4" id="meeting-questions-title">
          {t('questions.title')}
        </Title>
        {list && list.questions.length > 0 && (
          <Badge variant="light" radius="sm" color="gray">
            {list.questions.length}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {open ? t('questions.intro') : t('questions.introClosed')}
      </Text>
      {questions.isError && !list && (
        <Alert color="red" variant="light" mb="md">
          {t('questions.loadFailed')}
        </Alert>
      )}
      {list && <QuestionList list={list} meeting={meeting} isModerator={isModerator} editable={open} />}
      {open && (
        <Stack gap="xs" mt="lg">
          <Title order={3} size="h5">
            {t('questions.add')}
          </Title>
          <QuestionForm
            submitLabel={t('questions.addSubmit')}
            failureKey="meetingNight:toast.addFailed"
            resetOnSuccess
            testId="add-question"
            onSubmit={async (question) => {
              await add(question);
              notifySuccess(t('toast.added'));
            }}
          />
        </Stack>
      )}
    </Card>
  );
}

function QuestionList({ list, meeting, isModerator, editable }: { list: MeetingQuestions; meeting: NightMeeting; isModerator: boolean; editable: boolean }) {
  const { t } = useTranslation('meetingNight');
  if (list.questions.length === 0) return <Text size="sm">{t('questions.none')}</Text>;
  const order = list.questions.map((question) => question.questionId);
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="question-list">
      {list.questions.map((question, index) => (
        <QuestionItem
          key={question.questionId}
          question={question}
          index={index}
          order={order}
          isCurrent={question.questionId === list.currentQuestionId}
          meeting={meeting}
          isModerator={isModerator}
          editable={editable}
        />
      ))}
    </Stack>
  );
}
