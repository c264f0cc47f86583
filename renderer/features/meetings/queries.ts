import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Meeting, MeetingChanges, MeetingList, NewMeeting, RsvpAnswer } from '../../../shared/api/meetings';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { saveFile } from '../../lib/save-file';
import { withMeeting } from './viewer-answer';

/** Upcoming meetings (soonest first) and past ones (latest first). */
export const meetingsQuery = routeQuery('meetings', 'list');

export function meetingQuery(meetingId: number) {
  return routeQuery('meetings', 'get', { params: { meetingId } });
}

/** How many members a moderator's search for someone to check in shows. */
export const CHECK_IN_MATCHES = 8;

/**
 * Members whose name matches what a moderator typed, to check in someone who did not answer. Its own key:
 * the member list's pages (users feature) are kept in another shape.
 */
export function useMembersMatching(search: string) {
  return useQuery({
    queryKey: ['meetings', 'check-in-matches', search] as const,
    queryFn: ({ signal }) => api.users.page({ query: { q: search, limit: String(CHECK_IN_MATCHES) }, signal }),
    enabled: search !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useMeetings() {
  return useQuery(meetingsQuery);
}

/** A meeting's page: one the list already has shows at once, and the fetch brings it up to date. */
export function useMeeting(meetingId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...meetingQuery(meetingId),
    placeholderData: () => {
      const list = queryClient.getQueryData(meetingsQuery.queryKey);
      return [...(list?.upcoming ?? []), ...(list?.past ?? [])].find((meeting) => meeting.meetingId === meetingId);
    },
  });
}

/** The books, latest first: the same route (and cache entry) as the books page, for the meeting form's book choice. */
export function useClubBooks() {
  return useQuery(routeQuery('books', 'list'));
}

/** A meeting as the server answered a write: in the list and on its own page at once. */
export function storeMeeting(queryClient: QueryClient, meeting: Meeting): void {
  queryClient.setQueryData<MeetingList>(meetingsQuery.queryKey, (list) => list && withMeeting(list, meeting, new Date()));
  queryClient.setQueryData<Meeting>(routeKey('meetings', 'get', { params: { meetingId: meeting.meetingId } }), meeting);
}

export function useScheduleMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meeting: NewMeeting) => api.meetings.schedule({ body: meeting }),
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
  });
}

export function useChangeMeeting(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: MeetingChanges) => api.meetings.change({ params: { meetingId }, body: changes }),
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
  });
}

export function useCancelMeeting(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.meetings.cancel({ params: { meetingId } }),
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
  });
}

export function useAnswerMeeting(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: RsvpAnswer) => api.meetings.rsvp({ params: { meetingId }, body: { answer } }),
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
  });
}

/** "I'm here", or taken back; a moderator names another member (userId). */
export function useCheckIn(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkedIn, userId }: { checkedIn: boolean; userId?: string }) =>
      checkedIn ? api.meetings.checkIn({ params: { meetingId }, body: { userId } }) : api.meetings.checkOut({ params: { meetingId }, body: { userId } }),
    onSuccess: (meeting) => storeMeeting(queryClient, meeting),
  });
}

/**
 * Saves the meeting's calendar event (GET /api/meetings/{id}/ics, signed in) as a file the member opens in
 * their calendar app.
 */
export async function downloadCalendarEvent(meetingId: number): Promise<void> {
  const { blob } = await api.meetings.ics({ params: { meetingId } });
  saveFile(new Blob([blob], { type: 'text/calendar;charset=utf-8' }), `meeting-${meetingId}.ics`);
}

/** Whether the member has a calendar feed; its address comes only in the answer that made it. */
export const calendarFeedQuery = routeQuery('meetings', 'feedState');

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

/** Makes the feed's address (revoking an earlier one) or turns it off; the answer is the feed as it is now. */
export function useChangeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'make' | 'turnOff') => (change === 'make' ? api.meetings.newFeed() : api.meetings.revokeFeed()),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
