import crypto from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { In, type DataSource, type Repository } from 'typeorm';
import { newRoundSchema, type Round, type RoundTopic, type RoundUpdate } from '../../../shared/api/rounds';
import type { Language } from '../../../shared/constants';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, NotFound } from '../../http/errors';
import { translate } from '../../http/i18n';
import { parseWith } from '../../http/validate';
import type { User } from '../accounts/user.entity';
import type { BooksService } from '../books/books.service';
import { BookEntity } from '../books/book.entity';
import type { DiscussionsService } from '../discussions/discussions.service';
import type { PollsService } from '../polls/polls.service';
import { leaders, tally } from '../polls/tally';
import { noClubEvents, type ClubEvents } from '../newsletters/club-events';
import { RoundEntity, type RoundRow } from './round.entity';

type Sql = BetterSqlite3.Database;

/** What a close changed, by id, read back after the transaction commits. */
interface Changes {
  roundId: number;
  discussionId?: number;
  pollId?: number;
  bookId?: number;
  /** Discussions whose content changed, to push to every client. */
  changedDiscussions: number[];
}

/**
 * The club's workflow (DECISIONS.md "The club's workflow"): rounds open discussions, closing a discussion
 * opens its poll, closing a poll names a book, opens the book discussion, or opens a tiebreaker.
 * Every step is one write transaction, so two moderators closing the same thing at once produce one result.
 */
export class RoundsService {
  private readonly rounds: Repository<RoundRow>;

  constructor(
    private readonly db: DataSource,
    private readonly discussions: DiscussionsService,
    private readonly polls: PollsService,
    private readonly books: BooksService,
    /** The language of titles the server writes into the club. */
    private readonly clubLanguage: Language,
    private readonly events: ClubEvents = noClubEvents,
  ) {
    this.rounds = db.getRepository(RoundEntity);
  }

  async list(): Promise<Round[]> {
    const rows = await this.rounds.find({ order: { id: 'DESC' } });
    const bookIds = rows.map((row) => row.bookId).filter((id): id is number => id !== null);
    const bookRows = bookIds.length ? await this.db.getRepository(BookEntity).findBy({ id: In(bookIds) }) : [];
    const books = new Map((await this.books.toBooks(bookRows)).map((book) => [book.bookId, book]));
    return rows.map((row) => this.toRound(row, row.bookId ? (books.get(row.bookId) ?? null) : null));
  }

  async get(roundId: number): Promise<Round> {
    const row = await this.rounds.findOneBy({ id: roundId });
    if (!row) throw new NotFound('roundNotFound');
    return this.toRound(row, row.bookId ? await this.books.get(row.bookId) : null);
  }

  /** A round opens its first discussion at once: the book discussion, or the theme discussion. */
  async start(user: User, body: unknown): Promise<Round> {
    const { topic, title, description } = parseWith(newRoundSchema, body);
    const { roundId, discussionId } = writeTransaction(this.db, (sql) => {
      const now = new Date().toISOString();
      const roundId = Number(
        sql
          .prepare(`INSERT INTO "round" ("title", "description", "topic", "ownerId", "createdOn") VALUES (?, ?, ?, ?, ?)`)
          .run(title, description, topic, user.id, now).lastInsertRowid,
      );
      const discussionTitle = this.text(topic === 'Books' ? 'bookDiscussionTitle' : 'themeDiscussionTitle', title);
      const discussionId = this.insertDiscussion(sql, roundId, discussionTitle, description, topic, user.id);
      const column = topic === 'Books' ? 'bookDiscussionId' : 'themeDiscussionId';
      sql.prepare(`UPDATE "round" SET "${column}" = ? WHERE "id" = ?`).run(discussionId, roundId);
      return { roundId, discussionId };
    });
    await this.discussions.broadcast(discussionId);
    const discussion = await this.discussions.get(discussionId);
    this.events.publish({ kind: 'roundStarted', discussionId, title: discussion.title });
    return this.get(roundId);
  }

  /** Closes an open discussion that has posts and opens a poll whose options are its posts. */
  async closeDiscussion(user: User, discussionId: number): Promise<RoundUpdate> {
    const changes = writeTransaction(this.db, (sql): Changes => {
      const discussion = sql.prepare(`SELECT * FROM "discussion" WHERE "id" = ?`).get(discussionId) as
        | { id: number; roundId: number; title: string; topic: RoundTopic; isClosed: number }
        | undefined;
      if (!discussion) throw new NotFound('discussionNotFound');
      if (discussion.isClosed) throw new Conflict('discussionClosed');
      const posts = sql.prepare(`SELECT "id" FROM "post" WHERE "discussionId" = ? ORDER BY "id"`).all(discussionId) as { id: number }[];
      if (posts.length === 0) throw new Conflict('discussionHasNoPosts');

      const pollId = this.insertPoll(sql, {
        discussionId,
        roundId: discussion.roundId,
        title: this.text('pollTitle', discussion.title),
        topic: discussion.topic,
        previousPollId: null,
        optionIds: posts.map((post) => post.id),
        ownerId: user.id,
      });
      sql.prepare(`UPDATE "discussion" SET "isClosed" = 1, "pollId" = ? WHERE "id" = ?`).run(pollId, discussionId);
      const column = discussion.topic === 'Books' ? 'bookPollId' : 'themePollId';
      sql.prepare(`UPDATE "round" SET "${column}" = ? WHERE "id" = ?`).run(pollId, discussion.roundId);
      return { roundId: discussion.roundId, discussionId, pollId, changedDiscussions: [discussionId] };
    });
    return this.report(changes, user);
  }

  /**
   * Closes a poll with at least one vote. One option on top wins: a book poll's winner becomes the next
   * numbered Book, a theme poll's winner opens the round's book discussion. Several tied on top open a
   * tiebreaker with just them; a tie in a tiebreaker is settled by lot, and the poll says so.
   */
  async closePoll(user: User, pollId: number): Promise<RoundUpdate> {
    const changes = writeTransaction(this.db, (sql): Changes => {
      const poll = sql.prepare(`SELECT * FROM "poll" WHERE "id" = ?`).get(pollId) as
        | { id: number; roundId: number; discussionId: number; title: string; topic: RoundTopic; isClosed: number; isTiebreaker: number }
        | undefined;
      if (!poll) throw new NotFound('pollNotFound');
      if (poll.isClosed) throw new Conflict('pollClosed');
      const optionIds = (sql.prepare(`SELECT "postId" FROM "poll_option" WHERE "pollId" = ? ORDER BY "position"`).all(pollId) as { postId: number }[]).map((o) => o.postId);
      const choices = sql.prepare(`SELECT "userId", "postId" FROM "vote_choice" WHERE "pollId" = ?`).all(pollId) as { userId: string; postId: number }[];
      const ballots = new Map<string, number[]>();
      for (const choice of choices) (ballots.get(choice.userId) ?? ballots.set(choice.userId, []).get(choice.userId)!).push(choice.postId);
      if (ballots.size === 0) throw new Conflict('pollHasNoVotes');
      const round = sql.prepare(`SELECT * FROM "round" WHERE "id" = ?`).get(poll.roundId) as RoundRow;

      const tied = leaders(tally(optionIds, [...ballots.values()]));
      if (tied.length > 1 && !poll.isTiebreaker) {
        const tiebreakerId = this.insertPoll(sql, {
          discussionId: poll.discussionId,
          roundId: poll.roundId,
          title: this.text('tiebreakerTitle', poll.title),
          topic: poll.topic,
          previousPollId: poll.id,
          optionIds: tied,
          ownerId: user.id,
        });
        this.finishPoll(sql, poll.id, null, false, 'Poll', tiebreakerId);
        const column = poll.topic === 'Books' ? 'bookTiebreakerPollId' : 'themeTiebreakerPollId';
        sql.prepare(`UPDATE "round" SET "${column}" = ? WHERE "id" = ?`).run(tiebreakerId, poll.roundId);
        return { roundId: poll.roundId, pollId: tiebreakerId, changedDiscussions: [] };
      }

      const byLot = tied.length > 1;
      const winnerPostId = byLot ? tied[crypto.randomInt(tied.length)]! : tied[0]!;
      if (poll.topic === 'Books') {
        const order = (sql.prepare(`SELECT COALESCE(MAX("order"), 0) + 1 AS "next" FROM "book"`).get() as { next: number }).next;
        const bookId = Number(
          sql
            .prepare(`INSERT INTO "book" ("order", "roundId", "postId", "createdOn") VALUES (?, ?, ?, ?)`)
            .run(order, poll.roundId, winnerPostId, new Date().toISOString()).lastInsertRowid,
        );
        sql.prepare(`UPDATE "round" SET "bookId" = ? WHERE "id" = ?`).run(bookId, poll.roundId);
        this.finishPoll(sql, poll.id, winnerPostId, byLot, 'Book', bookId);
        return { roundId: poll.roundId, pollId: poll.id, bookId, changedDiscussions: [] };
      }

      const theme = sql.prepare(`SELECT "title", "text" FROM "post" WHERE "id" = ?`).get(winnerPostId) as { title: string; text: string | null };
      const description = [`**${theme.title}**`, theme.text, round.description].filter(Boolean).join('\n\n');
      const discussionId = this.insertDiscussion(sql, poll.roundId, this.text('bookDiscussionTitle', round.title), description, 'Books', user.id);
      sql.prepare(`UPDATE "round" SET "bookDiscussionId" = ? WHERE "id" = ?`).run(discussionId, poll.roundId);
      this.finishPoll(sql, poll.id, winnerPostId, byLot, 'Discussion', discussionId);
      return { roundId: poll.roundId, pollId: poll.id, discussionId, changedDiscussions: [discussionId] };
    });
    return this.report(changes, user);
  }

  private async report(changes: Changes, viewer: User): Promise<RoundUpdate> {
    for (const id of changes.changedDiscussions) await this.discussions.broadcast(id);
    const update: RoundUpdate = {
      round: await this.get(changes.roundId),
      discussion: changes.discussionId ? await this.discussions.get(changes.discussionId) : null,
      poll: changes.pollId ? await this.polls.get(changes.pollId, viewer) : null,
      book: changes.bookId ? await this.books.get(changes.bookId) : null,
    };
    this.announce(update);
    return update;
  }

  /** Tells the newsletter what opened or was decided. */
  private announce({ poll, discussion, book }: RoundUpdate): void {
    if (book) {
      this.events.publish({ kind: 'bookChosen', bookId: book.bookId, order: book.order, title: book.post.title, author: book.post.author });
    } else if (poll && !poll.isClosed) {
      this.events.publish({ kind: 'pollOpened', pollId: poll.pollId, title: poll.title, isTiebreaker: poll.isTiebreaker });
    } else if (discussion && !discussion.isClosed) {
      this.events.publish({ kind: 'discussionOpened', discussionId: discussion.discussionId, title: discussion.title });
    }
  }

  private insertDiscussion(sql: Sql, roundId: number, title: string, description: string | null, topic: RoundTopic, ownerId: string): number {
    return Number(
      sql
        .prepare(`INSERT INTO "discussion" ("roundId", "title", "description", "topic", "ownerId", "createdOn") VALUES (?, ?, ?, ?, ?, ?)`)
        .run(roundId, title, description, topic, ownerId, new Date().toISOString()).lastInsertRowid,
    );
  }

  private insertPoll(
    sql: Sql,
    poll: { discussionId: number; roundId: number; title: string; topic: RoundTopic; previousPollId: number | null; optionIds: number[]; ownerId: string },
  ): number {
    const pollId = Number(
      sql
        .prepare(
          `INSERT INTO "poll" ("discussionId", "roundId", "title", "topic", "isTiebreaker", "previousPollId", "ownerId", "createdOn")
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(poll.discussionId, poll.roundId, poll.title, poll.topic, poll.previousPollId === null ? 0 : 1, poll.previousPollId, poll.ownerId, new Date().toISOString())
        .lastInsertRowid,
    );
    const insertOption = sql.prepare(`INSERT INTO "poll_option" ("pollId", "postId", "position") VALUES (?, ?, ?)`);
    poll.optionIds.forEach((postId, position) => insertOption.run(pollId, postId, position));
    return pollId;
  }

  private finishPoll(sql: Sql, pollId: number, winnerPostId: number | null, byLot: boolean, kind: 'Poll' | 'Book' | 'Discussion', followupId: number) {
    sql
      .prepare(`UPDATE "poll" SET "isClosed" = 1, "winnerPostId" = ?, "decidedByLot" = ?, "followupKind" = ?, "followupId" = ? WHERE "id" = ?`)
      .run(winnerPostId, byLot ? 1 : 0, kind, followupId, pollId);
  }

  private text(key: string, title: string): string {
    return translate(this.clubLanguage, `content:${key}`, { title });
  }

  private toRound(row: RoundRow, book: Round['book']): Round {
    return {
      roundId: row.id,
      title: row.title,
      description: row.description,
      topic: row.topic,
      themeDiscussionId: row.themeDiscussionId,
      themePollId: row.themePollId,
      themeTiebreakerPollId: row.themeTiebreakerPollId,
      bookDiscussionId: row.bookDiscussionId,
      bookPollId: row.bookPollId,
      bookTiebreakerPollId: row.bookTiebreakerPollId,
      bookId: row.bookId,
      book,
      createdOn: row.createdOn,
    };
  }
}
