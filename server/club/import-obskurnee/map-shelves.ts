import { parseShelfProfileUrl, type ShelfName, type ShelfSite } from '../../../shared/api/shelves';
import type { User } from '../../features/accounts';
import type { ShelfEntryRow, ShelfLinkRow } from '../../features/shelves';
import type { CurrentlyReadingRow } from '../../features/users';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import { CURRENTLY_READING_KIND } from './obskurnee-schema';
import { int, str, type Row } from './obskurnee-values';

export interface MappedShelves {
  shelfLinks: ShelfLinkRow[];
  shelfEntries: ShelfEntryRow[];
  /** What members are reading now: their currently-reading shelf, as the reading list shows it. */
  currentlyReading: Omit<CurrentlyReadingRow, 'id'>[];
}

const SITES: readonly ShelfSite[] = ['Goodreads', 'Storygraph'];
const cut = (value: string | null, max: number) => (value && value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value);
const webLink = (value: string | null) => (value && /^https?:\/\/\S+$/i.test(value) && value.length <= 1000 ? value : null);

/**
 * Members' Goodreads and StoryGraph shelves (`GoodreadsReviews`: Kind 1 currently reading, 0 read;
 * ExternalSystem 0 Goodreads, 1 StoryGraph), newest first on each shelf, and the profile links Obskurnee read
 * them from (a member's GoodreadsProfileUrl, when it names a profile): the club goes on reading those on its
 * schedule. A book's id is the site's (GoodreadsBookId, else the end of ReviewId); a currently-reading book
 * also feeds its member's reading list.
 */
export function mapShelves(club: { shelfEntries: Row[] }, context: MappingContext, memberIdOf: MemberIdOf, users: User[]): MappedShelves {
  const shelfLinks: ShelfLinkRow[] = [];
  for (const user of users) {
    const profile = !user.isBot && user.goodreadsUrl ? parseShelfProfileUrl(user.goodreadsUrl) : null;
    if (!profile) continue;
    shelfLinks.push({
      userId: user.id,
      site: profile.site,
      externalUserId: profile.externalUserId,
      profileUrl: profile.profileUrl,
      linkedOn: context.now,
      // Obskurnee read these; the club goes on, from its first schedule pass.
      nextSyncOn: context.now,
      lastSyncedOn: null,
      lastTriedOn: null,
      lastError: null,
      failures: 0,
    });
  }

  const shelfEntries: ShelfEntryRow[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const row of club.shelfEntries) {
    const ownerId = memberIdOf(row.OwnerId);
    const title = cut(str(row.Title)?.trim() ?? null, 300);
    if (!ownerId || !title) {
      skipped++;
      continue;
    }
    const shelf: ShelfName = int(row.Kind) === CURRENTLY_READING_KIND ? 'currently-reading' : 'read';
    const reviewId = str(row.ReviewId) ?? '';
    const externalBookId = cut(str(row.GoodreadsBookId)?.trim() ?? (/-(?:SG-)?([^-]+)$/.exec(reviewId)?.[1] || `obskurnee-${reviewId}`), 100)!;
    const key = `${ownerId} ${shelf} ${externalBookId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rating = int(row.Rating);
    shelfEntries.push({
      id: shelfEntries.length + 1,
      ownerId,
      shelf,
      site: SITES[int(row.ExternalSystem) ?? 0] ?? 'Goodreads',
      externalBookId,
      position: 0,
      title,
      author: cut(str(row.Author)?.trim() ?? null, 300),
      series: cut(str(row.Series)?.trim() ?? null, 300),
      url: webLink(str(row.ReviewUrl)),
      imageUrl: webLink(str(row.ImageUrl)),
      rating: rating !== null && rating >= 1 && rating <= 5 ? rating : null,
      pageCount: null,
      readOn: null,
      addedOn: null,
      createdOn: context.created(row, `a shelf entry of ${title}`),
    });
  }
  // Newest first on each shelf, as the sites list them.
  const byShelf = new Map<string, ShelfEntryRow[]>();
  for (const entry of shelfEntries) byShelf.set(`${entry.ownerId} ${entry.shelf}`, [...(byShelf.get(`${entry.ownerId} ${entry.shelf}`) ?? []), entry]);
  for (const entries of byShelf.values()) {
    entries.sort((a, b) => b.createdOn.localeCompare(a.createdOn) || a.id - b.id).forEach((entry, position) => (entry.position = position));
  }
  if (skipped > 0) context.problems.push(`${skipped === 1 ? '1 shelf entry' : `${skipped} shelf entries`} without a title or a member were left out.`);

  const currentlyReading = shelfEntries
    .filter((entry) => entry.shelf === 'currently-reading')
    .sort((a, b) => a.ownerId.localeCompare(b.ownerId) || a.position - b.position)
    .map((entry) => ({
      ownerId: entry.ownerId,
      title: entry.title,
      author: entry.author,
      createdOn: entry.createdOn,
      shelfEntryId: entry.id,
      fromShelf: entry.site,
    }));
  return { shelfLinks, shelfEntries, currentlyReading };
}
