// What other features may use of date polls; the rest of the folder is its own (npm run lint holds them to this).
export { DatePollsSection } from './lazy-parts';
