import { In, type DataSource, type Repository } from 'typeorm';
import type { Post } from '../../../shared/api/discussions';
import type { RunnersUp } from '../../../shared/api/runners-up';
import { pitchesAgain } from '../../../shared/rules';
import { sqliteOf } from '../../db/data-source';
import { NotFound } from '../../http/errors';
import { PostEntity, readDiscussion, type DiscussionsService, type PostRow } from '../discussions';

/** The decided Books round a discussion follows: its first book poll and the winning post. */
interface DecidedRound {
  id: number;
  title: string;
  bookId: number;
  bookPollId: number;
  winnerPostId: number;
}

/**
 * Last round's runners-up for a Books discussion (shared/api/runners-up.ts): the options of the last Books
 * round decided before the discussion's own round, without the winner, with their votes in that round's first
 * book poll (a tiebreaker offers only the tied, and every option had its chance in the first one).
 */
export class RunnersUpService {
  private readonly posts: Repository<PostRow>;

  constructor(
    private readonly db: DataSource,
    private readonly discussions: DiscussionsService,
  ) {
    this.posts = db.getRepository(PostEntity);
  }

  async forDiscussion(discussionId: number): Promise<RunnersUp | null> {
    const sql = sqliteOf(this.db);
    const discussion = readDiscussion(sql, discussionId);
    if (!discussion) throw new NotFound('discussionNotFound');
    if (discussion.topic !== 'Books') return null;

    const round = sql
      .prepare(
        `SELECT r."id", r."title", r."bookId", r."bookPollId", b."postId" AS "winnerPostId"
         FROM "round" r JOIN "book" b ON b."id" = r."bookId"
         WHERE r."id" < ? AND r."bookPollId" IS NOT NULL
         ORDER BY r."id" DESC LIMIT 1`,
      )
      .get(discussion.roundId) as DecidedRound | undefined;
    if (!round) return null;

    const counts = sql
      .prepare(
        `SELECT o."postId", count(c."userId") AS "votes"
         FROM "poll_option" o LEFT JOIN "vote_choice" c ON c."pollId" = o."pollId" AND c."postId" = o."postId"
         WHERE o."pollId" = ? AND o."postId" <> ?
         GROUP BY o."postId", o."position"
         ORDER BY "votes" DESC, o."position" ASC`,
      )
      .all(round.bookPollId, round.winnerPostId) as { postId: number; votes: number }[];
    const rows = counts.length ? await this.posts.findBy({ id: In(counts.map((count) => count.postId)) }) : [];
    const posts = new Map((await this.discussions.toPosts(rows)).map((post) => [post.postId, post]));
    // Only an owner's own repost pitches a runner-up again: another member's takes nobody's button away.
    const reposts = sql
      .prepare(`SELECT "id", "parentPostId", "ownerId" FROM "post" WHERE "discussionId" = ? AND "parentPostId" IS NOT NULL ORDER BY "id"`)
      .all(discussionId) as { id: number; parentPostId: number; ownerId: string | null }[];
    const pitchedAgainPostId = (post: Post) => reposts.find((repost) => pitchesAgain(repost, post))?.id ?? null;
    const winner = sql.prepare(`SELECT "title" FROM "post" WHERE "id" = ?`).get(round.winnerPostId) as { title: string } | undefined;

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
