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
    checkedIn: [],
    sequence: 0,
    version: 0,
    ...overrides,
  }) as unknown as Meeting;
/** A meeting's state, as MeetingUpdated carries it. */
const stateOf = ({ rsvp: _rsvp, responders: _responders, myRsvp: _myRsvp, checkedIn: _checkedIn, ...state }: Meeting) => state;
const listKey = routeKey('meetings', 'list');
const pageKey = (meetingId = 1) => routeKey('meetings', 'get', { params: { meetingId } });

let queryClient: QueryClient;
let updates = createLiveUpdates();

beforeEach(() => {
  queryClient = new QueryClient();
  updates = createLiveUpdates();
  followMeetingChanges(queryClient, updates, () => 'bea');
});

describe('live changes to a meeting', () => {
  it('an answer goes into the list and onto its page, the viewer’s own answer kept', () => {
    const answered = meeting({ rsvp: { going: ['bea'], maybe: [], notGoing: [] }, responders: [{ userId: 'bea', name: 'Bea' }], myRsvp: 'going', version: 1 });
    queryClient.setQueryData<MeetingList>(listKey, { upcoming: [answered], past: [] });
    queryClient.setQueryData<Meeting>(pageKey(), answered);

    updates.emit('MeetingAnswered', { meetingId: 1, version: 2, userId: 'cyril', name: 'Cyril', answer: 'maybe' });

    const expected = {
      ...answered,
      rsvp: { going: ['bea'], maybe: ['cyril'], notGoing: [] },
      responders: [
        { userId: 'bea', name: 'Bea' },
        { userId: 'cyril', name: 'Cyril' },
      ],
      version: 2,
    };
    expect(queryClient.getQueryData<Meeting>(pageKey())).toEqual(expected);
    expect(queryClient.getQueryData<MeetingList>(listKey)?.upcoming).toEqual([expected]);
  });

  it('the viewer’s own answer from another tab becomes theirs; a second answer replaces the first', () => {
    queryClient.setQueryData<Meeting>(
      pageKey(),
      meeting({ rsvp: { going: ['bea'], maybe: [], notGoing: [] }, responders: [{ userId: 'bea', name: 'Bea' }], myRsvp: 'going' }),
    );
    updates.emit('MeetingAnswered', { meetingId: 1, version: 1, userId: 'bea', name: 'Bea', answer: 'notGoing' });
    expect(queryClient.getQueryData<Meeting>(pageKey())).toMatchObject({
      rsvp: { going: [], maybe: [], notGoing: ['bea'] },
      responders: [{ userId: 'bea' }],
      myRsvp: 'notGoing',
    });
  });

  it('a check-in goes into the list and onto its page, first come first, and taking it back takes it out', () => {
    const answered = meeting({ rsvp: { going: ['bea'], maybe: [], notGoing: [] }, responders: [{ userId: 'bea', name: 'Bea' }], version: 1 });
    queryClient.setQueryData<MeetingList>(listKey, { upcoming: [answered], past: [] });
    queryClient.setQueryData<Meeting>(pageKey(), answered);

    updates.emit('MeetingCheckedIn', { meetingId: 1, version: 2, userId: 'bea', name: 'Bea', checkedIn: true });
    updates.emit('MeetingCheckedIn', { meetingId: 1, version: 3, userId: 'cyril', name: 'Cyril', checkedIn: true });
    expect(queryClient.getQueryData<Meeting>(pageKey())).toMatchObject({
      checkedIn: ['bea', 'cyril'],
      responders: [
        { userId: 'bea', name: 'Bea' },
        { userId: 'cyril', name: 'Cyril' },
      ],
      rsvp: { going: ['bea'], maybe: [], notGoing: [] },
      version: 3,
    });

    updates.emit('MeetingCheckedIn', { meetingId: 1, version: 4, userId: 'bea', name: 'Bea', checkedIn: false });
    expect(queryClient.getQueryData<Meeting>(pageKey())?.checkedIn).toEqual(['cyril']);
    expect(queryClient.getQueryData<MeetingList>(listKey)?.upcoming[0]?.checkedIn).toEqual(['cyril']);
  });

  it('a change takes the meeting’s new state and keeps who answered what', () => {
    const answered = meeting({ rsvp: { going: ['bea'], maybe: [], notGoing: [] }, myRsvp: 'going', version: 1 });
    queryClient.setQueryData<Meeting>(pageKey(), answered);
    updates.emit('MeetingUpdated', stateOf(meeting({ isCancelled: true, sequence: 1, version: 2 })));
    expect(queryClient.getQueryData<Meeting>(pageKey())).toEqual({ ...answered, isCancelled: true, sequence: 1, version: 2 });
  });

  it('adds a newly scheduled meeting to the list, and keeps no page for a meeting no one opened', () => {
    queryClient.setQueryData<MeetingList>(listKey, { upcoming: [], past: [] });
    updates.emit('MeetingUpdated', stateOf(meeting({ meetingId: 7 })));
    expect(queryClient.getQueryData<MeetingList>(listKey)?.upcoming).toEqual([meeting({ meetingId: 7 })]);
    expect(queryClient.getQueryData(pageKey(7))).toBeUndefined();
  });

  it('a missed change, or a change to a meeting the list lacks, reads the list again; so does the connection coming back', () => {
    queryClient.setQueryData<MeetingList>(listKey, { upcoming: [meeting()], past: [] });
    updates.emit('MeetingAnswered', { meetingId: 1, version: 3, userId: 'cyril', name: 'Cyril', answer: 'maybe' });
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);

    queryClient.setQueryData<MeetingList>(listKey, { upcoming: [meeting()], past: [] });
    updates.emit('MeetingUpdated', stateOf(meeting({ meetingId: 5, version: 4 })));
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);

    queryClient.setQueryData<MeetingList>(listKey, { upcoming: [meeting()], past: [] });
    updates.reconnected();
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});
