import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DatePoll, DatePollState, DatePollSummary } from '../../../shared/api/date-polls';
import { createLiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { followDatePollChanges } from './follow-changes';

const poll = (overrides: Partial<DatePoll> = {}): DatePoll =>
  ({
    datePollId: 1,
    title: 'January',
    options: [
      { optionId: 10, startsAt: '2030-01-10T18:00:00.000Z', endsAt: null, yes: ['bea'], ifNeedBe: [], no: [] },
      { optionId: 11, startsAt: '2030-01-11T18:00:00.000Z', endsAt: null, yes: [], ifNeedBe: ['bea'], no: [] },
    ],
    closesAt: null,
    isClosed: false,
    isCancelled: false,
    pickedOptionId: null,
    meetingId: null,
    myAnswers: { 10: 'yes', 11: 'ifNeedBe' },
    respondents: [{ userId: 'bea', name: 'Bea' }],
    notAnswered: null,
    version: 4,
    ...overrides,
  }) as unknown as DatePoll;
const state = (overrides: Partial<DatePollState> = {}) => {
  const { myAnswers: _mine, respondents: _respondents, notAnswered: _not, options, ...rest } = poll();
  return { ...rest, options: options.map(({ optionId, startsAt, endsAt }) => ({ optionId, startsAt, endsAt })), ...overrides } as DatePollState;
};
const listKey = routeKey('datePolls', 'list');
const pollKey = routeKey('datePolls', 'get', { params: { datePollId: 1 } });

let queryClient: QueryClient;
let updates = createLiveUpdates();
/** Which cached answers were marked to be read again. */
const invalidated = () =>
  queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.isInvalidated })
    .map((query) => query.queryKey[1]);

beforeEach(() => {
  queryClient = new QueryClient();
  updates = createLiveUpdates();
  followDatePollChanges(queryClient, updates, () => 'bea');
});

describe('live changes to a date poll', () => {
  it("one member's answers replace their row in the grid, which is not read again; the viewer's own stay hers", () => {
    queryClient.setQueryData<DatePoll>(pollKey, poll());
    updates.emit('DatePollAnswered', { datePollId: 1, version: 5, userId: 'cyril', name: 'Cyril', answers: { 10: 'no', 11: 'yes' } });
    const after = queryClient.getQueryData<DatePoll>(pollKey)!;
    expect(after.options.map((o) => [o.yes, o.ifNeedBe, o.no])).toEqual([
      [['bea'], [], ['cyril']],
      [['cyril'], ['bea'], []],
    ]);
    expect(after.myAnswers).toEqual({ 10: 'yes', 11: 'ifNeedBe' });
    expect(after.version).toBe(5);
    expect(invalidated()).toEqual([]);
  });

  it('a missed answer (a version skipped) reads the grid again', () => {
    queryClient.setQueryData<DatePoll>(pollKey, poll());
    updates.emit('DatePollAnswered', { datePollId: 1, version: 7, userId: 'cyril', name: 'Cyril', answers: { 10: 'no' } });
    expect(invalidated()).toEqual(['get']);
  });

  it('an edit or a pick patches the list and reads the poll again; a poll the list lacks reads the list', () => {
    const summary = { ...state(), respondentCount: 1, myAnswers: {} } as DatePollSummary;
    queryClient.setQueryData<DatePollSummary[]>(listKey, [summary]);
    queryClient.setQueryData<DatePoll>(pollKey, poll());
    updates.emit('DatePollUpdated', state({ title: 'February', version: 5 }));
    expect(queryClient.getQueryData<DatePollSummary[]>(listKey)![0]!.title).toBe('February');
    expect(invalidated()).toEqual(['get']);

    updates.emit('DatePollUpdated', state({ datePollId: 2, version: 0 }));
    expect(invalidated().sort()).toEqual(['get', 'list']);
  });
});
