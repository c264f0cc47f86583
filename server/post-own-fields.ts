import type { Post } from '../shared/api/discussions';
import type { Markdown } from './markdown';

/**
 * A post's own fields: its owner and the book (or theme) itself, without what places it in a discussion
 * or names what it reposts. A recommendation has exactly these (shared/api/recommendations.ts derives its
 * schema from the post's the same way), so posts and recommendations both show them through here. It sits
 * outside both features because discussions already uses recommendations; this way neither has to import
 * the other for it.
 */
export type PostOwnFields = Pick<Post, 'ownerId' | 'ownerName' | 'title' | 'author' | 'pageCount' | 'year' | 'url' | 'imageUrl' | 'text' | 'renderedText'>;

/** The stored columns those fields come from (a post's row, or a recommendation's). */
export type StoredPostOwnFields = Omit<PostOwnFields, 'ownerName'>;

/** A stored post's or recommendation's own fields as the API shows them; the owner's name comes from the caller's one lookup. */
export function toPostOwnFields(row: StoredPostOwnFields, ownerName: string, markdown: Markdown): PostOwnFields {
  return {
    ownerId: row.ownerId,
    ownerName,
    title: row.title,
    author: row.author,
    pageCount: row.pageCount,
    year: row.year,
    url: row.url,
    imageUrl: row.imageUrl,
    text: row.text,
    renderedText: row.text ? (row.renderedText ?? markdown.render(row.text)) : null,
  };
}
