import type { optionalLink } from '../../../shared/api/discussions';
import type { readingProfileUrlSchema } from '../../../shared/api/users';
import type { Markdown } from '../../markdown';
import type { Row } from './obskurnee-values';
import { sourceClock, type SourceClock } from './source-time';

export interface MapOptions {
  /** The import's time, for what has no date of its own (members' accounts, rows with no date at all). */
  now?: string;
  /** How Obskurnee's times are read (default: as UTC). */
  clock?: SourceClock;
}

/** What every table's mapping shares: the report it adds to, and the club-wide rules for dates and links. */
export interface MappingContext {
  /** The import's time. */
  readonly now: string;
  readonly clock: SourceClock;
  /** One sentence per thing that could not be brought over as it was. */
  readonly problems: string[];
  /** One sentence per thing read from older Obskurnee data in a way the host should know of. */
  readonly notes: string[];
  /** Every picture name ("<file>" of "/images/<file>") an imported member, post or recommendation named. */
  readonly picturesNamed: Set<string>;
  /** Markdown as the club renders it (rows keep the text and its HTML). */
  render(text: string | null): string | null;
  /** An Obskurnee time as ISO 8601 in UTC (see source-time.ts), or null for what is no date. */
  when(value: unknown): string | null;
  /**
   * When a row was made: its CreatedOn, else its ModifiedOn, else the date of what it belongs to (`fallback`:
   * a post's discussion, a review's book...), else the import's time. A year-1 CreatedOn (DateTime.MinValue,
   * what .NET leaves in a date nobody set) is no date: it never reaches an answer.
   */
  created(row: Row, what: string, fallback?: string | null): string;
  /**
   * When a row was last changed: its ModifiedOn, unless that is no date or earlier than its creation, which
   * is "never modified". Obskurnee's 2022 migration gave every older row ModifiedOn = 0001-01-01 00:00:00.
   */
  modified(row: Row, createdOn: string): string;
  /** A link as the API would take it, else null and a line in the report (an old club may hold any text). */
  link(value: string | null, schema: typeof optionalLink | typeof readingProfileUrlSchema, what: string): string | null;
  /** Adds to the report what the dates read came to (rows without one, rows never modified, the clock). */
  reportDates(): void;
}

export function mappingContext(markdown: Markdown, options: MapOptions = {}): MappingContext {
  const now = options.now ?? new Date().toISOString();
  const clock = options.clock ?? sourceClock();
  const problems: string[] = [];
  const notes: string[] = [];
  const when = (value: unknown) => clock.instant(value);
  const undated: string[] = [];
  let neverModified = 0;
  return {
    now,
    clock,
    problems,
    notes,
    picturesNamed: new Set<string>(),
    render: (text) => (text ? markdown.render(text) : null),
    when,
    created(row, what, fallback = null) {
      const own = when(row.CreatedOn) ?? when(row.ModifiedOn);
      if (own) return own;
      undated.push(what);
      return fallback ?? now;
    },
    modified(row, createdOn) {
      const own = when(row.ModifiedOn);
      if (own && own >= createdOn) return own;
      neverModified++;
      return createdOn;
    },
    link(value, schema, what) {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      problems.push(`${what} (${value}) is not a link Bookclub accepts; it was left out.`);
      return null;
    },
    reportDates() {
      if (undated.length > 0) {
        const named = undated.length > 8 ? `${undated.slice(0, 8).join(', ')} and ${undated.length - 8} more` : undated.join(', ');
        problems.push(
          `${undated.length === 1 ? '1 row has' : `${undated.length} rows have`} no date of creation in Obskurnee (${named}); each takes the date of what it belongs to (its discussion, poll, round or book), or else the time of the import.`,
        );
      }
      if (neverModified > 0) {
        notes.push(
          `${neverModified === 1 ? '1 row' : `${neverModified} rows`} Obskurnee never marked as modified (those older than its 2022 upgrade, which dated them 0001-01-01) show their creation date as their last change.`,
        );
      }
      if (clock.zone !== 'UTC') notes.push(`Obskurnee's times were read as the clock in ${clock.zone} showed them.`);
    },
  };
}
