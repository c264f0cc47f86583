// What other features may use of reading progress; the rest of the folder is its own (npm run lint holds them to this).
export { BookReadingProgress } from './BookReadingProgress';
export { SpoilerFold } from './SpoilerFold';
