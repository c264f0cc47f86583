import type { Profile } from '../../../shared/api/accounts';
import type { Discussion, Post } from '../../../shared/api/discussions';
import type { CurrentDiscussionSummary } from '../../../shared/api/home';
import { pages } from '../../../shared/pages';
import { postEditRefusal, repostRefusal } from '../../../shared/rules';

/** Owners edit their own suggestions while the discussion is open; moderators edit any, any time (the server's rule). */
export function canEditPost(profile: Profile | null, post: Post, discussion: Pick<Discussion, 'isClosed'>): boolean {
  return postEditRefusal(profile, post, discussion) === null;
}

/**
 * Where a book suggestion of `discussion` may be reposted: the club's open Books discussion, never the
 * same one, and only from a Books discussion (SPEC section 2). Null when reposting is not offered.
 */
export function repostTarget(current: CurrentDiscussionSummary | null, discussion: Pick<Discussion, 'discussionId' | 'topic'>): number | null {
  if (!current || current.isClosed) return null;
  return repostRefusal(current, discussion) === null ? current.discussionId : null;
}

/** The open discussion's page with its form prefilled from the post (and linked to it). */
export function repostLink(targetDiscussionId: number, post: Pick<Post, 'postId' | 'discussionId'>): string {
  return pages.discussion(targetDiscussionId, { parentPostId: post.postId, fromDiscussionId: post.discussionId });
}
