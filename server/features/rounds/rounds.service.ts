import type { z } from 'zod';
import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type BetterSqlite3 from 'better-sqlite3';
import type { Poll } from '../../../shared/api/polls';
import { closeDiscussionSchema, newRoundSchema, type Round, type RoundUpdate } from '../../../shared/api/rounds';
import { deadlineProblem } from '../../../shared/api/instant';
import type { Clock } from '../../clock';
import type { Language } from '../../../shared/constants';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, findRowsIn } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { User } from '../accounts';
import { bookTable, createNextBook, type BooksService } from '../books';
import { closeDiscussionIntoPoll, createDiscussion, postIdsOf, readDiscussion, readPost, type DiscussionsService } from '../discussions';
import {
  closePollWithOutcome,
  createPoll,
  everyActiveMemberVoted,
  instantRunoff,
  leaders,
  pollBallots,
  pollOptionIds,
  readPoll,
  setPollDeadline,
  tally,
  type CloseAtDeadline,
  type PollRow,
  type PollsService,
} from '../polls';
import type { ClubSchedule } from '../schedule';
import { noClubEvents, type ClubEvents } from '../newsletters';
import { roundTable, type RoundRow } from './round.entity';
import { createRound, readRound, setRoundBook, setRoundDiscussion, setRoundPoll, setRoundTiebreaker } from './round-writes';

type Sql = BetterSqlite3.Database;

/** What a close changed, by id, read back after the transaction commits. */
interface Changes {
  roundId: number;
  discussionId?: number;
  pollId?: number;
  bookId?: number;
  /** Discussions whose content changed, to push to every client. */
  changedDiscussions: number[];
  /** The poll this step closed, pushed to every client (closed, its counts are everyone's to see). */
  closedPollId?: number;
  /** The tiebreaker a tied poll opened: not what the call answers (the closed poll names it), but news. */
  openedTiebreakerId?: number;
}

/**
 * The club's workflow (DECISIONS.md "The club's workflow"): rounds open discussions, closing a discussion
 * opens its poll, closing a poll names a book, opens the book discussion, or opens a tiebreaker.
 * Every step is one write transaction, so two moderators closing the same thing at once produce one result.
 */
export class RoundsService {
  constructor(
    private readonly db: DataSource,
    private readonly discussions: DiscussionsService,
    private readonly polls: PollsService,
    private readonly books: BooksService,
    /** The language of titles the server writes into the club. */
    private readonly clubLanguage: Language,
    private readonly events: ClubEvents = noClubEvents,
    /** The club's clock (a deadline must lie ahead of it) and its schedule, told of a new deadline. */
    private readonly time: { clock: Clock; schedule: Pick<ClubSchedule, 'reschedule'> },
  ) {}

  async list(): Promise<Round[]> {
    const sql = sqliteOf(this.db);
    const rows = findRows(sql, roundTable, 'all', { orderBy: [['id', 'DESC']] });
    const bookIds = rows.map((row) => row.bookId).filter((id): id is number => id !== null);
    const bookRows = findRowsIn(sql, bookTable, 'id', bookIds);
    const books = new Map((await this.books.toBooks(bookRows)).map((book) => [book.bookId, book]));
    return rows.map((row) => this.toRound(row, row.bookId ? (books.get(row.bookId) ?? null) : null));
  }

  async get(roundId: number): Promise<Round> {
    const row = findRow(sqliteOf(this.db), roundTable, { id: roundId });
    if (!row) throw new NotFound('roundNotFound');
    return this.toRound(row, row.bookId ? await this.books.get(row.bookId) : null);
  }

  /** A round opens its first discussion at once: the book discussion, or the theme discussion. */
  async start(user: User, { topic, title, description }: z.output<typeof newRoundSchema>): Promise<Round> {
    const { roundId, discussionId } = writeTransaction(this.db, (sql) => {
      const roundId = createRound(sql, { title, description, topic, ownerId: user.id, createdOn: new Date().toISOString() });
      const discussionId = createDiscussion(sql, {
        roundId,
        title: this.text(topic === 'Books' ? 'bookDiscussionTitle' : 'themeDiscussionTitle', title),
        description,
        topic,
        ownerId: user.id,
        createdOn: new Date().toISOString(),
      });
      setRoundDiscussion(sql, roundId, topic, discussionId);
      return { roundId, discussionId };
    });
    await this.discussions.broadcast(discussionId);
    const discussion = await this.discussions.get(discussionId);
    this.events.publish({ kind: 'roundStarted', discussionId, title: discussion.title });
    return this.get(roundId);
  }

  /**
   * Closes an open discussion that has posts and opens a poll whose options are its posts; `closesAt`
   * (when given) is the poll's deadline, written in the same transaction.
   */
  async closeDiscussion(
    user: User,
    discussionId: number,
    { closesAt, votingMethod }: z.output<typeof closeDiscussionSchema> = { closesAt: null, votingMethod: 'approval' },
  ): Promise<RoundUpdate> {
    const problem = deadlineProblem(closesAt, this.time.clock.now());
    if (problem) throw new Invalid('validationFailed', {}, { closesAt: [problem] });
    const changes = writeTransaction(this.db, (sql): Changes => {
      const discussion = readDiscussion(sql, discussionId);
      if (!discussion) throw new NotFound('discussionNotFound');
      if (discussion.isClosed) throw new Conflict('discussionClosed');
      const postIds = postIdsOf(sql, discussionId);
      if (postIds.length === 0) throw new Conflict('discussionHasNoPosts');

      const pollId = createPoll(
        sql,
        {
          discussionId,
          roundId: discussion.roundId,
          title: this.text('pollTitle', discussion.title),
          topic: discussion.topic,
          previousPollId: null,
          ownerId: user.id,
          createdOn: new Date().toISOString(),
          votingMethod,
        },
        postIds,
      );
      if (closesAt) setPollDeadline(sql, pollId, closesAt);
      closeDiscussionIntoPoll(sql, discussionId, pollId);
      setRoundPoll(sql, discussion.roundId, discussion.topic, pollId);
      return { roundId: discussion.roundId, discussionId, pollId, changedDiscussions: [discussionId] };
    });
    if (closesAt) this.time.schedule.reschedule();
    return this.report(changes, user);
  }

  /**
   * Closes a poll with at least one vote. One option on top wins: a book poll's winner becomes the next
   * numbered Book, a theme poll's winner opens the round's book discussion. Several tied on top open a
   * tiebreaker with just them; a tie in a tiebreaker is settled by lot, and the poll says so. The answer's
   * poll is always this one, closed; on a tie its followupLink names the tiebreaker (as Obskurnee answers).
   */
  async closePoll(user: User, pollId: number): Promise<RoundUpdate> {
    const changes = writeTransaction(this.db, (sql): Changes => {
      const poll = readPoll(sql, pollId);
      if (!poll) throw new NotFound('pollNotFound');
      if (poll.isClosed) throw new Conflict('pollClosed');
      return this.decide(sql, poll, user.id);
    });
    return this.report(changes, user);
  }

  /**
   * After `voter`'s ballot: when every active member (bots excluded) has voted, the poll closes itself,
   * exactly as if a moderator had closed it then (what it opens belongs to the poll's own moderator).
   * Null when someone has yet to vote, or when the poll closed meanwhile.
   */
  async closeAfterLastVote(pollId: number, voter: User): Promise<RoundUpdate | null> {
    const changes = writeTransaction(this.db, (sql): Changes | null => {
      const poll = readPoll(sql, pollId);
      if (!poll || poll.isClosed || !everyActiveMemberVoted(sql, pollId)) return null;
      return this.decide(sql, poll, poll.ownerId);
    });
    return changes && this.report(changes, voter);
  }

  /**
   * At its deadline a poll closes exactly as a moderator's close would then (tiebreakers included); what
   * it opens belongs to the poll's own moderator, as after the last vote. Everyone hears of it as of any
   * close. `isDue` re-checks the poll inside the transaction (closed or moved meanwhile: nothing happens);
   * a poll without ballots stays open and goes to `noVotes` there (deadlines.ts).
   */
  readonly closeAtDeadline: CloseAtDeadline = async (pollId, { isDue, noVotes }) => {
    const changes = writeTransaction(this.db, (sql): Changes | null => {
      const poll = readPoll(sql, pollId);
      if (!poll || !isDue(poll)) return null;
      if (pollBallots(sql, pollId).size === 0) {
        noVotes(sql, poll);
        return null;
      }
      return this.decide(sql, poll, poll.ownerId);
    });
    if (changes) await this.report(changes, null);
  };

  /** Decides an open poll inside the caller's write transaction; what it opens is `ownerId`'s. */
  private decide(sql: Sql, poll: PollRow, ownerId: string | null): Changes {
    const optionIds = pollOptionIds(sql, poll.id);
    const ballots = pollBallots(sql, poll.id);
    if (ballots.size === 0) throw new Conflict('pollHasNoVotes');
    const round = readRound(sql, poll.roundId)!;
    const closedOn = this.time.clock.now().toISOString();

    const tied = poll.votingMethod === 'ranked' ? rankedLeaders(optionIds, [...ballots.values()]) : leaders(tally(optionIds, [...ballots.values()]));
    if (tied.length > 1 && !poll.isTiebreaker) {
      const tiebreakerId = createPoll(
        sql,
        {
          discussionId: poll.discussionId,
          roundId: poll.roundId,
          title: this.text('tiebreakerTitle', poll.title),
          topic: poll.topic,
          previousPollId: poll.id,
          ownerId,
          createdOn: new Date().toISOString(),
          // A tiebreaker is counted as its poll was.
          votingMethod: poll.votingMethod,
        },
        tied,
      );
      closePollWithOutcome(sql, poll.id, { winnerPostId: null, decidedByLot: false, followupKind: 'Poll', followupId: tiebreakerId, closedOn });
      setRoundTiebreaker(sql, poll.roundId, poll.topic, tiebreakerId);
      return { roundId: poll.roundId, pollId: poll.id, closedPollId: poll.id, openedTiebreakerId: tiebreakerId, changedDiscussions: [] };
    }

    const decidedByLot = tied.length > 1;
    const winnerPostId = decidedByLot ? tied[crypto.randomInt(tied.length)]! : tied[0]!;
    if (poll.topic === 'Books') {
      const { bookId } = createNextBook(sql, { roundId: poll.roundId, postId: winnerPostId, createdOn: new Date().toISOString() });
      setRoundBook(sql, poll.roundId, bookId);
      closePollWithOutcome(sql, poll.id, { winnerPostId, decidedByLot, followupKind: 'Book', followupId: bookId, closedOn });
      return { roundId: poll.roundId, pollId: poll.id, closedPollId: poll.id, bookId, changedDiscussions: [] };
    }

    const theme = readPost(sql, winnerPostId)!;
    const discussionId = createDiscussion(sql, {
      roundId: poll.roundId,
      title: this.text('bookDiscussionTitle', round.title),
      description: [`**${theme.title}**`, theme.text, round.description].filter(Boolean).join('\n\n'),
      topic: 'Books',
      ownerId,
      createdOn: new Date().toISOString(),
    });
    setRoundDiscussion(sql, poll.roundId, 'Books', discussionId);
    closePollWithOutcome(sql, poll.id, { winnerPostId, decidedByLot, followupKind: 'Discussion', followupId: discussionId, closedOn });
    return { roundId: poll.roundId, pollId: poll.id, closedPollId: poll.id, discussionId, changedDiscussions: [discussionId] };
  }

  /** Pushes what changed and answers it as `viewer` sees it (null: a member who has not voted, as at a deadline). */
  private async report(changes: Changes, viewer: User | null): Promise<RoundUpdate> {
    for (const id of changes.changedDiscussions) await this.discussions.broadcast(id);
    if (changes.closedPollId) {
      await this.polls.broadcastClosed(changes.closedPollId);
      const closed = await this.polls.get(changes.closedPollId, null);
      const winner = closed.options.find((option) => option.postId === closed.results.winnerPostId)?.title ?? null;
      this.events.publish({ kind: 'pollClosed', pollId: closed.pollId, title: closed.title, winner, tied: !!changes.openedTiebreakerId });
    }
    const update: RoundUpdate = {
      round: await this.get(changes.roundId),
      discussion: changes.discussionId ? await this.discussions.get(changes.discussionId) : null,
      poll: changes.pollId ? await this.polls.get(changes.pollId, viewer) : null,
      book: changes.bookId ? await this.books.get(changes.bookId) : null,
    };
    this.announce(update, changes.openedTiebreakerId ? await this.polls.get(changes.openedTiebreakerId, viewer) : null);
    return update;
  }

  /** Tells the newsletter what opened or was decided. */
  private announce({ poll, discussion, book }: RoundUpdate, tiebreaker: Poll | null): void {
    if (tiebreaker) {
      this.events.publish({ kind: 'pollOpened', pollId: tiebreaker.pollId, title: tiebreaker.title, isTiebreaker: true });
    } else if (book) {
      this.events.publish({ kind: 'bookChosen', bookId: book.bookId, order: book.order, title: book.post.title, author: book.post.author });
    } else if (poll && !poll.isClosed) {
      this.events.publish({ kind: 'pollOpened', pollId: poll.pollId, title: poll.title, isTiebreaker: poll.isTiebreaker });
    } else if (discussion && !discussion.isClosed) {
      this.events.publish({ kind: 'discussionOpened', discussionId: discussion.discussionId, title: discussion.title });
    }
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

/** A ranked poll's winner by instant runoff, alone, or the options counting could not part (a tie). */
function rankedLeaders(optionIds: readonly number[], ballots: readonly (readonly number[])[]): number[] {
  const { winnerPostId, tied } = instantRunoff(optionIds, ballots);
  return winnerPostId === null ? tied : [winnerPostId];
}
