import type { MemberStats } from '../../../shared/api/stats';

/** The columns a reader may sort the statistics by. */
export type StatsColumn = 'userName' | 'booksRatedCount' | 'winningBooksCount' | 'recommendationCount' | 'meetingsAttendedCount';
export interface StatsOrder {
  column: StatsColumn;
  descending: boolean;
}

/** Counts start with the most, names from A; a second click on a column turns its order round. */
export function nextOrder(current: StatsOrder, column: StatsColumn): StatsOrder {
  if (current.column === column) return { column, descending: !current.descending };
  return { column, descending: column !== 'userName' };
}

/**
 * The members in `order`; ties keep the names' order, so equal counts read alphabetically. Names compare
 * in `locale` (Slovak sorts "Č" after "C", not after "Z").
 */
export function sortStats(stats: readonly MemberStats[], order: StatsOrder, locale: string): MemberStats[] {
  const byName = new Intl.Collator(locale);
  const names = (a: MemberStats, b: MemberStats) => byName.compare(a.userName, b.userName);
  const direction = order.descending ? -1 : 1;
  return [...stats].sort((a, b) => {
    if (order.column === 'userName') return direction * names(a, b);
    return direction * (a[order.column] - b[order.column]) || names(a, b);
  });
}
