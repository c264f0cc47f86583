import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeetingQuestion, MeetingQuestions, RoomView } from '../../../shared/api/meeting-night';
import { createLiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { followMeetingNightChanges } from './follow-changes';

const question = (questionId: number): MeetingQuestion =>
  ({
    questionId,
    meetingId: 1,
    text: `Q${questionId}`,
    textHtml: `<p>Q${questionId}</p>`,
    hasSpoilers: false,
    authorId: 'bea',
    authorName: 'Bea',
  }) as MeetingQuestion;
const questionsKey = routeKey('meetingNight', 'questions', { params: { meetingId: 1 } });
const roomKey = routeKey('meetingNight', 'room', { params: { meetingId: 1 } });

let queryClient: QueryClient;
let updates = createLiveUpdates();

// Fake timers would outlive the file in a shared worker, stopping every server test after it.
afterEach(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  vi.useRealTimers();
  queryClient = new QueryClient();
  updates = createLiveUpdates();
});

describe('live changes on a meeting night', () => {
  it('a question added, reordered or made current patches the cached list', () => {
    followMeetingNightChanges(queryClient, updates);
    queryClient.setQueryData<MeetingQuestions>(questionsKey, { meetingId: 1, currentQuestionId: null, questions: [question(1)], version: 1 });

    updates.emit('QuestionsChanged', { meetingId: 1, version: 2, currentQuestionId: null, order: [1, 2], question: question(2) });
    updates.emit('QuestionsChanged', { meetingId: 1, version: 3, currentQuestionId: 2, order: [2, 1] });

    const list = queryClient.getQueryData<MeetingQuestions>(questionsKey);
    expect(list?.questions.map((q) => q.questionId)).toEqual([2, 1]);
    expect(list).toMatchObject({ currentQuestionId: 2, version: 3 });
  });

  it('a missed change reads the list again', async () => {
    followMeetingNightChanges(queryClient, updates);
    queryClient.setQueryData<MeetingQuestions>(questionsKey, { meetingId: 1, currentQuestionId: null, questions: [question(1)], version: 1 });
    updates.emit('QuestionsChanged', { meetingId: 1, version: 2, currentQuestionId: null, order: [1, 5] });
    await Promise.resolve();
    expect(queryClient.getQueryState(questionsKey)?.isInvalidated).toBe(true);

    queryClient.setQueryData<MeetingQuestions>(questionsKey, { meetingId: 1, currentQuestionId: null, questions: [question(1)], version: 1 });
    updates.emit('QuestionsChanged', { meetingId: 1, version: 4, currentQuestionId: null, order: [1] });
    expect(queryClient.getQueryState(questionsKey)?.isInvalidated).toBe(true);
  });

  it('reads the room again once after a burst of the evening’s events, and when the connection comes back', () => {
    vi.useFakeTimers();
    followMeetingNightChanges(queryClient, updates, 150);
    queryClient.setQueryData<RoomView>(roomKey, {} as RoomView);
    updates.emit('MeetingCheckedIn', { meetingId: 1, version: 2, userId: 'bea', name: 'Bea', checkedIn: true });
    updates.emit('VoteCounted', { pollId: 4, version: 3, voterIds: ['bea'], votes: [] } as never);
    vi.advanceTimersByTime(100);
    expect(queryClient.getQueryState(roomKey)?.isInvalidated).toBe(false);
    vi.advanceTimersByTime(60);
    expect(queryClient.getQueryState(roomKey)?.isInvalidated).toBe(true);

    queryClient.setQueryData<RoomView>(roomKey, {} as RoomView);
    updates.reconnected();
    expect(queryClient.getQueryState(roomKey)?.isInvalidated).toBe(true);
  });
});
