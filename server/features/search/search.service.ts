import { In, type DataSource } from 'typeorm';
import { SEARCH_RESULT_LIMIT, type SearchKind, type SearchResult } from '../../../shared/api/search';
import { sqliteOf } from '../../db/data-source';
import { PostEntity, type DiscussionsService } from '../discussions';
import type { RecommendationsService } from '../recommendations';
import { toFtsQuery } from './search-query';

/** bm25 weights by column (kind, refId, title, author, text): a match in the title counts most. */
const RANK = `bm25("search_index", 0, 0, 10.0, 4.0, 1.0)`;

/** Full-text search over posts and recommendations, best match first (DECISIONS.md "Search"). */
export class SearchService {
  constructor(
    private readonly db: DataSource,
    private readonly discussions: DiscussionsService,
    private readonly recommendations: RecommendationsService,
  ) {}

  async search(input: string, kinds: SearchKind[] = ['Post', 'Rec']): Promise<SearchResult[]> {
    const match = toFtsQuery(input);
    const kindFilter = kinds.length === 1 ? `AND "kind" = ?` : '';
    const hits = sqliteOf(this.db)
      .prepare(`SELECT "kind", "refId", ${RANK} AS "score" FROM "search_index" WHERE "search_index" MATCH ? ${kindFilter} ORDER BY "score" LIMIT ?`)
      .all(...[match, ...(kindFilter ? [kinds[0]] : []), SEARCH_RESULT_LIMIT]) as { kind: SearchKind; refId: number; score: number }[];

    const postIds = hits.filter((hit) => hit.kind === 'Post').map((hit) => hit.refId);
    const recIds = hits.filter((hit) => hit.kind === 'Rec').map((hit) => hit.refId);
    const postRows = postIds.length ? await this.db.getRepository(PostEntity).findBy({ id: In(postIds) }) : [];
    const posts = new Map((await this.discussions.toPosts(postRows)).map((post) => [post.postId, post]));
    const recs = await this.recommendations.byIds(recIds);

    const results: SearchResult[] = [];
    for (const hit of hits) {
      // bm25 is lower for better matches; rank is its negation, so a bigger rank is a better match.
      const rank = Math.round(-hit.score * 1000) / 1000;
      if (hit.kind === 'Post') {
        const post = posts.get(hit.refId);
        if (post) results.push({ ...post, kind: 'Post', rank });
      } else {
        const rec = recs.get(hit.refId);
        if (rec) results.push({ ...rec, kind: 'Rec', rank });
      }
    }
    return results;
  }
}
