import { create } from 'zustand';
import type { PollInfo } from '../../../shared/api/polls';
import type { RoundUpdate } from '../../../shared/api/rounds';
import type { LoadStatus } from '../../lib/load-status';
import { roundsService } from '../rounds/rounds.service';
import { pollsService } from './polls.service';

/** The poll open on screen with the member's own vote. */
interface PollState {
  pollId: number | null;
  info: PollInfo | null;
  status: LoadStatus;
  error: unknown;
  load(pollId: number): Promise<void>;
  vote(postIds: number[]): Promise<void>;
  /** Closes the vote (moderators): a winner, or a tiebreaker. */
  close(): Promise<RoundUpdate>;
}

export const usePollStore = create<PollState>()((set, get) => {
  function requireId(): number {
    const id = get().pollId;
    if (id === null) throw new Error('No poll is open');
    return id;
  }

  return {
    pollId: null,
    info: null,
    status: 'idle',
    error: null,

    async load(pollId) {
      const same = get().info?.poll.pollId === pollId;
      set({ pollId, info: same ? get().info : null, status: same ? 'ready' : 'loading', error: null });
      try {
        const info = await pollsService.get(pollId);
        if (get().pollId === pollId) set({ info, status: 'ready' });
      } catch (error) {
        if (get().pollId === pollId) set({ status: 'failed', error, info: null });
      }
    },

    async vote(postIds) {
      const pollId = requireId();
      const update = await pollsService.vote(pollId, postIds);
      if (get().pollId !== pollId) return;
      const poll = update.poll ?? get().info?.poll;
      if (poll) set({ info: { poll, myVote: { pollId, postIds } } });
    },

    async close() {
      const pollId = requireId();
      const update = await roundsService.closePoll(pollId);
      const info = get().info;
      if (!info || get().pollId !== pollId) return update;
      if (update.poll?.pollId === pollId) {
        set({ info: { ...info, poll: update.poll } });
      } else {
        // A tie answers the tiebreaker it opened, not this poll: read this one again, now closed.
        const closed = await pollsService.get(pollId);
        if (get().pollId === pollId) set({ info: closed });
      }
      return update;
    },
  };
});
