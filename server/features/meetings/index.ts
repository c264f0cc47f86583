// What other features may use of meetings; the rest of the folder is its own (npm run lint holds them to this).
export { calendarFeed, meetingEventData, meetingPageUrl, meetingsCalendar, meetingUid, type CalendarSettings, type PollDeadline } from './calendar';
export { revokeEveryCalendarFeed, type CalendarsService } from './calendars.service';
export { meetingTable, meetingRsvpTable, meetingCheckInTable, calendarFeedTable, type MeetingRow, type MeetingRsvpRow } from './meeting.entity';
export type { MeetingsService } from './meetings.service';
