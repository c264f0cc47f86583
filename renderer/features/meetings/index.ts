// What other features may use of meetings; the rest of the folder is its own (npm run lint holds them to this).
export { BookMeetings, CalendarFeedCard } from './lazy-parts';
export { NextMeetingCard } from './NextMeetingCard';
