import type { BookRow } from '../../features/books';
import type { DiscussionRow } from '../../features/discussions';
import type { PollRow } from '../../features/polls';
import type { RoundRow } from '../../features/rounds';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import { TOPICS } from './obskurnee-schema';
import { enumName, int, str } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

/** Obskurnee's rounds as the rest of the club names them, before they are mapped (last, as they name everything). */
export interface ObskurneeRounds {
  ids: Set<number | null>;
  /** When the round was made, as Obskurnee dated it (null for none): the date of what has no date of its own. */
  createdOn(roundId: number): string | null;
}

export function obskurneeRounds(club: ObskurneeClub, context: MappingContext): ObskurneeRounds {
  const rows = new Map(club.rounds.map((r) => [int(r.RoundId), r]));
  return { ids: new Set(rows.keys()), createdOn: (roundId) => context.when(rows.get(roundId)?.CreatedOn) };
}

export interface RoundLinks {
  memberIdOf: MemberIdOf;
  discussions: DiscussionRow[];
  polls: PollRow[];
  books: BookRow[];
}

/** Every round, linking only the discussions, polls and book that were imported (a round is never left out). */
export function mapRounds(club: ObskurneeClub, context: MappingContext, links: RoundLinks): RoundRow[] {
  const discussionRows = new Map(club.discussions.map((d) => [int(d.DiscussionId)!, d]));
  const discussionIds = new Set(links.discussions.map((d) => d.id));
  const pollIds = new Set(links.polls.map((p) => p.id));
  const bookIds = new Set(links.books.map((b) => b.id));
  const rounds: RoundRow[] = [];
  for (const row of club.rounds) {
    const id = int(row.RoundId)!;
    const topic = enumName(TOPICS, row.Kind);
    if (topic !== 'Books' && topic !== 'Themes') {
      context.problems.push(`Round ${id} has an unknown kind (${String(row.Kind)}); it is taken as a Books round.`);
    }
    const keep = (linked: number | null, known: Set<number>, what: string): number | null => {
      if (linked === null || linked === 0) return null;
      if (known.has(linked)) return linked;
      context.problems.push(`Round ${id} names ${what} ${linked}, which was not imported; the round no longer links it.`);
      return null;
    };
    const themeDiscussionId = keep(int(row.ThemeDiscussionId), discussionIds, 'discussion');
    const bookDiscussionId = keep(int(row.BookDiscussionId), discussionIds, 'discussion');
    // A round's description is its first discussion's.
    const first = discussionRows.get((topic === 'Themes' ? themeDiscussionId : bookDiscussionId) ?? -1);
    rounds.push({
      id,
      title: str(row.Title) ?? `#${id}`,
      description: first ? str(first.Description) : null,
      topic: topic === 'Themes' ? 'Themes' : 'Books',
      themeDiscussionId,
      themePollId: keep(int(row.ThemePollId), pollIds, 'poll'),
      themeTiebreakerPollId: keep(int(row.ThemeTiebreakerPollId), pollIds, 'poll'),
      bookDiscussionId,
      bookPollId: keep(int(row.BookPollId), pollIds, 'poll'),
      bookTiebreakerPollId: keep(int(row.BookTiebreakerPollId), pollIds, 'poll'),
      bookId: keep(int(row.BookId), bookIds, 'book'),
      ownerId: links.memberIdOf(row.OwnerId) ?? null,
      // A round with no date of its own began with its first discussion.
      createdOn: context.created(
        row,
        `round ${id}`,
        links.discussions
          .filter((d) => d.roundId === id)
          .map((d) => d.createdOn)
          .sort()[0] ?? null,
      ),
    });
  }
  return rounds;
}
