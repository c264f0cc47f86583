import type { MeetingQuestion, MeetingQuestions } from '../../../shared/api/meeting-night';

/** What the meeting night's parts need of the meeting. */
export interface NightMeeting {
  meetingId: number;
  /** The spoiler book of its questions: a question marked as a spoiler opens for those who finished it. */
  bookId: number | null;
  startsAt: string;
  endsAt: string | null;
  isCancelled: boolean;
}

/** The question ids with the one at `index` moved one place up (-1) or down (+1); the same order at either end. */
export function movedOrder(questionIds: readonly number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (index < 0 || index >= questionIds.length || target < 0 || target >= questionIds.length) return [...questionIds];
  const order = [...questionIds];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}

/** The question being discussed, if the list has it. */
export function currentQuestionOf(list: MeetingQuestions | undefined): MeetingQuestion | null {
  if (!list || list.currentQuestionId === null) return null;
  return list.questions.find((question) => question.questionId === list.currentQuestionId) ?? null;
}

/** Whether this member may change or remove the question: its author or a moderator (the server checks again). */
export function canEditQuestion(question: Pick<MeetingQuestion, 'authorId'>, viewer: { userId: string | undefined; isModerator: boolean }): boolean {
  return viewer.isModerator || (viewer.userId !== undefined && question.authorId === viewer.userId);
}
