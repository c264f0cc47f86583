import { optionalLink } from '../../../shared/api/discussions';
import type { DiscussionRow, PostRow } from '../../features/discussions';
import type { CoverLinks } from './cover-links';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import { int, str, type Row } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

export interface PostLinks {
  memberIdOf: MemberIdOf;
  covers: CoverLinks;
  discussions: DiscussionRow[];
  recommendationIds: Set<number>;
}

/**
 * The posts of imported discussions (suggestions and reposts). A repost of something left out stays as a
 * post of its own; a post whose owner was not imported is left out.
 */
export function mapPosts(club: ObskurneeClub, context: MappingContext, links: PostLinks): PostRow[] {
  const discussionById = new Map(links.discussions.map((d) => [d.id, d]));
  const postIds = new Set<number>();
  const posts: PostRow[] = [];
  for (const row of club.posts) {
    const id = int(row.PostId)!;
    const discussion = discussionById.get(int(row.DiscussionId)!);
    const ownerId = links.memberIdOf(row.OwnerId);
    if (!discussion || !ownerId) {
      if (discussion) context.problems.push(`Post ${id} belongs to no member that was imported; left out.`);
      continue;
    }
    const { parentPostId, parentRecommendationId } = repostedParents(club, row, id, links.recommendationIds, context);
    const text = str(row.Text);
    postIds.add(id);
    const createdOn = context.created(row, `post ${id}`, discussion.createdOn);
    posts.push({
      id,
      discussionId: discussion.id,
      ownerId,
      title: str(row.Title) ?? '',
      author: str(row.Author),
      pageCount: int(row.PageCount),
      // Obskurnee had no publication years.
      year: null,
      url: context.link(str(row.Url), optionalLink, `The link of post ${id}`),
      imageUrl: links.covers.linkOf(str(row.ImageUrl), `post ${id}`),
      text,
      renderedText: context.render(text),
      parentPostId,
      parentRecommendationId,
      // Obskurnee had no spoiler marks.
      hasSpoilers: false,
      createdOn,
      modifiedOn: context.modified(row, createdOn),
    });
  }
  // A repost whose parent was left out (an unimported owner) loses the link rather than the post.
  for (const post of posts) if (post.parentPostId !== null && !postIds.has(post.parentPostId)) post.parentPostId = null;
  return posts;
}

/** What a post reposts, as far as it is still there in Obskurnee. */
function repostedParents(club: ObskurneeClub, row: Row, id: number, recommendationIds: Set<number>, context: MappingContext) {
  let parentPostId = int(row.ParentPostId);
  if (parentPostId !== null && !club.posts.some((p) => int(p.PostId) === parentPostId)) {
    context.problems.push(`Post ${id} reposts post ${parentPostId}, which is gone; it stays as a post of its own.`);
    parentPostId = null;
  }
  let parentRecommendationId = int(row.ParentRecommendationId);
  if (parentRecommendationId !== null && !recommendationIds.has(parentRecommendationId)) {
    context.problems.push(`Post ${id} reposts recommendation ${parentRecommendationId}, which is gone; it stays as a post of its own.`);
    parentRecommendationId = null;
  }
  return { parentPostId, parentRecommendationId };
}
