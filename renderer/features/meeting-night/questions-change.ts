import type { MeetingQuestion, MeetingQuestions } from '../../../shared/api/meeting-night';
import type { DeltaEventPayloads } from '../../../shared/events';

// Apart from questions.ts: only the live updates' chunk (follow-changes.ts) needs this.

/**
 * A change to a meeting's questions as QuestionsChanged carries it, applied to the cached list: the question
 * added or changed goes in whole, then the list keeps exactly the questions `order` names, in that order (one
 * removed is left out). A question the order names but the list lacks means a change was missed: null, to
 * read the list again.
 */
export function withQuestionsChange(list: MeetingQuestions, change: DeltaEventPayloads['QuestionsChanged']): MeetingQuestions | null {
  const byId = new Map(list.questions.map((question) => [question.questionId, question]));
  if (change.question) byId.set(change.question.questionId, change.question);
  const questions: MeetingQuestion[] = [];
  for (const questionId of change.order) {
    const question = byId.get(questionId);
    if (!question) return null;
    questions.push(question);
  }
  return { ...list, questions, currentQuestionId: change.currentQuestionId, version: change.version };
}
