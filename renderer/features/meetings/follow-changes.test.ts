import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Meeting, MeetingList } from '../../../shared/api/meetings';
import { createLiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { followMeetingChanges } from './follow-changes';

const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
const meeting = (overrides: Partial<Meeting> = {}): Meeting =>
  ({
    meetingId: 1,
    startsAt: soon,
    endsAt: null,
    isCancelled: false,
    rsvp: { going: [], maybe: [], notGoing: [] },
    responders: [],
    myRsvp: null,
    sequence: 0,
    ...overrides,
  }) as unknown as Meeting;

let queryClient: QueryClient;
let updates = createLiveUpdates();

beforeEach(() => {
  queryClient = new QueryClient();
  updates = createLiveUpdates();
  followMeetingChanges(queryClient, updates, () => 'bea');
});

describe('a MeetingChanged push', () => {
  it('replaces the meeting in the list and on its page, with the viewer’s own answer kept', () => {
    queryClient.setQueryData<MeetingList>(routeKey('meetings', 'list'), {
      upcoming: [meeting({ rsvp: { going: ['bea'], maybe: [], notGoing: [] }, myRsvp: 'going' })],
      past: [],
    });
    queryClient.setQueryData<Meeting>(
      routeKey('meetings', 'get', { params: { meetingId: 1 } }),
      meeting({ rsvp: { going: ['bea'], maybe: [], notGoing: [] }, myRsvp: 'going' }),
    );

    // Cyril answered maybe: the push carries myRsvp null, for everyone.
    updates.emit('MeetingChanged', meeting({ rsvp: { going: ['bea'], maybe: ['cyril'], notGoing: [] }, myRsvp: null }));

    const shown = queryClient.getQueryData<Meeting>(routeKey('meetings', 'get', { params: { meetingId: 1 } }));
    expect(shown?.rsvp.maybe).toEqual(['cyril']);
    expect(shown?.myRsvp).toBe('going');
    expect(queryClient.getQueryData<MeetingList>(routeKey('meetings', 'list'))?.upcoming[0]?.myRsvp).toBe('going');
  });

  it('adds a newly scheduled meeting to the list, and keeps no page for a meeting no one opened', () => {
    queryClient.setQueryData<MeetingList>(routeKey('meetings', 'list'), { upcoming: [], past: [] });
    updates.emit('MeetingChanged', meeting({ meetingId: 7 }));
    expect(queryClient.getQueryData<MeetingList>(routeKey('meetings', 'list'))?.upcoming.map((m) => m.meetingId)).toEqual([7]);
    expect(queryClient.getQueryData(routeKey('meetings', 'get', { params: { meetingId: 7 } }))).toBeUndefined();
  });
});
