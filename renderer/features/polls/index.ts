// What other features may use of polls; the rest of the folder is its own (npm run lint holds them to this).
export { PollDeadline } from './PollDeadline';
export { DeadlineInput } from './DeadlineInput';
export { deadlineCheck } from './deadline-input';
export { RankedVoteForm } from './RankedVoteForm';
export { VoteForm } from './VoteForm';
