import crypto from 'node:crypto';
import type { User } from '../../features/accounts/user.entity';
import { IMPORTED_IDENTITY_PREFIX, parseIdentityHash } from '../../features/accounts/aspnet-identity-hash';
import { accountName } from '../../features/accounts/display-name';
import type { BookRow } from '../../features/books/book.entity';
import type { DiscussionRow } from '../../features/discussions/discussion.entity';
import type { PostRow } from '../../features/discussions/post.entity';
import type { SubscriptionRow } from '../../features/newsletters/subscription.entity';
import type { PollOptionRow, PollRow, VoteChoiceRow, VoteRow } from '../../features/polls/poll.entity';
import type { RecommendationRow } from '../../features/recommendations/recommendation.entity';
import type { ReviewRow } from '../../features/reviews/review.entity';
import type { RoundRow } from '../../features/rounds/round.entity';
import type { CurrentlyReadingRow } from '../../features/users/currently-reading.entity';
import { optionalLink } from '../../../shared/api/discussions';
import { readingProfileUrlSchema } from '../../../shared/api/users';
import { isServableCoverName } from '../../http/images';
import type { Markdown } from '../../markdown';
import { CURRENTLY_READING_KIND, FOLLOWUP_KINDS, NOTICEBOARD_SETTING, ROLE_NAMES, TOPICS } from './obskurnee-schema';
import type { ObskurneeClub } from './read-obskurnee';
import { sourceClock, type SourceClock } from './source-time';

/** Everything the import writes into the new club, row by row, in Bookclub's shapes. */
export interface BookclubRows {
  users: User[];
  rounds: RoundRow[];
  discussions: DiscussionRow[];
  posts: PostRow[];
  polls: PollRow[];
  pollOptions: PollOptionRow[];
  votes: VoteRow[];
  voteChoices: VoteChoiceRow[];
  books: BookRow[];
  reviews: Omit<ReviewRow, 'id'>[];
  recommendations: RecommendationRow[];
  currentlyReading: Omit<CurrentlyReadingRow, 'id'>[];
  subscriptions: SubscriptionRow[];
  noticeboard: string | null;
  /** Pictures to bring over: an avatar per member, a cover per post or recommendation, by Obskurnee file name. */
  avatars: { userId: string; fileName: string }[];
  covers: { fileName: string }[];
}

export interface Mapped {
  rows: BookclubRows;
  /** One sentence per thing that could not be brought over as it was. */
  problems: string[];
  /** One sentence per thing read from older Obskurnee data in a way the host should know of. */
  notes: string[];
  /** Every picture name ("<file>" of "/images/<file>") an imported member, post or recommendation named. */
  picturesNamed: Set<string>;
}

export interface MapOptions {
  /** The import's time, for what has no date of its own (members' accounts, rows with no date at all). */
  now?: string;
  /** How Obskurnee's times are read (default: as UTC). */
  clock?: SourceClock;
}

type Row = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : typeof value === 'bigint' ? Number(value) : null);
const bool = (value: unknown): boolean => value === 1 || value === true || value === '1' || value === 1n;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Obskurnee's own pictures, served from its Images table; names are letters, digits, dots and dashes. */
const IMAGE_PATH = /^\/images\/([\w-][\w.-]*)$/;

/** Obskurnee's dates as ISO 8601 in UTC (see source-time.ts), or `fallback` for what is no date. */
export function isoDate(value: unknown, fallback: string, clock: SourceClock = sourceClock()): string {
  return clock.instant(value) ?? fallback;
}

/** Newtonsoft's JSON as Obskurnee wrote it; property names are compared without regard to case. */
function json(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
function field(object: unknown, name: string): unknown {
  if (!object || typeof object !== 'object') return undefined;
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (object as Record<string, unknown>)[key];
}
function enumName<T extends string>(names: readonly T[], value: unknown): T | null {
  if (typeof value === 'number') return names[value] ?? null;
  if (typeof value === 'string') return names.find((name) => name.toLowerCase() === value.toLowerCase()) ?? null;
  return null;
}

/** Maps an Obskurnee club onto Bookclub's rows, keeping the ids that appear in links. Pure: writes nothing. */
export function mapClub(club: ObskurneeClub, markdown: Markdown, options: MapOptions = {}): Mapped {
  const now = options.now ?? new Date().toISOString();
  const clock = options.clock ?? sourceClock();
  const problems: string[] = [];
  const notes: string[] = [];
  const render = (text: string | null) => (text ? markdown.render(text) : null);
  const when = (value: unknown) => clock.instant(value);
  /**
   * When a row was made: its CreatedOn, else its ModifiedOn, else the date of what it belongs to (`fallback`:
   * a post's discussion, a review's book...), else the import's time. A year-1 CreatedOn (DateTime.MinValue,
   * what .NET leaves in a date nobody set) is no date: it never reaches an answer.
   */
  const undated: string[] = [];
  const created = (row: Row, what: string, fallback: string | null = null): string => {
    const own = when(row.CreatedOn) ?? when(row.ModifiedOn);
    if (own) return own;
    undated.push(what);
    return fallback ?? now;
  };
  /**
   * When a row was last changed: its ModifiedOn, unless that is no date or earlier than its creation, which
   * is "never modified". Obskurnee's 2022 migration gave every older row ModifiedOn = 0001-01-01 00:00:00.
   */
  let neverModified = 0;
  const modified = (row: Row, createdOn: string): string => {
    const own = when(row.ModifiedOn);
    if (own && own >= createdOn) return own;
    neverModified++;
    return createdOn;
  };
  const picturesNamed = new Set<string>();

  // Members. Their ids are kept when they are UUIDs (they are, unless someone edited the database).
  const userIds = new Map<string, string>();
  const emails = new Set<string>();
  const users: User[] = [];
  const avatars: BookclubRows['avatars'] = [];
  const claimRoleNotes: string[] = [];
  for (const row of club.users) {
    const oldId = String(row.Id);
    const email = str(row.Email)?.trim();
    if (!email) {
      problems.push(`Member "${str(row.UserName) ?? oldId}" has no email address and was left out (with what they wrote).`);
      continue;
    }
    if (emails.has(email.toLowerCase())) {
      problems.push(`A second member with the email ${email} was left out (with what they wrote).`);
      continue;
    }
    emails.add(email.toLowerCase());
    const id = UUID.test(oldId) ? oldId.toLowerCase() : crypto.randomUUID();
    userIds.set(oldId, id);
    const roles = club.roles.get(oldId) ?? new Set<string>();
    const fromClaims = club.claimRoles.get(oldId);
    if (fromClaims?.size) claimRoleNotes.push(`${[...fromClaims].sort().join(' and ')} for ${email}`);
    const isBot = bool(row.IsBot) || roles.has(ROLE_NAMES.bot);
    const loginEnabled = bool(row.LoginEnabled);
    const language = str(row.Language)?.toLowerCase() ?? null;
    if (language && language !== 'en' && language !== 'sk') {
      problems.push(`${email} chose the language "${language}", which Bookclub does not have; they get the club's default until they choose.`);
    }
    const identityHash = str(row.PasswordHash);
    let passwordHash: string | null = null;
    if (identityHash && parseIdentityHash(identityHash)) passwordHash = IMPORTED_IDENTITY_PREFIX + identityHash;
    else problems.push(`${email} has ${identityHash ? 'a password hash Bookclub cannot read' : 'no password'}; they set one with "Forgotten password".`);
    const avatar = str(row.AvatarUrl);
    const avatarName = avatar ? IMAGE_PATH.exec(avatar)?.[1] : undefined;
    if (avatarName) {
      avatars.push({ userId: id, fileName: avatarName });
      picturesNamed.add(avatarName);
    }
    else if (avatar) problems.push(`The avatar of ${email} is not one of Obskurnee's own pictures (${avatar}); it was left out.`);
    users.push({
      id,
      email,
      name: accountName(str(row.UserName), email),
      passwordHash,
      phone: str(row.PhoneNumber),
      aboutMe: str(row.AboutMe),
      goodreadsUrl: link(str(row.GoodreadsProfileUrl), readingProfileUrlSchema, `The reading profile of ${email}`),
      avatarFile: null,
      isModerator: roles.has(ROLE_NAMES.moderator),
      isAdmin: roles.has(ROLE_NAMES.admin),
      isBot,
      // Obskurnee's LoginEnabled both kept a member out and left them out of polls' progress: Bookclub has
      // the two apart (an admin enables the account, a moderator makes the member active again).
      isActiveParticipant: loginEnabled && !isBot,
      language: language === 'en' || language === 'sk' ? language : null,
      createdOn: now,
      sessionVersion: 0,
      disabledOn: loginEnabled ? null : now,
    });
  }
  if (claimRoleNotes.length > 0) {
    notes.push(`Roles kept the pre-2022 Obskurnee way, as sign-in claims, were read as Obskurnee's own conversion read them: ${claimRoleNotes.join('; ')}.`);
  }
  const owner = (value: unknown) => (typeof value === 'string' ? userIds.get(value) : undefined);

  // Recommendations (before posts: a post may repost one).
  const recommendations: RecommendationRow[] = [];
  const covers = new Map<string, string>();
  const cover = (imageUrl: string | null, what: string): string | null => {
    const name = imageUrl ? IMAGE_PATH.exec(imageUrl)?.[1] : undefined;
    if (!name) return link(imageUrl, optionalLink, `The cover link of ${what}`);
    picturesNamed.add(name);
    if (!isServableCoverName(name) || [...covers.keys()].some((kept) => kept !== name && kept.toLowerCase() === name.toLowerCase())) {
      problems.push(`The cover of ${what} (${name}) is not a picture name Bookclub can serve; it shows none.`);
      return null;
    }
    covers.set(name, name);
    return `/images/covers/${encodeURIComponent(name)}`;
  };
  /** A link as the API would take it, else null and a line in the report (an old club may hold any text). */
  function link(value: string | null, schema: typeof optionalLink | typeof readingProfileUrlSchema, what: string): string | null {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    problems.push(`${what} (${value}) is not a link Bookclub accepts; it was left out.`);
    return null;
  }
  for (const row of club.recommendations) {
    const ownerId = owner(row.OwnerId);
    if (!ownerId) {
      problems.push(`Recommendation ${row.RecommendationId} belongs to no member that was imported; left out.`);
      continue;
    }
    const text = str(row.Text);
    const createdOn = created(row, `recommendation ${row.RecommendationId}`);
    recommendations.push({
      id: int(row.RecommendationId)!,
      ownerId,
      title: str(row.Title) ?? '',
      author: str(row.Author),
      pageCount: int(row.PageCount),
      url: link(str(row.Url), optionalLink, `The link of recommendation ${row.RecommendationId}`),
      imageUrl: cover(str(row.ImageUrl), `recommendation ${row.RecommendationId}`),
      text,
      renderedText: render(text),
      createdOn,
      modifiedOn: modified(row, createdOn),
    });
  }
  const recommendationIds = new Set(recommendations.map((r) => r.id));

  // Rounds, their discussions and posts.
  const roundIds = new Set(club.rounds.map((r) => int(r.RoundId)));
  const roundRows = new Map(club.rounds.map((r) => [int(r.RoundId), r]));
  const discussionRows = new Map(club.discussions.map((d) => [int(d.DiscussionId)!, d]));
  const discussions: DiscussionRow[] = [];
  for (const row of club.discussions) {
    const id = int(row.DiscussionId)!;
    const roundId = int(row.RoundId);
    const topic = enumName(TOPICS, row.Topic);
    if (roundId === null || !roundIds.has(roundId) || !topic) {
      problems.push(`Discussion ${id} belongs to no round (or has an unknown topic); left out with its posts and polls.`);
      continue;
    }
    discussions.push({
      id,
      roundId,
      title: str(row.Title) ?? `#${id}`,
      description: str(row.Description),
      topic,
      isClosed: bool(row.IsClosed),
      pollId: int(row.PollId) || null,
      ownerId: owner(row.OwnerId) ?? null,
      createdOn: created(row, `discussion ${id}`, when(roundRows.get(roundId)?.CreatedOn)),
    });
  }
  const discussionIds = new Set(discussions.map((d) => d.id));
  const discussionById = new Map(discussions.map((d) => [d.id, d]));

  const postIds = new Set<number>();
  const posts: PostRow[] = [];
  for (const row of club.posts) {
    const id = int(row.PostId)!;
    const ownerId = owner(row.OwnerId);
    if (!discussionIds.has(int(row.DiscussionId)!) || !ownerId) {
      if (discussionIds.has(int(row.DiscussionId)!)) problems.push(`Post ${id} belongs to no member that was imported; left out.`);
      continue;
    }
    let parentPostId = int(row.ParentPostId);
    if (parentPostId !== null && !club.posts.some((p) => int(p.PostId) === parentPostId)) {
      problems.push(`Post ${id} reposts post ${parentPostId}, which is gone; it stays as a post of its own.`);
      parentPostId = null;
    }
    let parentRecommendationId = int(row.ParentRecommendationId);
    if (parentRecommendationId !== null && !recommendationIds.has(parentRecommendationId)) {
      problems.push(`Post ${id} reposts recommendation ${parentRecommendationId}, which is gone; it stays as a post of its own.`);
      parentRecommendationId = null;
    }
    const text = str(row.Text);
    postIds.add(id);
    const createdOn = created(row, `post ${id}`, discussionById.get(int(row.DiscussionId)!)!.createdOn);
    posts.push({
      id,
      discussionId: int(row.DiscussionId)!,
      ownerId,
      title: str(row.Title) ?? '',
      author: str(row.Author),
      pageCount: int(row.PageCount),
      url: link(str(row.Url), optionalLink, `The link of post ${id}`),
      imageUrl: cover(str(row.ImageUrl), `post ${id}`),
      text,
      renderedText: render(text),
      parentPostId,
      parentRecommendationId,
      // Obskurnee had no spoiler marks.
      hasSpoilers: false,
      createdOn,
      modifiedOn: modified(row, createdOn),
    });
  }
  // A repost whose parent was left out (an unimported owner) loses the link rather than the post.
  for (const post of posts) if (post.parentPostId !== null && !postIds.has(post.parentPostId)) post.parentPostId = null;

  // Polls, their options and every ballot.
  const polls: PollRow[] = [];
  const pollOptions: PollOptionRow[] = [];
  const votes: VoteRow[] = [];
  const voteChoices: VoteChoiceRow[] = [];
  const optionsOf = new Map<number, number[]>();
  for (const row of club.pollOptions) {
    const pollId = int(row.AllPollsPollId)!;
    const postId = int(row.OptionsPostId)!;
    if (!postIds.has(postId)) continue;
    if (!optionsOf.has(pollId)) optionsOf.set(pollId, []);
    optionsOf.get(pollId)!.push(postId);
  }
  for (const row of club.polls) {
    const id = int(row.PollId)!;
    const discussionId = int(row.DiscussionId);
    const discussion = discussionId !== null ? discussions.find((d) => d.id === discussionId) : undefined;
    const topic = enumName(TOPICS, row.Topic);
    if (!discussion || (topic !== 'Books' && topic !== 'Themes')) {
      problems.push(`Poll ${id} belongs to no imported discussion (or has an unknown topic); left out with its votes.`);
      continue;
    }
    const results = json(row.ResultsSerialized);
    const followup = json(row.FollowupLinkSerialized);
    if (results === undefined || followup === undefined) problems.push(`Poll ${id}'s stored results or followup are not readable JSON; its ballots are kept.`);
    const winnerPostId = int(field(results, 'WinnerPostId'));
    const followupKind = enumName(FOLLOWUP_KINDS, field(followup, 'kind'));
    const followupId = int(field(followup, 'entityId'));
    const isTiebreaker = bool(row.IsTiebreaker);
    const votesField = field(results, 'Votes');
    const storedVotes: unknown[] = Array.isArray(votesField) ? votesField : [];
    let top = 0;
    for (const v of storedVotes) top = Math.max(top, int(field(v, 'Votes')) ?? 0);
    const options = optionsOf.get(id) ?? [];
    polls.push({
      id,
      discussionId: discussion.id,
      roundId: roundIds.has(int(row.RoundId)) ? int(row.RoundId)! : discussion.roundId,
      title: str(row.Title) ?? discussion.title,
      topic,
      isClosed: bool(row.IsClosed),
      isTiebreaker,
      previousPollId: int(row.PreviousPollId),
      winnerPostId: winnerPostId !== null && options.includes(winnerPostId) ? winnerPostId : null,
      // Obskurnee settled a tie in a tiebreaker by lot, without saying so; the counts show it.
      decidedByLot: isTiebreaker && bool(row.IsClosed) && storedVotes.filter((v) => (int(field(v, 'Votes')) ?? 0) === top).length > 1,
      followupKind: followupKind && followupId ? followupKind : null,
      followupId: followupKind && followupId ? followupId : null,
      ownerId: owner(row.OwnerId) ?? null,
      // Obskurnee's polls had no deadlines.
      closesAt: null,
      reminderSentOn: null,
      deadlineMissedOn: null,
      createdOn: created(row, `poll ${id}`, discussion.createdOn),
    });
    options.forEach((postId, position) => pollOptions.push({ pollId: id, postId, position }));
  }
  const pollById = new Map(polls.map((p) => [p.id, p]));
  for (const poll of polls) {
    if (poll.previousPollId !== null && !pollById.has(poll.previousPollId)) poll.previousPollId = null;
  }
  for (const row of club.votes) {
    const pollId = int(row.PollId)!;
    const poll = pollById.get(pollId);
    const userId = owner(row.OwnerId);
    if (!poll || !userId) {
      if (poll) problems.push(`A vote in poll ${pollId} belongs to no member that was imported; left out.`);
      continue;
    }
    const ticked = json(row.PostIdsSerialized);
    const options = optionsOf.get(pollId) ?? [];
    const chosen = Array.isArray(ticked) ? [...new Set(ticked.map(int).filter((postId): postId is number => postId !== null))] : [];
    const valid = chosen.filter((postId) => options.includes(postId));
    if (valid.length < chosen.length || !Array.isArray(ticked)) {
      problems.push(`A vote in poll ${pollId} ticked ${Array.isArray(ticked) ? 'options that are not the poll\'s' : 'nothing readable'}; ${valid.length ? 'its other choices are kept' : 'left out'}.`);
    }
    if (valid.length === 0) continue;
    // A member could change a ballot in Obskurnee: the vote is dated by its last change.
    const votedOn = created(row, `a vote in poll ${pollId}`, poll.createdOn);
    votes.push({ pollId, userId, createdOn: modified(row, votedOn) });
    for (const postId of valid) voteChoices.push({ pollId, userId, postId });
  }

  // Books, in the club's order.
  const books: BookRow[] = [];
  const bookRounds = new Set<number>();
  for (const row of club.books) {
    const id = int(row.BookId)!;
    const postId = int(row.PostId);
    const roundId = int(row.RoundId) ?? club.rounds.find((r) => int(r.BookId) === id)?.RoundId;
    if (postId === null || !postIds.has(postId) || typeof roundId !== 'number' || !roundIds.has(roundId) || bookRounds.has(roundId)) {
      problems.push(`Book ${id} (number ${row.Order}) has no imported suggestion or round of its own; left out with its reviews.`);
      continue;
    }
    bookRounds.add(roundId);
    books.push({ id, order: int(row.Order)!, roundId, postId, createdOn: created(row, `book ${id}`, when(roundRows.get(roundId)?.CreatedOn)) });
  }
  const bookIds = new Set(books.map((b) => b.id));
  const bookById = new Map(books.map((b) => [b.id, b]));
  // A followup names a poll, book or discussion that must have come over too, or the link would lead nowhere.
  for (const poll of polls) {
    if (poll.followupKind === null || poll.followupId === null) continue;
    const known = poll.followupKind === 'Poll' ? pollById.has(poll.followupId) : poll.followupKind === 'Book' ? bookIds.has(poll.followupId) : discussionIds.has(poll.followupId);
    if (known) continue;
    problems.push(`Poll ${poll.id} led to ${poll.followupKind.toLowerCase()} ${poll.followupId}, which was not imported; the link is left out.`);
    poll.followupKind = null;
    poll.followupId = null;
  }

  const rounds: RoundRow[] = [];
  const keep = <T extends number>(id: number | null, known: { has(id: T): boolean }, what: string, roundId: number): number | null => {
    if (id === null || id === 0) return null;
    if (known.has(id as T)) return id;
    problems.push(`Round ${roundId} names ${what} ${id}, which was not imported; the round no longer links it.`);
    return null;
  };
  for (const row of club.rounds) {
    const id = int(row.RoundId)!;
    const topic = enumName(TOPICS, row.Kind);
    if (topic !== 'Books' && topic !== 'Themes') {
      problems.push(`Round ${id} has an unknown kind (${String(row.Kind)}); it is taken as a Books round.`);
    }
    const themeDiscussionId = keep(int(row.ThemeDiscussionId), discussionIds, 'discussion', id);
    const bookDiscussionId = keep(int(row.BookDiscussionId), discussionIds, 'discussion', id);
    // A round's description is its first discussion's.
    const first = discussionRows.get((topic === 'Themes' ? themeDiscussionId : bookDiscussionId) ?? -1);
    rounds.push({
      id,
      title: str(row.Title) ?? `#${id}`,
      description: first ? str(first.Description) : null,
      topic: topic === 'Themes' ? 'Themes' : 'Books',
      themeDiscussionId,
      themePollId: keep(int(row.ThemePollId), pollById, 'poll', id),
      themeTiebreakerPollId: keep(int(row.ThemeTiebreakerPollId), pollById, 'poll', id),
      bookDiscussionId,
      bookPollId: keep(int(row.BookPollId), pollById, 'poll', id),
      bookTiebreakerPollId: keep(int(row.BookTiebreakerPollId), pollById, 'poll', id),
      bookId: keep(int(row.BookId), bookIds, 'book', id),
      ownerId: owner(row.OwnerId) ?? null,
      // A round with no date of its own began with its first discussion.
      createdOn: created(row, `round ${id}`, discussions.filter((d) => d.roundId === id).map((d) => d.createdOn).sort()[0] ?? null),
    });
  }
  for (const discussion of discussions) {
    if (discussion.pollId !== null && !pollById.has(discussion.pollId)) discussion.pollId = null;
  }

  // Reviews: one per member per book, as in Obskurnee.
  const reviews: BookclubRows['reviews'] = [];
  for (const row of club.reviews) {
    const bookId = int(row.BookId)!;
    const ownerId = owner(row.OwnerId);
    if (!bookIds.has(bookId) || !ownerId) {
      problems.push(`A review of book ${bookId} has no imported book or member; left out.`);
      continue;
    }
    let rating = int(row.Rating);
    if (rating !== null && (rating < 0 || rating > 5)) {
      problems.push(`A review of book ${bookId} gave ${rating} stars; it is kept without stars.`);
      rating = null;
    }
    const createdOn = created(row, `a review of book ${bookId}`, bookById.get(bookId)!.createdOn);
    reviews.push({
      bookId,
      ownerId,
      rating,
      reviewText: str(row.ReviewText) ?? '',
      reviewUrl: link(str(row.ReviewUrl), optionalLink, `The link of a review of book ${bookId}`),
      hasSpoilers: false,
      createdOn,
      modifiedOn: modified(row, createdOn),
    });
  }

  // What members are reading now, from their Goodreads shelves; the rest of the shelves stay there.
  const currentlyReading: BookclubRows['currentlyReading'] = [];
  let shelfReads = 0;
  for (const row of club.shelfEntries) {
    const ownerId = owner(row.OwnerId);
    if (int(row.Kind) !== CURRENTLY_READING_KIND) {
      shelfReads++;
      continue;
    }
    if (ownerId && str(row.Title)) currentlyReading.push({ ownerId, title: str(row.Title)!, author: str(row.Author), createdOn: created(row, `a currently-reading entry of ${str(row.Title)}`) });
  }
  if (shelfReads > 0) {
    const books = shelfReads === 1 ? '1 book' : `${shelfReads} books`;
    problems.push(`${books} read on members' Goodreads or StoryGraph shelves (fetched from their feeds) ${shelfReads === 1 ? 'was' : 'were'} not brought over; they are still on those sites.`);
  }

  const subscriptions: SubscriptionRow[] = [];
  for (const row of club.subscriptions) {
    const userId = owner(row.UserId);
    const name = str(row.NewsletterName)?.toLowerCase();
    if (userId && (name === 'basicevents' || name === 'allevents')) {
      if (!subscriptions.some((s) => s.userId === userId && s.newsletter === name)) subscriptions.push({ userId, newsletter: name });
    } else {
      problems.push(`A subscription to "${String(row.NewsletterName)}" of an unknown list or member was left out.`);
    }
  }

  let noticeboard: string | null = null;
  for (const row of club.settings) {
    if (row.Key === NOTICEBOARD_SETTING) noticeboard = typeof row.Value === 'string' ? row.Value : null;
    else problems.push(`Obskurnee's setting "${String(row.Key)}" has no counterpart in Bookclub; left out.`);
  }
  for (const { table, rows, what } of club.leftBehind) problems.push(`${rows} rows of ${table} (${what}) were not brought over.`);
  if (undated.length > 0) {
    const named = undated.length > 8 ? `${undated.slice(0, 8).join(', ')} and ${undated.length - 8} more` : undated.join(', ');
    problems.push(`${undated.length === 1 ? '1 row has' : `${undated.length} rows have`} no date of creation in Obskurnee (${named}); each takes the date of what it belongs to (its discussion, poll, round or book), or else the time of the import.`);
  }
  if (neverModified > 0) {
    notes.push(`${neverModified === 1 ? '1 row' : `${neverModified} rows`} Obskurnee never marked as modified (those older than its 2022 upgrade, which dated them 0001-01-01) show their creation date as their last change.`);
  }
  if (clock.zone !== 'UTC') notes.push(`Obskurnee's times were read as the clock in ${clock.zone} showed them.`);

  return {
    rows: {
      users,
      rounds,
      discussions,
      posts,
      polls,
      pollOptions,
      votes,
      voteChoices,
      books,
      reviews,
      recommendations,
      currentlyReading,
      subscriptions,
      noticeboard,
      avatars,
      covers: [...covers.keys()].map((fileName) => ({ fileName })),
    },
    problems,
    notes,
    picturesNamed,
  };
}
