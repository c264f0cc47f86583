// What other features may use of the reading plan; the rest of the folder is its own (npm run lint holds them to this).
export { HomePlanLine } from './HomePlanLine';
export { ReadingPlanSection } from './ReadingPlanSection';
export { TonightPart } from './TonightPart';
