// What other features may use of rounds; the rest of the folder is its own (npm run lint holds them to this).
export { roundTable, type RoundRow } from './round.entity';
export { createRound, setRoundBook, setRoundDiscussion, setRoundPoll, setRoundTiebreaker } from './round-writes';
