import { describe, expect, it } from 'vitest';
import type { MeetingQuestion, MeetingQuestions } from '../../../shared/api/meeting-night';
import { canEditQuestion, currentQuestionOf, movedOrder } from './questions';
import { withQuestionsChange } from './questions-change';

const question = (questionId: number, text = `Question ${questionId}`): MeetingQuestion => ({
  questionId,
  meetingId: 1,
  text,
  textHtml: `<p>${text}</p>`,
  hasSpoilers: false,
  authorId: 'bea',
  authorName: 'Bea',
  createdOn: '2026-12-01T10:00:00Z',
  modifiedOn: '2026-12-01T10:00:00Z',
});
const list = (ids: number[], currentQuestionId: number | null = null, version = 3): MeetingQuestions => ({
  meetingId: 1,
  currentQuestionId,
  questions: ids.map((id) => question(id)),
  version,
});
const ids = (questions: MeetingQuestions | null) => questions?.questions.map((q) => q.questionId);

describe('a change to the questions, applied to the list', () => {
  it('adds a new question where the order puts it (last)', () => {
    const next = withQuestionsChange(list([1, 2]), { meetingId: 1, version: 4, currentQuestionId: null, order: [1, 2, 3], question: question(3) });
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(next?.version).toBe(4);
  });

  it('replaces a changed question whole, in its place', () => {
    const next = withQuestionsChange(list([1, 2]), {
      meetingId: 1,
      version: 4,
      currentQuestionId: null,
      order: [1, 2],
      question: question(2, 'Why the ocean?'),
    });
    expect(next?.questions[1]?.text).toBe('Why the ocean?');
  });

  it('leaves out a removed question, and follows a new order and a new current question', () => {
    expect(ids(withQuestionsChange(list([1, 2, 3]), { meetingId: 1, version: 4, currentQuestionId: null, order: [1, 3] }))).toEqual([1, 3]);
    const reordered = withQuestionsChange(list([1, 2, 3]), { meetingId: 1, version: 4, currentQuestionId: 2, order: [3, 1, 2] });
    expect(ids(reordered)).toEqual([3, 1, 2]);
    expect(reordered?.currentQuestionId).toBe(2);
  });

  it('answers null (read the list again) when the order names a question the list lacks', () => {
    expect(withQuestionsChange(list([1]), { meetingId: 1, version: 5, currentQuestionId: null, order: [1, 2] })).toBeNull();
  });
});

describe('moving a question', () => {
  it('swaps it with its neighbour up or down', () => {
    expect(movedOrder([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(movedOrder([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
  });

  it('keeps the order at either end', () => {
    expect(movedOrder([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe('the current question and who may edit', () => {
  it('finds the current question in the list', () => {
    expect(currentQuestionOf(list([1, 2], 2))?.questionId).toBe(2);
    expect(currentQuestionOf(list([1, 2]))).toBeNull();
    expect(currentQuestionOf(undefined)).toBeNull();
  });

  it('lets its author and moderators edit a question', () => {
    expect(canEditQuestion({ authorId: 'bea' }, { userId: 'bea', isModerator: false })).toBe(true);
    expect(canEditQuestion({ authorId: 'bea' }, { userId: 'cyril', isModerator: false })).toBe(false);
    expect(canEditQuestion({ authorId: 'bea' }, { userId: 'cyril', isModerator: true })).toBe(true);
  });
});
