import type { DataSource } from 'typeorm';
import type { Post } from '../../../shared/api/discussions';
import type { RunnersUp } from '../../../shared/api/runners-up';
import { pitchesAgain } from '../../../shared/rules';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, findRowsIn, statement } from '../../db/table';
import { NotFound } from '../../http/errors';
import { bookTable, type BookRow } from '../books';
import { postTable, readDiscussion, type DiscussionsService } from '../discussions';
import { pollOptionTable, voteChoiceTable, type PollOptionRow } from '../polls';
import { roundTable, type RoundRow } from '../rounds';

/** The decided Books round a discussion follows: its first book poll and the winning post. */
type DecidedRound = Pick<RoundRow, 'id' | 'title'> & { bookId: NonNullable<RoundRow['bookId']>; bookPollId: NonNullable<RoundRow['bookPollId']> } & {
  winnerPostId: BookRow['postId'];
};

const round = roundTable.qualified;
const book = bookTable.qualified;
const option = pollOptionTable.qualified;
const choice = voteChoiceTable.qualified;

/** The last Books round decided (its first book poll closed into a book) before the round `?`, with its book's post. */
const LAST_DECIDED_ROUND = `SELECT ${roundTable.columns(['id', 'title', 'bookId', 'bookPollId'])}, ${book('postId')}
  FROM ${roundTable.name} JOIN ${bookTable.name} ON ${book('id')} = ${round('bookId')}
  WHERE ${round('id')} < ? AND ${round('bookPollId')} IS NOT NULL
  ORDER BY ${round('id')} DESC LIMIT 1`;

/** The options of poll `?` but post `?`, with their votes, most first (ties in the poll's order). */
const VOTES_BY_OPTION = `SELECT ${option('postId')}, count(${choice('userId')}) AS "votes"
  FROM ${pollOptionTable.name} LEFT JOIN ${voteChoiceTable.name} ON ${choice('pollId')} = ${option('pollId')} AND ${choice('postId')} = ${option('postId')}
  WHERE ${option('pollId')} = ? AND ${option('postId')} <> ?
  GROUP BY ${option('postId')}, ${option('position')}
  ORDER BY "votes" DESC, ${option('position')} ASC`;

/**
 * Last round's runners-up for a Books discussion (shared/api/runners-up.ts): the options of the last Books
 * round decided before the discussion's own round, without the winner, with their votes in that round's first
 * book poll (a tiebreaker offers only the tied, and every option had its chance in the first one).
 */
export class RunnersUpService {
  constructor(
    private readonly db: DataSource,
    private readonly discussions: DiscussionsService,
  ) {}

  async forDiscussion(discussionId: number): Promise<RunnersUp | null> {
    const sql = sqliteOf(this.db);
    const discussion = readDiscussion(sql, discussionId);
    if (!discussion) throw new NotFound('discussionNotFound');
    if (discussion.topic !== 'Books') return null;

    const raw = statement(sql, LAST_DECIDED_ROUND).get(discussion.roundId) as Record<string, unknown> | undefined;
    if (!raw) return null;
    const round = {
      ...roundTable.fromSql(raw, ['id', 'title', 'bookId', 'bookPollId']),
      winnerPostId: bookTable.fromSql(raw, ['postId']).postId,
    } as DecidedRound;

    const counts = statement(sql, VOTES_BY_OPTION).all(round.bookPollId, round.winnerPostId) as (Pick<PollOptionRow, 'postId'> & { votes: number })[];
    const rows = findRowsIn(
      sql,
      postTable,
      'id',
      counts.map((count) => count.postId),
    );
    const posts = new Map((await this.discussions.toPosts(rows)).map((post) => [post.postId, post]));
    // Only an owner's own repost pitches a runner-up again: another member's takes nobody's button away.
    const reposts = findRows(sql, postTable, { discussionId }, { select: ['id', 'parentPostId', 'ownerId'], orderBy: 'id' }).filter(
      (post) => post.parentPostId !== null,
    );
    const pitchedAgainPostId = (post: Post) => reposts.find((repost) => pitchesAgain(repost, post))?.id ?? null;
    const winner = findRow(sql, postTable, { id: round.winnerPostId });

    return {
      roundId: round.id,
      roundTitle: round.title,
      bookId: round.bookId,
      winnerTitle: winner?.title ?? '',
      runnersUp: counts.flatMap(({ postId, votes }) => {
        const post = posts.get(postId);
        return post ? [{ post, votes, pitchedAgainPostId: pitchedAgainPostId(post) }] : [];
      }),
    };
  }
}
