// A ranked ballot being put together (DECISIONS.md, "Ranked choice and check-in"): the options the member
// ranks, most wanted first, and the rest, which the ballot leaves out. Each step answers a new order and
// leaves the one it was given alone; a step that changes nothing answers the order it was given.

/** The ranked options moved so that `postId` stands at `index` (clamped to the list). */
export function moveTo(ranked: number[], postId: number, index: number): number[] {
  const from = ranked.indexOf(postId);
  const to = Math.max(0, Math.min(ranked.length - 1, index));
  if (from < 0 || from === to) return ranked;
  const rest = ranked.filter((id) => id !== postId);
  return [...rest.slice(0, to), postId, ...rest.slice(to)];
}

/** One place up (-1, towards the most wanted) or down (+1); at either end nothing moves. */
export function moveBy(ranked: number[], postId: number, by: -1 | 1): number[] {
  const from = ranked.indexOf(postId);
  return from < 0 ? ranked : moveTo(ranked, postId, from + by);
}

/** An option added to the ranking, last (the least wanted of those ranked). */
export function addToRanking(ranked: number[], postId: number): number[] {
  return ranked.includes(postId) ? ranked : [...ranked, postId];
}

export function removeFromRanking(ranked: number[], postId: number): number[] {
  return ranked.includes(postId) ? ranked.filter((id) => id !== postId) : ranked;
}

/** The options the ranking leaves out, in the poll's own order. */
export function unrankedOf(optionIds: number[], ranked: number[]): number[] {
  const inRanking = new Set(ranked);
  return optionIds.filter((id) => !inRanking.has(id));
}

/**
 * Where a dragged option lands: the number of the other ranked options whose middle is above the pointer.
 * `middles` are those options' vertical middles, top first (as the list shows them).
 */
export function dropIndex(middles: number[], pointerY: number): number {
  return middles.filter((middle) => middle < pointerY).length;
}

/**
 * Which of a list's controls takes focus when the one that had it leaves the list (an option added to the
 * ranking, or taken out of it): the option that takes its place, else the one before, else none.
 */
export function neighbourAfterLeaving(list: number[], postId: number): number | null {
  const index = list.indexOf(postId);
  if (index < 0) return null;
  return list[index + 1] ?? list[index - 1] ?? null;
}
