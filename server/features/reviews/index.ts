// What other features may use of reviews; the rest of the folder is its own (npm run lint holds them to this).
export { reviewTable, type ReviewRow } from './review.entity';
