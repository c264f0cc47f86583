import { useEffect, useRef, useState } from 'react';

/**
 * A long discussion opens on its first posts and shows the rest a part at a time, so a 200-post discussion
 * is not a page of 200 cards (each with its rendered markdown and cover) before the reader sees anything.
 */
export const FIRST_POSTS = 30;
export const MORE_POSTS = 50;

/** Everything, including posts that arrive while the reader is at the end. */
const ALL = Number.POSITIVE_INFINITY;

/** How many posts a discussion of `count` opens with: all of a short one. */
export function firstLimit(count: number): number {
  return count <= FIRST_POSTS ? ALL : FIRST_POSTS;
}

/** The limit after "show more": the next part, or everything once that would reach the end. */
export function nextLimit(limit: number, count: number): number {
  return limit + MORE_POSTS >= count ? ALL : limit + MORE_POSTS;
}

/**
 * The posts to show now, how many there are, and the way to show more. After "show more" the keyboard's focus
 * moves to the first post it added (the button itself is gone once everything shows): `listRef` goes on the
 * element whose `article` children are the posts.
 */
export function useShownPosts<T>(posts: readonly T[]) {
  const [limit, setLimit] = useState(() => firstLimit(posts.length));
  const listRef = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);
  const shown = limit >= posts.length ? posts : posts.slice(0, limit);

  useEffect(() => {
    const index = focusAt.current;
    focusAt.current = null;
    const post = index === null ? undefined : listRef.current?.querySelectorAll<HTMLElement>(':scope > article')[index];
    if (!post) return;
    post.tabIndex = -1;
    post.focus();
  }, [limit]);

  return {
    shown,
    total: posts.length,
    hasMore: shown.length < posts.length,
    listRef,
    showMore() {
      focusAt.current = shown.length;
      setLimit((current) => nextLimit(current, posts.length));
    },
  };
}
