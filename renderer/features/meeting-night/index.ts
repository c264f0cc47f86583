// What other features may use of the meeting night; the rest of the folder is its own (npm run lint holds them to this).
export { DisplayLinkCard, QuestionsCard, TonightCard } from './lazy-parts';
export { useMeetingOn } from './use-meeting-on';
export type { NightMeeting } from './questions';
