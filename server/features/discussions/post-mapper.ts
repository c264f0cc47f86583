import type { Post } from '../../../shared/api/discussions';
import type { Markdown } from '../../markdown';
import { toPostOwnFields } from '../../post-own-fields';
import type { PostRow } from './post.entity';

/** A stored post as the API shows it; the owner's name comes from the caller's one lookup. */
export function toPost(row: PostRow, ownerName: string, markdown: Markdown): Post {
  return {
    postId: row.id,
    discussionId: row.discussionId,
    ...toPostOwnFields(row, ownerName, markdown),
    parentPostId: row.parentPostId,
    parentRecommendationId: row.parentRecommendationId,
    hasSpoilers: !!row.hasSpoilers,
    createdOn: row.createdOn,
    modifiedOn: row.modifiedOn,
  };
}
