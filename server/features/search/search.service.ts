import type { DataSource } from 'typeorm';
import { SEARCH_RESULT_LIMIT, type SearchKind, type SearchResult } from '../../../shared/api/search';
import { sqliteOf } from '../../db/data-source';
import { findRowsIn, statement } from '../../db/table';
import { postTable, type DiscussionsService } from '../discussions';
import type { RecommendationsService } from '../recommendations';
import { highlights, MARK_CLOSE, MARK_OPEN, obskurneeHighlights } from './search-highlight';
import { toFtsQuery } from './search-query';

/**
 * The FTS5 table posts and recommendations are searched in. Its migration (1732290000000-reading.ts) made it,
 * and triggers on "post" and "recommendation" keep it: a virtual table has no declaration (defineTable), so its
 * name and columns are spelled here, once. `position` is a column's place, as bm25() and highlight() count them.
 */
const searchIndex = {
  name: '"search_index"',
  kind: { column: '"kind"', position: 0 },
  refId: { column: '"refId"', position: 1 },
  title: { column: '"title"', position: 2 },
  author: { column: '"author"', position: 3 },
  text: { column: '"text"', position: 4 },
} as const;

/** bm25 weights by column (kind, refId, title, author, text): a match in the title counts most. */
const RANK = `bm25(${searchIndex.name}, 0, 0, 10.0, 4.0, 1.0)`;
/** The column, as FTS5 highlight() gives it: every matched word between MARK_OPEN and MARK_CLOSE. */
const marked = ({ column, position }: { column: string; position: number }) =>
  `highlight(${searchIndex.name}, ${position}, '${MARK_OPEN}', '${MARK_CLOSE}') AS ${column}`;

/**
 * The best matches with their highlighted columns. SQLite keeps only the best SEARCH_RESULT_LIMIT rows
 * while it sorts, and works out the other columns (highlight() re-reads a row's text) only for the rows it
 * keeps, so a common word's thousands of matches cost no more than before: measured over 70,000 rows,
 * ~1 ms more for a typical search and ~5 ms for `the`. (Asking FTS5 to sort by `rank` instead costs twice
 * as much for a common word; a second query per row for its highlights, ~5-15 ms more for a hundred.)
 */
const SEARCH = (kindFilter: string) =>
  `SELECT ${searchIndex.kind.column}, ${searchIndex.refId.column}, ${RANK} AS "score",
     ${marked(searchIndex.title)}, ${marked(searchIndex.author)}, ${marked(searchIndex.text)}
   FROM ${searchIndex.name} WHERE ${searchIndex.name} MATCH ? ${kindFilter} ORDER BY "score" LIMIT ?`;
/** Only one kind of result. */
const ONE_KIND = `AND ${searchIndex.kind.column} = ?`;

interface Hit {
  kind: SearchKind;
  refId: number;
  score: number;
  title: string;
  author: string;
  text: string;
}

/** Full-text search over posts and recommendations, best match first (DECISIONS.md "Search"). */
export class SearchService {
  constructor(
    private readonly db: DataSource,
    private readonly discussions: DiscussionsService,
    private readonly recommendations: RecommendationsService,
  ) {}

  async search(input: string, kinds: SearchKind[] = ['Post', 'Rec']): Promise<SearchResult[]> {
    const match = toFtsQuery(input);
    const kindFilter = kinds.length === 1 ? ONE_KIND : '';
    // The search's two statements (with and without a kind) are prepared once, as statement() keeps them.
    const hits = statement(sqliteOf(this.db), SEARCH(kindFilter)).all(...[match, ...(kindFilter ? [kinds[0]] : []), SEARCH_RESULT_LIMIT]) as Hit[];

    const postIds = hits.filter((hit) => hit.kind === 'Post').map((hit) => hit.refId);
    const recIds = hits.filter((hit) => hit.kind === 'Rec').map((hit) => hit.refId);
    const postRows = findRowsIn(sqliteOf(this.db), postTable, 'id', postIds);
    const posts = new Map((await this.discussions.toPosts(postRows)).map((post) => [post.postId, post]));
    const recs = await this.recommendations.byIds(recIds);

    const results: SearchResult[] = [];
    for (const hit of hits) {
      // bm25 is lower for better matches; rank is its negation, so a bigger rank is a better match.
      const rank = Math.round(-hit.score * 1000) / 1000;
      // A suggestion marked as spoiling shows no excerpt: a search result cannot fold it as its page does.
      const highlight = (spoils = false) => highlights(hit.title, hit.author, spoils ? null : hit.text);
      if (hit.kind === 'Post') {
        const post = posts.get(hit.refId);
        if (post) {
          const marked = highlight(post.hasSpoilers);
          results.push({ ...post, ...obskurneeHighlights(marked), kind: 'Post', rank, highlight: marked });
        }
      } else {
        const rec = recs.get(hit.refId);
        if (rec) {
          const marked = highlight();
          results.push({ ...rec, ...obskurneeHighlights(marked), kind: 'Rec', rank, highlight: marked });
        }
      }
    }
    return results;
  }
}
