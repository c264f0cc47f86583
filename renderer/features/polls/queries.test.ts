import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { Poll, PollInfo } from '../../../shared/api/polls';
import { queryKeys } from '../../lib/query-keys';
import { server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { closePollMutation, pollQuery, voteMutation } = await import('./queries');

const poll = (overrides: Partial<Poll> = {}) => ({ pollId: 4, title: 'Winter reads: vote', isClosed: false, ...overrides }) as Poll;
let queryClient = testQueryClient();
const shown = () => queryClient.getQueryData(pollQuery(4).queryKey);

beforeEach(async () => {
  server.reset();
  queryClient = testQueryClient();
  server.on(API.polls.info, (): PollInfo => ({ poll: poll(), myVote: null }));
  await queryClient.fetchQuery(pollQuery(4));
});

describe('the poll on screen', () => {
  it('shows the member’s vote and the results it answers at once', async () => {
    server.on(API.polls.vote, () => ({ poll: poll({ title: 'with my vote counted' }), discussion: null, round: null, book: null }));
    await new MutationObserver(queryClient, voteMutation(queryClient, 4)).mutate([7, 8]);
    expect(shown()).toEqual({ poll: poll({ title: 'with my vote counted' }), myVote: { pollId: 4, postIds: [7, 8] } });
  });

  it('shows itself closed with its outcome, and has home, the rounds and the books read again', async () => {
    queryClient.setQueryData(queryKeys.books.list, []);
    server.on(API.rounds.closePoll, () => ({ poll: poll({ isClosed: true }), discussion: null, round: null, book: null }));
    await new MutationObserver(queryClient, closePollMutation(queryClient, 4)).mutate();
    expect(shown()?.poll.isClosed).toBe(true);
    expect(queryClient.getQueryState(queryKeys.books.list)?.isInvalidated).toBe(true);
  });

  it('reads itself again after a tie, which answers the tiebreaker instead', async () => {
    server.on(API.rounds.closePoll, () => ({ poll: poll({ pollId: 5, isTiebreaker: true }), discussion: null, round: null, book: null }));
    server.on(API.polls.info, () => ({ poll: poll({ isClosed: true }), myVote: null }));
    await new MutationObserver(queryClient, closePollMutation(queryClient, 4)).mutate();
    expect(shown()?.poll).toMatchObject({ pollId: 4, isClosed: true });
  });
});
