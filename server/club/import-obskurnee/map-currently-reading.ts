import type { CurrentlyReadingRow } from '../../features/users';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import { CURRENTLY_READING_KIND } from './obskurnee-schema';
import { int, str } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

/** What members are reading now, from their Goodreads shelves; the rest of the shelves stay there. */
export function mapCurrentlyReading(club: ObskurneeClub, context: MappingContext, memberIdOf: MemberIdOf): Omit<CurrentlyReadingRow, 'id'>[] {
  const currentlyReading: Omit<CurrentlyReadingRow, 'id'>[] = [];
  let shelfReads = 0;
  for (const row of club.shelfEntries) {
    const ownerId = memberIdOf(row.OwnerId);
    if (int(row.Kind) !== CURRENTLY_READING_KIND) {
      shelfReads++;
      continue;
    }
    if (ownerId && str(row.Title))
      currentlyReading.push({
        ownerId,
        title: str(row.Title)!,
        author: str(row.Author),
        createdOn: context.created(row, `a currently-reading entry of ${str(row.Title)}`),
      });
  }
  if (shelfReads > 0) {
    const books = shelfReads === 1 ? '1 book' : `${shelfReads} books`;
    context.problems.push(
      `${books} read on members' Goodreads or StoryGraph shelves (fetched from their feeds) ${shelfReads === 1 ? 'was' : 'were'} not brought over; they are still on those sites.`,
    );
  }
  return currentlyReading;
}
