import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { DiscussionState } from '../../../shared/api/discussions';
import type { Round } from '../../../shared/api/rounds';
import { createLiveUpdates } from '../../lib/live-updates';
import { server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { roundsQuery } = await import('./queries');
const { followRoundChanges } = await import('./follow-changes');

const round = { roundId: 1, themeDiscussionId: null, themePollId: null, bookDiscussionId: 3, bookPollId: null } as Round;
const pushed = (overrides: Partial<DiscussionState>) => ({ discussionId: 3, roundId: 1, pollId: null, ...overrides }) as DiscussionState;

let queryClient = testQueryClient();
let updates = createLiveUpdates();
const outOfDate = () => queryClient.getQueryState(roundsQuery.queryKey)?.isInvalidated;

beforeEach(async () => {
  server.reset();
  queryClient = testQueryClient();
  updates = createLiveUpdates();
  followRoundChanges(queryClient, updates);
  server.on(API.rounds.list, () => [round]);
  // Shown on the list page: an invalidated list is read again at once.
  await queryClient.fetchQuery(roundsQuery);
});

describe('the round list and live updates', () => {
  it('stays as it is for a push about a discussion it already links', () => {
    updates.emit('DiscussionUpdated', pushed({}));
    expect(outOfDate()).toBe(false);
  });

  it('is read again when a push names a poll it does not link yet', () => {
    updates.emit('DiscussionUpdated', pushed({ pollId: 9 }));
    expect(outOfDate()).toBe(true);
  });

  it('is read again when a push names a round it does not have yet', () => {
    updates.emit('DiscussionUpdated', pushed({ discussionId: 8, roundId: 2 }));
    expect(outOfDate()).toBe(true);
  });

  it('is read again when the connection comes back after a drop (what it missed is unknown)', () => {
    updates.reconnected();
    expect(outOfDate()).toBe(true);
  });
});
