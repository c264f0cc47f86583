// What other features may use of the reading plan; the rest of the folder is its own (npm run lint holds them to this).
export { partCommentTable, partReaderTable, readingPartTable } from './reading-plan.entity';
export type { ReadingPlanService } from './reading-plan.service';
