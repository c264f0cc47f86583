import type { ClubApi } from './club-api';

/** The books of a ranked round, in the order they are suggested (the poll's order). */
export const RANKED_BOOKS = ['Dune', 'Emma', 'Solaris', 'Ulysses'] as const;
export type RankedBook = (typeof RANKED_BOOKS)[number];

const AUTHORS: Record<RankedBook, string> = { Dune: 'Frank Herbert', Emma: 'Jane Austen', Solaris: 'Stanisław Lem', Ulysses: 'James Joyce' };

export interface RankedRound {
  discussionId: number;
  /** Each book's post id, by title. */
  postIds: Record<RankedBook, number>;
}

/** A round whose book discussion is open with RANKED_BOOKS suggested, arranged through the API. */
export async function rankedRound(admin: ClubApi, suggester: ClubApi, title: string): Promise<RankedRound> {
  const round = await admin.startRound({ topic: 'Books', title, description: null });
  const discussionId = round.bookDiscussionId!;
  const postIds = {} as Record<RankedBook, number>;
  for (const book of RANKED_BOOKS) {
    postIds[book] = (await suggester.suggest(discussionId, { title: book, author: AUTHORS[book], pageCount: 300, text: `Why ${book}: because.` })).postId;
  }
  return { discussionId, postIds };
}

/** The round's discussion closed into a ranked poll; answers the poll's id. */
export async function openRankedPoll(admin: ClubApi, round: RankedRound): Promise<number> {
  return (await admin.closeDiscussion(round.discussionId, { votingMethod: 'ranked' })).poll!.pollId;
}

/**
 * Ballots that take instant runoff three rounds (with Bea's [Solaris, Dune] and Cyril's [Dune, Solaris]):
 * round 1 Dune 3, Solaris 2, Emma 1, Ulysses 0 of 6: Ulysses out; round 2 the same: Emma out; round 3 Dora's
 * ballot goes on to Dune: Dune 4 of 6 wins.
 */
export const OTHER_BALLOTS: RankedBook[][] = [['Emma', 'Dune'], ['Dune'], ['Solaris', 'Emma'], ['Dune', 'Emma']];
