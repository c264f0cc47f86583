import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { dropIndex } from './ranking';

export interface DragSortOptions {
  /** The list whose items carry `data-rank-item={postId}`. */
  list: RefObject<HTMLElement | null>;
  /** The dragged option has reached another place: `index` among the list as it would stand. */
  onMove(postId: number, index: number): void;
  /** The option was let go where it now stands. */
  onDrop(postId: number): void;
}

/**
 * Dragging a ranked option by its handle, with pointer events, so a mouse, a pen and a finger on a phone all
 * drag alike (HTML5 drag and drop has no touch on most phones). The option moves as the pointer passes the
 * middle of another. The handle has `touch-action: none`, so a finger on it drags rather than scrolls; the
 * rest of the page scrolls as ever. Moves, and the letting go, are followed on the window: the dragged
 * option's element moves within the list as it goes, which would lose a capture on the handle.
 */
export function useDragSort({ list, onMove, onDrop }: DragSortOptions) {
  const [dragged, setDragged] = useState<number | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const latest = useRef({ onMove, onDrop });
  useEffect(() => {
    latest.current = { onMove, onDrop };
  });
  useEffect(() => () => stop.current?.(), []);

  function start(postId: number, event: ReactPointerEvent) {
    if (event.button !== 0 || stop.current) return;
    // No text selection, no scrolling, no focus moving to the handle (the buttons are the keyboard's way).
    event.preventDefault();
    const { pointerId } = event;
    const move = (moved: PointerEvent) => {
      if (moved.pointerId !== pointerId || !list.current) return;
      const others = [...list.current.querySelectorAll<HTMLElement>('[data-rank-item]')].filter((item) => item.dataset.rankItem !== String(postId));
      const middles = others.map((item) => {
        const box = item.getBoundingClientRect();
        return box.top + box.height / 2;
      });
      latest.current.onMove(postId, dropIndex(middles, moved.clientY));
    };
    const end = (ended: PointerEvent) => {
      if (ended.pointerId !== pointerId) return;
      finish();
      latest.current.onDrop(postId);
    };
    const finish = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      stop.current = null;
      setDragged(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    stop.current = finish;
    setDragged(postId);
  }

  /** What a handle spreads on itself to start a drag of `postId`. */
  const handleProps = (postId: number) => ({
    onPointerDown: (event: ReactPointerEvent) => start(postId, event),
    style: { touchAction: 'none', cursor: dragged === postId ? 'grabbing' : 'grab' } as const,
  });

  return { dragged, handleProps };
}
