import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetingQuestions, NewQuestion, QuestionChanges } from '../../../shared/api/meeting-night';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { votedCount, winnerTitle } from './room-poll';

/** A meeting's questions in the moderator's order, and the one being discussed. */
export function questionsQuery(meetingId: number) {
  return routeQuery('meetingNight', 'questions', { params: { meetingId } });
}

export function useQuestions(meetingId: number) {
  return useQuery(questionsQuery(meetingId));
}

/** Every write to the questions answers the whole list: it replaces the cached one. */
function useQuestionsWrite<Input>(meetingId: number, write: (input: Input) => Promise<MeetingQuestions>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (questions) => {
      queryClient.setQueryData(questionsQuery(meetingId).queryKey, (cached) => (cached && cached.version > questions.version ? cached : questions));
      // The room shows the current question and the count.
      void queryClient.invalidateQueries({ queryKey: roomQuery(meetingId).queryKey });
    },
  });
}

export function useAddQuestion(meetingId: number) {
  return useQuestionsWrite(meetingId, (question: NewQuestion) => api.meetingNight.addQuestion({ params: { meetingId }, body: question }));
}

export function useChangeQuestion(meetingId: number) {
  return useQuestionsWrite(meetingId, ({ questionId, changes }: { questionId: number; changes: QuestionChanges }) =>
    api.meetingNight.changeQuestion({ params: { meetingId, questionId }, body: changes }),
  );
}

export function useRemoveQuestion(meetingId: number) {
  return useQuestionsWrite(meetingId, (questionId: number) => api.meetingNight.removeQuestion({ params: { meetingId, questionId } }));
}

export function useOrderQuestions(meetingId: number) {
  return useQuestionsWrite(meetingId, (questionIds: number[]) => api.meetingNight.orderQuestions({ params: { meetingId }, body: { questionIds } }));
}

export function useSetCurrentQuestion(meetingId: number) {
  return useQuestionsWrite(meetingId, (questionId: number | null) => api.meetingNight.currentQuestion({ params: { meetingId }, body: { questionId } }));
}

/** The room view of a meeting (signed in): read again on the evening's live events (follow-changes.ts). */
export function roomQuery(meetingId: number) {
  return routeQuery('meetingNight', 'room', { params: { meetingId } });
}

export function useRoom(meetingId: number, enabled = true) {
  return useQuery({ ...roomQuery(meetingId), enabled, placeholderData: keepPreviousData });
}

/** The evening's poll as a phone shows it (from the room view): how many have voted, and the winner once closed. */
export function useTonightPoll(meetingId: number) {
  return useQuery({
    ...roomQuery(meetingId),
    select: (room) =>
      room.poll && { poll: room.poll, revealed: room.pollRevealed, ...votedCount(room.poll), winner: room.poll.isClosed ? winnerTitle(room.poll) : null },
  }).data;
}

/** The room view through the display link, no sign-in; an unknown or revoked token is a 404. */
export function displayRoomQuery(displayToken: string) {
  return {
    queryKey: routeKey('meetingNight', 'display', { params: { displayToken } }),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.meetingNight.display({ params: { displayToken }, signal, asVisitor: true }),
  };
}

export function useDisplayRoom(displayToken: string) {
  return useQuery({ ...displayRoomQuery(displayToken), placeholderData: keepPreviousData, retry: false });
}

/** Shows the room the open poll's counts before it closes. */
export function useReveal(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.meetingNight.reveal({ params: { meetingId } }),
    onSuccess: (room) => queryClient.setQueryData(roomQuery(meetingId).queryKey, room),
  });
}

/** Whether the club has a display link (moderators); its address comes only in the answer that made it. */
export const displayLinkQuery = routeQuery('meetingNight', 'displayLink');

export function useDisplayLink() {
  return useQuery(displayLinkQuery);
}

/** Makes the display link (an earlier one stops working) or turns it off; the answer is the link as it is now. */
export function useChangeDisplayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'make' | 'turnOff') => (change === 'make' ? api.meetingNight.newDisplayLink() : api.meetingNight.revokeDisplayLink()),
    onSuccess: (link) => queryClient.setQueryData(displayLinkQuery.queryKey, link),
  });
}
