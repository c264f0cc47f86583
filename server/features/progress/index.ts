// What other features may use of reading progress; the rest of the folder is its own (npm run lint holds them to this).
export { readingProgressTable, type ReadingProgressRow } from './progress.entity';
export type { ProgressService } from './progress.service';
