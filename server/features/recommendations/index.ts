// What other features may use of recommendations; the rest of the folder is its own (npm run lint holds them to this).
export { recommendationTable, type RecommendationRow } from './recommendation.entity';
export type { RecommendationsService } from './recommendations.service';
