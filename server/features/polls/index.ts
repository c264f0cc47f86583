// What other features may use of polls; the rest of the folder is its own (npm run lint holds them to this).
export { closePollWithOutcome, createPoll, everyActiveMemberVoted, pollBallots, pollOptionIds, readPoll, recordBallot, setPollDeadline } from './poll-writes';
export type { CloseAtDeadline } from './deadlines';
export { pollTable, pollOptionTable, voteChoiceTable, voteTable, type PollOptionRow, type PollRow, type VoteChoiceRow, type VoteRow } from './poll.entity';
export type { PollsService } from './polls.service';
export { instantRunoff } from './instant-runoff';
export { leaders, tally } from './tally';
