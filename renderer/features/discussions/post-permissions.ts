import type { Profile } from '../../../shared/api/accounts';
import type { Discussion, Post } from '../../../shared/api/discussions';
import type { CurrentDiscussionSummary } from '../../../shared/api/home';

const isModerator = (profile: Profile) => profile.isModerator || profile.isAdmin;

/** Owners edit their own suggestions while the discussion is open; moderators edit any, any time. */
export function canEditPost(profile: Profile | null, post: Post, discussion: Pick<Discussion, 'isClosed'>): boolean {
  if (!profile) return false;
  if (isModerator(profile)) return true;
  return post.ownerId === profile.userId && !discussion.isClosed;
}

/**
 * Where a book suggestion of `discussion` may be reposted: the club's open Books discussion, never the
 * same one, and only from a Books discussion (SPEC section 2). Null when reposting is not offered.
 */
export function repostTarget(current: CurrentDiscussionSummary | null, discussion: Pick<Discussion, 'discussionId' | 'topic'>): number | null {
  if (!current || current.isClosed || current.topic !== 'Books') return null;
  if (discussion.topic !== 'Books' || current.discussionId === discussion.discussionId) return null;
  return current.discussionId;
}

/** The open discussion's page with its form prefilled from the post (and linked to it). */
export function repostLink(targetDiscussionId: number, post: Pick<Post, 'postId' | 'discussionId'>): string {
  const query = new URLSearchParams({ parentPostId: String(post.postId), fromDiscussionId: String(post.discussionId) });
  return `/navrhy/${targetDiscussionId}?${query}`;
}
