import crypto from 'node:crypto';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Language } from '../../../shared/constants';
import { insertRows } from '../../db/table';
import { translate } from '../../http/i18n';
import type { Markdown } from '../../markdown';
import type { DemoSettings } from '../../settings';
import { userTable, type User } from '../accounts';
import { createNextBook } from '../books';
import { closeDiscussionIntoPoll, createDiscussion, createPost, readPost } from '../discussions';
import { NOTICEBOARD_KEY, settingTable } from '../home';
import { closePollWithOutcome, createPoll, leaders, pollBallots, pollOptionIds, recordBallot, setPollDeadline, tally } from '../polls';
import { createRound, setRoundBook, setRoundDiscussion, setRoundPoll, setRoundTiebreaker } from '../rounds';
import { demoCoverUrl, writeDemoCovers } from './demo-covers';
import { writeCurrentlyReading, writeMeetings, writeProgress, writeRecommendations, writeReviews, type DemoScene } from './demo-club-life';
import { ADMIN, BOOK_KEYS, MEMBER, MODERATOR, ROUNDS, type BookKey, type DiscussionStory, type RoundStory, type ThemeKey } from './demo-story';
import type { DemoText } from './demo-text';
import { DEMO_TEXTS } from './demo-texts';

type Sql = BetterSqlite3.Database;

export interface DemoSeedOptions {
  /** The club's language: its members write in it. */
  language: Language;
  /** The story's "now": everything happened relative to it. */
  now: Date;
  /** The data folder's images/ (covers go into its covers/). */
  imagesDir: string;
  markdown: Markdown;
}

export interface SeededDemo {
  siteName: string;
  demo: DemoSettings;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes the demo club into a freshly migrated, empty database in one transaction: ten members, five rounds
 * (a theme round, a tie settled by a tiebreaker, an open poll with a deadline, an open discussion), three
 * books with reviews, meetings past and upcoming with answers and check-ins, reading progress,
 * recommendations, currently-reading entries and a noticeboard, in `language`. Each table is written through
 * the writers and tables its feature offers, as the club's own services write them; dates are relative to
 * `now`. Covers are drawn meanwhile. Answers the one-click accounts.
 */
export async function seedDemoClub(sql: Sql, options: DemoSeedOptions): Promise<SeededDemo> {
  const text = DEMO_TEXTS[options.language];
  const covers = writeDemoCovers(path.join(options.imagesDir, 'covers'), [
    ...BOOK_KEYS.map((key) => ({ name: `${options.language}-${key}`, ...text.books[key] })),
    ...text.recommendations.map((r, i) => ({ name: `${options.language}-rec${i + 1}`, ...r })),
  ]);
  const seeded = sql.transaction(() => new DemoWriter(sql, text, options).write())();
  await covers;
  return seeded;
}

class DemoWriter implements DemoScene {
  private readonly members: User[];
  readonly language: Language;
  /** Each book suggestion's post by round, to find what a repost reposts. */
  private readonly postOf = new Map<string, number>();
  /** The club's books by the key of the suggestion that won. */
  readonly bookOf = new Map<BookKey, number>();
  /** The book discussion a theme poll's close opened, by round. */
  private readonly booksDiscussionOf = new Map<string, number>();

  constructor(
    readonly sql: Sql,
    readonly text: DemoText,
    private readonly options: DemoSeedOptions,
  ) {
    this.language = options.language;
    this.members = text.members.map((member, i) => ({
      id: crypto.randomUUID(),
      email: member.email,
      name: member.name,
      passwordHash: null,
      phone: member.phone ?? (i <= MEMBER ? '+1 555 0100' : null),
      aboutMe: member.aboutMe,
      goodreadsUrl: i <= MEMBER ? 'https://www.goodreads.com/' : null,
      avatarFile: null,
      isModerator: i === ADMIN || i === MODERATOR,
      isAdmin: i === ADMIN,
      isBot: false,
      isActiveParticipant: true,
      language: null,
      createdOn: this.at(-130 + i * 3),
      sessionVersion: 0,
      disabledOn: null,
    }));
  }

  /**
   * `days` from now as ISO 8601; `time` sets the hour and minute (UTC). Without one, the day's fraction
   * becomes a time between 07:00 and 21:00 UTC (members do not post at 4 in the morning), never later than now.
   */
  at(days: number, time?: [number, number]): string {
    const now = this.options.now.getTime();
    const date = new Date(now + Math.floor(days) * DAY_MS);
    if (time) date.setUTCHours(time[0], time[1], 0, 0);
    else date.setUTCHours(7, Math.round((days - Math.floor(days)) * 14 * 60), 0, 0);
    return new Date(time || days > 0 ? date.getTime() : Math.min(date.getTime(), now - 10 * 60 * 1000)).toISOString();
  }

  id(member: number): string {
    return this.members[member]!.id;
  }

  render(markdown: string): string {
    return this.options.markdown.render(markdown);
  }

  write(): SeededDemo {
    insertRows(this.sql, userTable, this.members);
    insertRows(this.sql, settingTable, [{ key: NOTICEBOARD_KEY, value: this.text.noticeboard }]);
    writeRecommendations(this);
    for (const round of ROUNDS) this.writeRound(round);
    writeReviews(this);
    writeMeetings(this);
    writeProgress(this);
    writeCurrentlyReading(this);
    const account = (role: 'admin' | 'moderator' | 'member', member: number) => ({ role, userId: this.id(member), name: this.members[member]!.name });
    return {
      siteName: this.text.siteName,
      demo: { accounts: [account('member', MEMBER), account('moderator', MODERATOR), account('admin', ADMIN)] },
    };
  }

  private writeRound(round: RoundStory): void {
    const words = this.text.rounds[round.key];
    const roundId = createRound(this.sql, {
      title: words.title,
      description: words.description,
      topic: round.topic,
      ownerId: this.id(round.by),
      createdOn: this.at(round.at),
    });
    if (round.themes) {
      const title = this.content('themeDiscussionTitle', words.title);
      const discussionId = this.discussion(roundId, 'Themes', title, words.description, round.by, round.at);
      this.runDiscussion(roundId, 'Themes', discussionId, round.themes, round);
      // The theme poll's close opened the round's book discussion (decide).
      const booksId = this.booksDiscussionOf.get(round.key);
      if (booksId !== undefined && round.books) this.runDiscussion(roundId, 'Books', booksId, round.books, round);
      return;
    }
    const discussionId = this.discussion(roundId, 'Books', this.content('bookDiscussionTitle', words.title), words.description, round.by, round.at);
    this.runDiscussion(roundId, 'Books', discussionId, round.books!, round);
  }

  /** Titles the club writes itself, in its language, as its rounds write them. */
  private content(key: string, title: string): string {
    return translate(this.options.language, `content:${key}`, { title });
  }

  private discussion(roundId: number, topic: 'Books' | 'Themes', title: string, description: string | null, by: number, at: number): number {
    const discussionId = createDiscussion(this.sql, { roundId, title, description, topic, ownerId: this.id(by), createdOn: this.at(at) });
    setRoundDiscussion(this.sql, roundId, topic, discussionId);
    return discussionId;
  }

  /**
   * Suggestions, then (as the story has it) the poll, its ballots and its close as RoundsService decides
   * one: a single leader wins, a tie opens a tiebreaker. Answers the winning post, or null while undecided.
   */
  private runDiscussion(
    roundId: number,
    topic: 'Books' | 'Themes',
    discussionId: number,
    story: DiscussionStory<BookKey> | DiscussionStory<ThemeKey>,
    round: RoundStory,
  ): number | null {
    const postIds = new Map<string, number>();
    for (const suggestion of story.suggestions) {
      const postId =
        topic === 'Books'
          ? this.bookPost(discussionId, suggestion as Suggested<BookKey>, round)
          : this.themePost(discussionId, suggestion as Suggested<ThemeKey>);
      postIds.set(suggestion.pitch, postId);
    }
    if (story.closedAt === undefined) return null;
    const discussionTitle = this.content(topic === 'Books' ? 'bookDiscussionTitle' : 'themeDiscussionTitle', this.text.rounds[round.key].title);
    const poll = { discussionId, roundId, topic, ownerId: this.id(round.by), votingMethod: 'approval' as const };
    const pollId = createPoll(
      this.sql,
      { ...poll, title: this.content('pollTitle', discussionTitle), previousPollId: null, createdOn: this.at(story.closedAt) },
      [...postIds.values()],
    );
    closeDiscussionIntoPoll(this.sql, discussionId, pollId);
    setRoundPoll(this.sql, roundId, topic, pollId);
    this.vote(pollId, story.ballots ?? [], postIds, story.closedAt);
    if (story.pollClosedAt === undefined) {
      if (story.pollClosesAt !== undefined) setPollDeadline(this.sql, pollId, this.at(story.pollClosesAt, [18, 0]));
      return null;
    }
    const tied = leaders(tally(pollOptionIds(this.sql, pollId), [...pollBallots(this.sql, pollId).values()]));
    if (tied.length > 1) {
      const tiebreakerId = createPoll(
        this.sql,
        {
          ...poll,
          title: this.content('tiebreakerTitle', this.content('pollTitle', discussionTitle)),
          previousPollId: pollId,
          createdOn: this.at(story.pollClosedAt),
        },
        tied,
      );
      closePollWithOutcome(this.sql, pollId, {
        winnerPostId: null,
        decidedByLot: false,
        followupKind: 'Poll',
        followupId: tiebreakerId,
        closedOn: this.at(story.pollClosedAt),
      });
      setRoundTiebreaker(this.sql, roundId, topic, tiebreakerId);
      if (!story.tiebreaker) return null;
      this.vote(tiebreakerId, story.tiebreaker.ballots, postIds, story.pollClosedAt);
      return this.decide(tiebreakerId, roundId, topic, story.tiebreaker.closedAt, round);
    }
    return this.decide(pollId, roundId, topic, story.pollClosedAt, round);
  }

  /** Closes a poll whose ballots have one leader: a book poll's winner becomes the club's next book. */
  private decide(pollId: number, roundId: number, topic: 'Books' | 'Themes', closedAt: number, round: RoundStory): number {
    const [winnerPostId, ...others] = leaders(tally(pollOptionIds(this.sql, pollId), [...pollBallots(this.sql, pollId).values()]));
    if (winnerPostId === undefined || others.length > 0) throw new Error(`the demo's poll ${pollId} has no single winner`);
    if (topic === 'Books') {
      const { bookId } = createNextBook(this.sql, { roundId, postId: winnerPostId, createdOn: this.at(closedAt) });
      setRoundBook(this.sql, roundId, bookId);
      closePollWithOutcome(this.sql, pollId, { winnerPostId, decidedByLot: false, followupKind: 'Book', followupId: bookId, closedOn: this.at(closedAt) });
      const key = [...this.postOf.entries()].find(([k, id]) => id === winnerPostId && k.startsWith(`${round.key}:`))![0].split(':')[1] as BookKey;
      this.bookOf.set(key, bookId);
    } else {
      // As a theme poll's close does: the round's book discussion opens, led by the winning theme.
      const theme = readPost(this.sql, winnerPostId)!;
      const words = this.text.rounds[round.key];
      const description = [`**${theme.title}**`, theme.text, words.description].filter(Boolean).join('\n\n');
      const title = this.content('bookDiscussionTitle', words.title);
      const discussionId = this.discussion(roundId, 'Books', title, description, round.by, closedAt);
      this.booksDiscussionOf.set(round.key, discussionId);
      closePollWithOutcome(this.sql, pollId, {
        winnerPostId,
        decidedByLot: false,
        followupKind: 'Discussion',
        followupId: discussionId,
        closedOn: this.at(closedAt),
      });
    }
    return winnerPostId;
  }

  /** Ballots cast over the days after the poll opened, a few hours apart. */
  private vote(pollId: number, ballots: [number, string[]][], postIds: Map<string, number>, openedAt: number): void {
    ballots.forEach(([by, ticked], i) => {
      const ids = ticked.map((key) => postIds.get(key)!).sort((a, b) => a - b);
      recordBallot(this.sql, pollId, this.id(by), ids, this.at(openedAt + 0.1 + i * 0.27));
    });
  }

  private bookPost(discussionId: number, suggestion: Suggested<BookKey>, round: RoundStory): number {
    const book = this.text.books[suggestion.pitch];
    const parentPostId = suggestion.repostFrom ? this.postOf.get(`${suggestion.repostFrom}:${suggestion.pitch}`)! : null;
    const postId = createPost(this.sql, {
      discussionId,
      ownerId: this.id(suggestion.by),
      title: book.title,
      author: book.author,
      pageCount: book.pageCount,
      year: book.year,
      url: null,
      imageUrl: demoCoverUrl(`${this.options.language}-${suggestion.pitch}`),
      text: book.pitch,
      renderedText: this.render(book.pitch),
      parentPostId,
      parentRecommendationId: null,
      createdOn: this.at(suggestion.at),
      modifiedOn: this.at(suggestion.at),
    });
    this.postOf.set(`${round.key}:${suggestion.pitch}`, postId);
    return postId;
  }

  private themePost(discussionId: number, suggestion: Suggested<ThemeKey>): number {
    const theme = this.text.themes[suggestion.pitch];
    return createPost(this.sql, {
      discussionId,
      ownerId: this.id(suggestion.by),
      title: theme.title,
      author: null,
      pageCount: null,
      year: null,
      url: null,
      imageUrl: null,
      text: theme.text,
      renderedText: this.render(theme.text),
      parentPostId: null,
      parentRecommendationId: null,
      createdOn: this.at(suggestion.at),
      modifiedOn: this.at(suggestion.at),
    });
  }
}

type Suggested<K> = DiscussionStory<K>['suggestions'][number];
