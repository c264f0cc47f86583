import ical, { ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator';
import type { Meeting } from '../../../shared/api/meetings';
import type { Language } from '../../../shared/constants';
import { pages } from '../../../shared/pages';
import { translate } from '../../http/i18n';
import { meetingEndsAt } from '../../../shared/meeting-times';

/**
 * Meetings and poll deadlines as iCalendar text (RFC 5545): the .ics of one meeting, a member's feed, and
 * the event a mail attaches. Only what a calendar app shows is here; who may see it is the
 * service's to decide.
 *
 * Every time is written in UTC (`DTSTART:20261020T170000Z`), never with a TZID: an instant in UTC means the
 * same moment in every calendar app, and each app shows it in its own user's zone, across daylight-saving
 * changes too. A floating or zoned time would need a VTIMEZONE the club would have to keep right.
 */

export interface CalendarSettings {
  /** The club's address without a trailing slash: page links, and the host that makes UIDs unique. */
  publicUrl: string;
  /**
   * Where page links point when it is not publicUrl: without PUBLIC_URL, the address the member reached the
   * club at (a LAN address a phone can open). UIDs keep publicUrl's host, so they never change.
   */
  linkBase?: string;
  siteName: string;
  /** The feed is for calendar apps, not one reader: its few words are in the club's language. */
  defaultLanguage: Language;
}

/** A poll's deadline, as the feed shows it. */
export interface PollDeadline {
  pollId: number;
  title: string;
  closesAt: string;
  createdOn: string;
}

/** Calendar apps are asked to fetch a feed again after this long. */
const REFRESH_SECONDS = 60 * 60;
/** A deadline is an instant; calendars show it as a short event starting then. */
const DEADLINE_EVENT_MS = 15 * 60 * 1000;

/** The address of a meeting's page in the web app. */
export function meetingPageUrl(publicUrl: string, meetingId: number): string {
  return `${publicUrl}${pages.meeting(meetingId)}`;
}

function pollPageUrl(publicUrl: string, pollId: number): string {
  return `${publicUrl}${pages.poll(pollId)}`;
}

/** What makes a UID unique beyond this club: the host of its public address. */
function uidHost(publicUrl: string): string {
  return URL.canParse(publicUrl) ? new URL(publicUrl).hostname : 'bookclub.localhost';
}

/** A meeting's UID: the same for every version of the meeting, so a calendar replaces rather than adds. */
export function meetingUid(meetingId: number, publicUrl: string): string {
  return `meeting-${meetingId}@${uidHost(publicUrl)}`;
}

export function pollDeadlineUid(pollId: number, publicUrl: string): string {
  return `poll-${pollId}-deadline@${uidHost(publicUrl)}`;
}

/** One meeting as a VEVENT's fields. */
export function meetingEventData(meeting: Meeting, settings: CalendarSettings): ICalEventData {
  const page = meetingPageUrl(settings.linkBase ?? settings.publicUrl, meeting.meetingId);
  const summary = meeting.bookTitle
    ? translate(settings.defaultLanguage, 'content:meetingSummary', { title: meeting.bookTitle })
    : translate(settings.defaultLanguage, 'content:meetingSummaryWithoutBook', { siteName: settings.siteName });
  const details = [meeting.notes, meeting.place && meeting.onlineUrl ? meeting.onlineUrl : null, page].filter(Boolean);
  return {
    id: meetingUid(meeting.meetingId, settings.publicUrl),
    sequence: meeting.sequence,
    // Published without METHOD, DTSTAMP is the time of the revision (RFC 5545 3.8.7.2): the same meeting
    // gives the same bytes, so a calendar app's repeated fetch can be answered 304.
    stamp: meeting.modifiedOn,
    created: meeting.createdOn,
    lastModified: meeting.modifiedOn,
    start: meeting.startsAt,
    end: meetingEndsAt(meeting),
    status: meeting.isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary,
    location: meeting.place ?? meeting.onlineUrl,
    url: uriValue(meeting.onlineUrl ?? page),
    description: details.join('\n\n'),
  };
}

/**
 * ical-generator escapes URL as if it were text (`,` to `\,`), which RFC 5545 does not do to a URI: a
 * calendar app would open a link with a backslash in it. The same characters percent-encoded mean the same
 * to the web and need no escaping.
 */
function uriValue(url: string): string {
  return url.replace(/[,;\\]/g, (character) => encodeURIComponent(character));
}

function deadlineEventData(deadline: PollDeadline, settings: CalendarSettings): ICalEventData {
  const page = pollPageUrl(settings.linkBase ?? settings.publicUrl, deadline.pollId);
  return {
    id: pollDeadlineUid(deadline.pollId, settings.publicUrl),
    // A poll keeps no revisions; subscribed calendars take the feed as it is on each refresh.
    stamp: deadline.createdOn,
    start: deadline.closesAt,
    end: new Date(Date.parse(deadline.closesAt) + DEADLINE_EVENT_MS).toISOString(),
    status: ICalEventStatus.CONFIRMED,
    summary: translate(settings.defaultLanguage, 'content:pollDeadlineSummary', { title: deadline.title }),
    url: uriValue(page),
    description: page,
  };
}

function calendarText(events: ICalEventData[], settings: CalendarSettings, method?: ICalCalendarMethod): string {
  // No time zone on the calendar: ical-generator then writes every time in UTC with a Z (see above).
  const calendar = ical({
    prodId: { company: 'Bookclub', product: 'Meetings', language: 'EN' },
    name: settings.siteName,
    ttl: REFRESH_SECONDS,
    events,
    ...(method ? { method } : {}),
  });
  return calendar.toString();
}

/** The .ics file of meetings (one, for "add to calendar"; a mail attaches the same event: meetingMailCalendar). */
export function meetingsCalendar(meetings: readonly Meeting[], settings: CalendarSettings): string {
  return calendarText(
    meetings.map((meeting) => meetingEventData(meeting, settings)),
    settings,
  );
}

/**
 * One meeting as a mail attaches it: the same VEVENT as the feed's (UID, SEQUENCE, STATUS), in a calendar
 * with METHOD:PUBLISH, which the attachment's Content-Type must repeat (RFC 6047): a calendar app then
 * offers to add or update the meeting, or to take a cancelled one off.
 */
export function meetingMailCalendar(meeting: Meeting, settings: CalendarSettings): string {
  return calendarText([meetingEventData(meeting, settings)], settings, ICalCalendarMethod.PUBLISH);
}

/** A member's feed: every meeting (cancelled ones marked so) and the deadlines of open polls. */
export function calendarFeed(meetings: readonly Meeting[], deadlines: readonly PollDeadline[], settings: CalendarSettings): string {
  return calendarText(
    [...meetings.map((meeting) => meetingEventData(meeting, settings)), ...deadlines.map((deadline) => deadlineEventData(deadline, settings))],
    settings,
  );
}
