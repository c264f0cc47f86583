import type { Round } from '../../../shared/api/rounds';

/** Rounds as the list shows them: the newest first (ids grow with time). */
export function newestFirst(rounds: Round[]): Round[] {
  return [...rounds].sort((a, b) => b.roundId - a.roundId);
}

/** The links of a round's stage (themes or books), only those that exist yet. */
export function stageLinks(round: Round, stage: 'themes' | 'books') {
  const [discussionId, pollId, tiebreakerPollId] =
    stage === 'themes'
      ? [round.themeDiscussionId, round.themePollId, round.themeTiebreakerPollId]
      : [round.bookDiscussionId, round.bookPollId, round.bookTiebreakerPollId];
  return { discussionId, pollId, tiebreakerPollId };
}
