// What other features may use of polls; the rest of the folder is its own (npm run lint holds them to this).
export { closePollWithOutcome, createPoll, pollBallots, pollOptionIds, readPoll } from './poll-writes';
export type { PollsService } from './polls.service';
export { leaders, tally } from './tally';
