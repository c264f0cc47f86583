// What other features may use of the meeting night; the rest of the folder is its own (npm run lint holds them to this).
export { AttendanceCard } from './lazy-parts';
export { DisplayLinkCard } from './DisplayLinkCard';
export { QuestionsCard } from './QuestionsCard';
export { TonightCard } from './TonightCard';
export { useMeetingOn } from './use-meeting-on';
export type { NightMeeting } from './questions';
