// What other features may use of the schedule; the rest of the folder is its own (npm run lint holds them to this).
export { ClubSchedule, type ScheduledTask } from './club-schedule';
