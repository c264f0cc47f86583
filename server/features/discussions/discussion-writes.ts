import type BetterSqlite3 from 'better-sqlite3';
import { findRow, findRows, insertRow, updateRows } from '../../db/table';
import { nextVersion } from '../../realtime/versions';
import { discussionTable, type DiscussionRow } from './discussion.entity';
import { postTable, type PostRow } from './post.entity';

type Sql = BetterSqlite3.Database;

/**
 * Discussions and their posts as the club's write transactions read and change them (synchronous, inside
 * `writeTransaction`, so a check made here still holds when the write lands).
 */
const discussions = discussionTable;
const posts = postTable;

export type NewDiscussion = Pick<DiscussionRow, 'roundId' | 'title' | 'description' | 'topic' | 'ownerId' | 'createdOn'>;
/** Not marked as containing spoilers unless it says so. */
export type NewPost = Omit<PostRow, 'id' | 'hasSpoilers'> & Partial<Pick<PostRow, 'hasSpoilers'>>;

export function readDiscussion(sql: Sql, discussionId: number): DiscussionRow | undefined {
  return findRow(sql, discussions, { id: discussionId });
}

/** An open discussion; answers its id. */
export function createDiscussion(sql: Sql, discussion: NewDiscussion): number {
  return insertRow(sql, discussions, {
    roundId: discussion.roundId,
    title: discussion.title,
    description: discussion.description,
    topic: discussion.topic,
    ownerId: discussion.ownerId,
    createdOn: discussion.createdOn,
  });
}

/** Closes a discussion into the poll that votes on its posts. */
export function closeDiscussionIntoPoll(sql: Sql, discussionId: number, pollId: number): void {
  updateRows(sql, discussions, { id: discussionId }, { isClosed: true, pollId });
  nextVersion(sql, discussions, discussionId);
}

export function readPost(sql: Sql, postId: number): PostRow | undefined {
  return findRow(sql, posts, { id: postId });
}

/** The ids of a discussion's posts, oldest first. */
export function postIdsOf(sql: Sql, discussionId: number): number[] {
  return findRows(sql, posts, { discussionId }, { select: ['id'], orderBy: 'id' }).map((post) => post.id);
}

/** A new post, one more change to its discussion; answers its id. */
export function createPost(sql: Sql, post: NewPost): number {
  const postId = insertRow(sql, posts, {
    discussionId: post.discussionId,
    ownerId: post.ownerId,
    title: post.title,
    author: post.author,
    pageCount: post.pageCount,
    year: post.year,
    url: post.url,
    imageUrl: post.imageUrl,
    text: post.text,
    renderedText: post.renderedText,
    parentPostId: post.parentPostId,
    parentRecommendationId: post.parentRecommendationId,
    hasSpoilers: post.hasSpoilers ?? false,
    createdOn: post.createdOn,
    modifiedOn: post.modifiedOn,
  });
  nextVersion(sql, discussions, post.discussionId);
  return postId;
}

/** What an edit sets of a post. */
export type PostEdit = Partial<
  Pick<PostRow, 'title' | 'author' | 'pageCount' | 'year' | 'url' | 'imageUrl' | 'text' | 'renderedText' | 'hasSpoilers' | 'modifiedOn'>
>;

/** Edits a post, one more change to its discussion; answers the discussion's new version. */
export function editPost(sql: Sql, post: Pick<PostRow, 'id' | 'discussionId'>, edit: PostEdit): number {
  updateRows(sql, posts, { id: post.id }, edit);
  return nextVersion(sql, discussions, post.discussionId);
}
