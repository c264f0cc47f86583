import { optionalLink } from '../../../shared/api/discussions';
import type { RecommendationRow } from '../../features/recommendations';
import type { CoverLinks } from './cover-links';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import { int, str } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

/** Members' recommendations; one whose owner was not imported is left out. */
export function mapRecommendations(club: ObskurneeClub, context: MappingContext, memberIdOf: MemberIdOf, covers: CoverLinks): RecommendationRow[] {
  const recommendations: RecommendationRow[] = [];
  for (const row of club.recommendations) {
    const ownerId = memberIdOf(row.OwnerId);
    if (!ownerId) {
      context.problems.push(`Recommendation ${row.RecommendationId} belongs to no member that was imported; left out.`);
      continue;
    }
    const text = str(row.Text);
    const createdOn = context.created(row, `recommendation ${row.RecommendationId}`);
    recommendations.push({
      id: int(row.RecommendationId)!,
      ownerId,
      title: str(row.Title) ?? '',
      author: str(row.Author),
      pageCount: int(row.PageCount),
      // Obskurnee had no publication years.
      year: null,
      url: context.link(str(row.Url), optionalLink, `The link of recommendation ${row.RecommendationId}`),
      imageUrl: covers.linkOf(str(row.ImageUrl), `recommendation ${row.RecommendationId}`),
      text,
      renderedText: context.render(text),
      createdOn,
      modifiedOn: context.modified(row, createdOn),
    });
  }
  return recommendations;
}
