import type { Post } from '../../../shared/api/discussions';
import type { Markdown } from '../../markdown';
import type { PostRow } from './post.entity';

/** A stored post as the API shows it; the owner's name comes from the caller's one lookup. */
export function toPost(row: PostRow, ownerName: string, markdown: Markdown): Post {
  return {
    postId: row.id,
    discussionId: row.discussionId,
    ownerId: row.ownerId,
    ownerName,
    title: row.title,
    author: row.author,
    pageCount: row.pageCount,
    url: row.url,
    imageUrl: row.imageUrl,
    text: row.text,
    renderedText: row.text ? (row.renderedText ?? markdown.render(row.text)) : null,
    parentPostId: row.parentPostId,
    parentRecommendationId: row.parentRecommendationId,
    createdOn: row.createdOn,
    modifiedOn: row.modifiedOn,
  };
}
