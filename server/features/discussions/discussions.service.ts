import type { z } from 'zod';
import type { DataSource } from 'typeorm';
import {
  checkPostForTopic,
  postFieldsSchema,
  postUpdateSchema,
  type Discussion,
  type DiscussionSummary,
  type Post,
  type PostFields,
  type Topic,
} from '../../../shared/api/discussions';
import { DELTA_EVENTS, HUB_EVENTS, OBSKURNEE_EVENTS } from '../../../shared/events';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, statement } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors';
import type { Markdown } from '../../markdown';
import type { Hub, ObskurneeChange, WholeChange } from '../../realtime/hub';
import { actorOf, displayName, userNames, type User } from '../accounts';
import { noClubEvents, type ClubEvents } from '../newsletters';
import { recommendationTable } from '../recommendations';
import { discussionTable, type DiscussionRow } from './discussion.entity';
import { createPost, editPost, readDiscussion } from './discussion-writes';
import { toPost } from './post-mapper';
import { postTable, type PostRow } from './post.entity';
import { postEditRefusal, recommendationSuggestionRefusal, repostRefusal } from '../../../shared/rules';

const discussions = discussionTable;
const posts = postTable;

/** Each discussion's post count (discussions without posts are not listed): [discussionId, count]. */
const POST_COUNTS = `SELECT ${posts.column('discussionId')}, COUNT(*) FROM ${posts.name} GROUP BY ${posts.column('discussionId')}`;

export class DiscussionsService {
  constructor(
    private readonly db: DataSource,
    private readonly markdown: Markdown,
    private readonly hub: Pick<Hub, 'publish'>,
    private readonly events: ClubEvents = noClubEvents,
  ) {}

  /** Newest first, without posts (a club's history can hold thousands); each discussion has them in GET /{id}. */
  async list(): Promise<DiscussionSummary[]> {
    const sql = sqliteOf(this.db);
    const rows = findRows(sql, discussions, 'all', { orderBy: [['id', 'DESC']] });
    const counts = statement(sql, POST_COUNTS).raw().all() as [PostRow['discussionId'], number][];
    const countOf = new Map(counts);
    return rows.map((row) => ({ ...this.summaryOf(row), postCount: countOf.get(row.id) ?? 0 }));
  }

  async get(discussionId: number): Promise<Discussion> {
    const sql = sqliteOf(this.db);
    const row = findRow(sql, discussions, { id: discussionId });
    if (!row) throw new NotFound('discussionNotFound');
    const postRows = findRows(sql, posts, { discussionId }, { orderBy: 'id' });
    return { ...this.summaryOf(row), posts: await this.toPosts(postRows) };
  }

  /** The latest open discussion, as home lists it. */
  async current(): Promise<DiscussionRow | null> {
    return findRows(sqliteOf(this.db), discussions, { isClosed: false }, { orderBy: [['id', 'DESC']], limit: 1 })[0] ?? null;
  }

  async getPost(postId: number): Promise<Post> {
    const row = findRow(sqliteOf(this.db), posts, { id: postId });
    if (!row) throw new NotFound('postNotFound');
    return (await this.toPosts([row]))[0]!;
  }

  /** Posts as the API shows them, their owners' names fetched in one query. */
  async toPosts(rows: PostRow[]): Promise<Post[]> {
    const names = await userNames(
      this.db,
      rows.map((row) => row.ownerId),
    );
    return rows.map((row) => toPost(row, names.get(row.ownerId) ?? '', this.markdown));
  }

  /** A new suggestion in an open discussion; reposts keep their link to the earlier post. */
  async addPost(discussionId: number, user: User, fields: z.output<typeof postFieldsSchema>): Promise<Post> {
    const discussion = findRow(sqliteOf(this.db), discussions, { id: discussionId });
    if (!discussion) throw new NotFound('discussionNotFound');
    this.checkFields(fields, discussion.topic);
    const parent =
      fields.parentPostId !== null
        ? await this.checkRepost(fields.parentPostId, discussion)
        : fields.parentRecommendationId !== null
          ? await this.checkFromRecommendation(fields.parentRecommendationId, discussion)
          : null;

    const now = new Date().toISOString();
    // A repost from a client that does not know the year (Obskurnee's) keeps the year of what it reposts.
    const written = { ...this.written(fields), year: fields.year === undefined ? (parent?.year ?? null) : fields.year };
    const { postId, version } = writeTransaction(this.db, (sql) => {
      // Checked inside the write, so a post racing the close of its discussion is refused, not orphaned.
      if (readDiscussion(sql, discussionId)!.isClosed) throw new Conflict('discussionClosed');
      const postId = createPost(sql, {
        discussionId,
        ownerId: user.id,
        ...written,
        parentPostId: fields.parentPostId,
        parentRecommendationId: fields.parentRecommendationId,
        hasSpoilers: fields.hasSpoilers ?? false,
        createdOn: now,
        modifiedOn: now,
      });
      return { postId, version: readDiscussion(sql, discussionId)!.version };
    });
    const post = await this.publishPost(DELTA_EVENTS.postAdded, discussionId, version, postId);
    this.events.publish({
      kind: 'suggestionAdded',
      discussionId,
      postId,
      title: fields.title,
      owner: displayName(user),
      discussion: discussion.title,
      actorId: user.id,
    });
    return post;
  }

  /** Owners edit their own while the discussion is open; moderators edit any, any time. */
  async editPost(discussionId: number, user: User, { postId, ...fields }: z.output<typeof postUpdateSchema>): Promise<Post> {
    const sql = sqliteOf(this.db);
    const post = findRow(sql, posts, { id: postId, discussionId });
    if (!post) throw new NotFound('postNotFound');
    const discussion = findRow(sql, discussions, { id: discussionId })!;
    const refusal = postEditRefusal(actorOf(user), post, discussion);
    if (refusal === 'notYourPost') throw new Forbidden(refusal);
    if (refusal) throw new Conflict(refusal);
    this.checkFields(fields, discussion.topic);

    // A client that does not send the spoiler mark or the year (both came after Obskurnee) leaves them as they are.
    const mark = fields.hasSpoilers === undefined ? {} : { hasSpoilers: fields.hasSpoilers };
    const year = fields.year === undefined ? {} : { year: fields.year };
    const version = writeTransaction(this.db, (sql) =>
      editPost(sql, post, { ...this.written(fields), ...mark, ...year, modifiedOn: new Date().toISOString() }),
    );
    return this.publishPost(DELTA_EVENTS.postChanged, discussionId, version, postId);
  }

  preview(text: string): { html: string } {
    return { html: this.markdown.render(text) };
  }

  /**
   * Tells every signed-in client that a discussion opened or closed: its own state, or the whole discussion;
   * and Obskurnee's client the club's current discussion, when this changed which one that is.
   */
  async broadcast(discussionId: number): Promise<void> {
    const row = findRow(sqliteOf(this.db), discussions, { id: discussionId });
    if (!row) throw new NotFound('discussionNotFound');
    await this.hub.publish({
      event: DELTA_EVENTS.discussionUpdated,
      payload: this.summaryOf(row),
      whole: this.wholeDiscussion(discussionId),
      obskurnee: await this.currentDiscussionChange(discussionId),
    });
  }

  /**
   * Obskurnee's DiscussionChanged after a discussion opened or closed, if that changed the club's current
   * discussion (the latest open one): one that opens is the newest, so it is current; one that closes was
   * current unless a later one is open, and home then shows the latest still open, or none.
   */
  private async currentDiscussionChange(discussionId: number): Promise<ObskurneeChange | undefined> {
    const current = await this.current();
    if (current && current.id > discussionId) return undefined;
    return { event: OBSKURNEE_EVENTS.discussionChanged, build: async () => current && this.get(current.id) };
  }

  /** Tells every signed-in client of a post added or edited: the post (the same for every reader), or the whole discussion. Answers the post. */
  private async publishPost(
    event: typeof DELTA_EVENTS.postAdded | typeof DELTA_EVENTS.postChanged,
    discussionId: number,
    version: number,
    postId: number,
  ): Promise<Post> {
    const post = await this.getPost(postId);
    await this.hub.publish({ event, payload: { discussionId, version, post }, whole: this.wholeDiscussion(discussionId) });
    return post;
  }

  /** Today's DiscussionChanged, for the socket.io clients that asked for nothing (SignalR's get Obskurnee's, above). */
  private wholeDiscussion(discussionId: number): WholeChange {
    return { event: HUB_EVENTS.discussionChanged, build: () => this.get(discussionId) };
  }

  /**
   * What a member writes of a post, as it is stored (the text rendered once); a repost's link is set only when
   * it is added, and the year, which older clients leave out, is set by the caller.
   */
  private written(fields: PostFields): Pick<PostRow, 'title' | 'author' | 'pageCount' | 'url' | 'imageUrl' | 'text' | 'renderedText'> {
    return {
      title: fields.title,
      author: fields.author,
      pageCount: fields.pageCount,
      url: fields.url,
      imageUrl: fields.imageUrl,
      text: fields.text,
      renderedText: fields.text ? this.markdown.render(fields.text) : null,
    };
  }

  private summaryOf(row: DiscussionRow): Omit<Discussion, 'posts'> {
    return {
      discussionId: row.id,
      roundId: row.roundId,
      title: row.title,
      description: row.description,
      renderedDescription: row.description ? this.markdown.render(row.description) : null,
      topic: row.topic,
      isClosed: !!row.isClosed,
      pollId: row.pollId,
      createdOn: row.createdOn,
      version: row.version,
    };
  }

  private checkFields(fields: PostFields, topic: Topic): void {
    const errors = checkPostForTopic(fields, topic);
    const entries = Object.entries(errors);
    if (entries.length === 0) return;
    const fieldErrors = Object.fromEntries(entries.map(([field, key]) => [field, [key]]));
    throw new Invalid(entries.length === 1 ? entries[0]![1] : 'validationFailed', {}, fieldErrors);
  }

  /** A recommendation seeds a suggestion only in a Books discussion, and only one that exists; answers its year. */
  private async checkFromRecommendation(recommendationId: number, target: DiscussionRow): Promise<{ year: number | null }> {
    const refusal = recommendationSuggestionRefusal(target);
    if (refusal) throw new Invalid(refusal);
    const [recommendation] = findRows(sqliteOf(this.db), recommendationTable, { id: recommendationId }, { select: ['year'] });
    if (!recommendation) throw new Invalid('recommendationNotFound', {}, { parentRecommendationId: ['errors:recommendationNotFound'] });
    return recommendation;
  }

  /** A repost brings an earlier book suggestion into the open Books discussion, never into its own; answers the earlier post. */
  private async checkRepost(parentPostId: number, target: DiscussionRow): Promise<PostRow> {
    const sql = sqliteOf(this.db);
    const parent = findRow(sql, posts, { id: parentPostId });
    if (!parent) throw new Invalid('parentPostNotFound', {}, { parentPostId: ['errors:parentPostNotFound'] });
    const from = findRow(sql, discussions, { id: parent.discussionId });
    const refusal = repostRefusal({ discussionId: target.id, topic: target.topic }, from ? { discussionId: from.id, topic: from.topic } : null);
    if (refusal) throw new Invalid(refusal);
    return parent;
  }
}
