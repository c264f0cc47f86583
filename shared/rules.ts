/**
 * Who may do what, written once: the server enforces these rules and answers their refusals; the renderer
 * asks the same functions so that it offers only what will work.
 */

/** Whoever is acting, as both sides know them. */
export interface Actor {
  userId: string;
  isModerator: boolean;
  isAdmin: boolean;
}

/** Admins moderate too. */
export function isModerator(actor: Pick<Actor, 'isModerator' | 'isAdmin'> | null | undefined): boolean {
  return !!actor && (actor.isModerator || actor.isAdmin);
}

/** Members change what is theirs (a profile, a recommendation, a reading entry); moderators anyone's. */
export function mayChange(actor: Actor | null | undefined, ownerId: string): boolean {
  return !!actor && (actor.userId === ownerId || isModerator(actor));
}

/**
 * Why this actor may not edit this suggestion, or null when they may: owners edit their own while the
 * discussion is open; moderators edit any, any time. The keys are the server's error messages.
 */
export function postEditRefusal(
  actor: Actor | null | undefined,
  post: { ownerId: string },
  discussion: { isClosed: boolean },
): 'notYourPost' | 'postClosedForEdits' | null {
  if (!mayChange(actor, post.ownerId)) return 'notYourPost';
  if (discussion.isClosed && !isModerator(actor)) return 'postClosedForEdits';
  return null;
}

/**
 * Why a book suggestion of `from` may not be reposted into `into`, or null when it may: only between Books
 * discussions, never into its own (SPEC section 2).
 */
export function repostRefusal(
  into: { discussionId: number; topic: string },
  from: { discussionId: number; topic: string } | null,
): 'repostSameDiscussion' | 'repostOnlyBooks' | null {
  if (from && from.discussionId === into.discussionId) return 'repostSameDiscussion';
  if (into.topic !== 'Books' || from?.topic !== 'Books') return 'repostOnlyBooks';
  return null;
}

/**
 * Why a recommendation may not seed a suggestion in `into`, or null when it may: a recommendation goes
 * only into a Books discussion (SPEC section 6). The server refuses it so; the page offers it only then.
 */
export function recommendationSuggestionRefusal(into: { topic: string }): 'repostOnlyBooks' | null {
  return into.topic === 'Books' ? null : 'repostOnlyBooks';
}

/**
 * Whether `repost` pitches `original` again: a repost of it by its own owner. Anyone may repost an earlier
 * suggestion (SPEC section 2), but only the owner's repost is the pitch that takes their one-click button away.
 */
export function pitchesAgain(repost: { parentPostId: number | null; ownerId: string | null }, original: { postId: number; ownerId: string | null }): boolean {
  return repost.parentPostId === original.postId && repost.ownerId !== null && repost.ownerId === original.ownerId;
}
