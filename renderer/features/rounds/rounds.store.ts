import { create } from 'zustand';
import type { Discussion } from '../../../shared/api/discussions';
import type { NewRound, Round } from '../../../shared/api/rounds';
import type { LoadStatus } from '../../lib/load-status';
import { roundsService } from './rounds.service';

interface RoundsState {
  rounds: Round[];
  status: LoadStatus;
  error: unknown;
  load(): Promise<void>;
  /** Starts a round (moderators) and puts it first in the list. */
  start(round: NewRound): Promise<Round>;
  /** A pushed discussion the list does not know about yet (a round started, a poll opened): reload. */
  discussionChanged(discussion: Discussion): void;
}

export const useRoundsStore = create<RoundsState>()((set, get) => ({
  rounds: [],
  status: 'idle',
  error: null,

  async load() {
    // A list already shown stays on screen while it refreshes.
    set({ status: get().status === 'ready' ? 'ready' : 'loading', error: null });
    try {
      set({ rounds: await roundsService.list(), status: 'ready' });
    } catch (error) {
      set({ status: 'failed', error });
    }
  },

  async start(round) {
    const started = await roundsService.start(round);
    set({ rounds: [started, ...get().rounds.filter((r) => r.roundId !== started.roundId)] });
    return started;
  },

  discussionChanged(discussion) {
    if (get().status !== 'ready') return;
    const round = get().rounds.find((r) => r.roundId === discussion.roundId);
    const known =
      round &&
      [round.themeDiscussionId, round.bookDiscussionId].includes(discussion.discussionId) &&
      (discussion.pollId === null || [round.themePollId, round.bookPollId].includes(discussion.pollId));
    if (!known) void get().load();
  },
}));
