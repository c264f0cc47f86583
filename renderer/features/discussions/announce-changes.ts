import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Discussion } from '../../../shared/api/discussions';
import { announce } from '../../lib/announce';
import { useSessionStore } from '../../store/session-store';

interface Seen {
  discussionId: number;
  postIds: Set<number>;
  isClosed: boolean;
}

/**
 * Says to screen readers what changed in the discussion on screen while the member reads it (a live
 * update): suggestions other members added, and the discussion closing. The member's own suggestions are
 * theirs to know; a discussion first shown says nothing.
 */
export function useAnnounceChanges(discussion: Discussion | undefined): void {
  const { t } = useTranslation('discussions');
  const myUserId = useSessionStore((s) => s.myProfile?.userId);
  const seen = useRef<Seen | null>(null);

  useEffect(() => {
    if (!discussion) return;
    const before = seen.current;
    seen.current = { discussionId: discussion.discussionId, postIds: new Set(discussion.posts.map((p) => p.postId)), isClosed: discussion.isClosed };
    if (!before || before.discussionId !== discussion.discussionId) return;
    const news = discussion.posts
      .filter((post) => !before.postIds.has(post.postId) && post.ownerId !== myUserId)
      .map((post) => t('live.newPost', { title: post.title, name: post.ownerName }));
    if (discussion.isClosed && !before.isClosed) news.push(t('live.closed'));
    if (news.length > 0) announce(news.join(' '));
  }, [discussion, myUserId, t]);
}
