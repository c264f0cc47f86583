import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { findRow, statement, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { translate } from '../../http/i18n';
import type { MailMessage, MailOutbox } from '../../mail-outbox';
import { userTable, type User } from '../accounts';
import type { ScheduledTask } from '../schedule';
import { reminderLetter, type MeetingMailSettings } from './meeting-mail';
import { meetingRsvpTable, meetingTable, type MeetingRow, type MeetingRsvpRow } from './meeting.entity';
import type { MeetingsService } from './meetings.service';

/** The reminder goes this long before the meeting starts: the day before, at the meeting's hour. */
export const MEETING_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/**
 * A meeting scheduled (or last changed) less than a day before it starts has its reminder this long before
 * instead: sent at once, it would reach only those who had answered in the minute since the announcement.
 */
export const SHORT_NOTICE_REMINDER_LEAD_MS = 2 * 60 * 60 * 1000;

type ReminderState = Pick<MeetingRow, 'id' | 'startsAt' | 'modifiedOn' | 'isCancelled' | 'reminderSentOn' | 'sequence'>;

/** When a meeting's reminder is due: the day before, or two hours before one announced at short notice. */
export function reminderMoment(meeting: Pick<MeetingRow, 'startsAt' | 'modifiedOn'>): number {
  const startsAt = Date.parse(meeting.startsAt);
  const dayBefore = startsAt - MEETING_REMINDER_LEAD_MS;
  return Date.parse(meeting.modifiedOn) <= dayBefore ? dayBefore : startsAt - SHORT_NOTICE_REMINDER_LEAD_MS;
}

const meetings = meetingTable;
const rsvps = meetingRsvpTable;
const users = userTable;

const WAITING = ['id', 'startsAt', 'modifiedOn'] as const;
/** Meetings not cancelled whose reminder has not gone and that start after the moment given, soonest first. */
const WAITING_MEETINGS = `SELECT ${meetings.columns(WAITING)} FROM ${meetings.name}
  WHERE ${meetings.column('isCancelled')} = 0 AND ${meetings.column('reminderSentOn')} IS NULL AND ${meetings.column('startsAt')} > ?
  ORDER BY ${meetings.column('startsAt')}, ${meetings.column('id')}`;

/** The answers a reminder goes to. */
const COMING = ['going', 'maybe'] as const satisfies readonly MeetingRsvpRow['answer'][];
type Attendee = Pick<User, 'email' | 'language'> & { answer: (typeof COMING)[number] };
const user = users.qualified;
const rsvp = rsvps.qualified;
/** Who answered the meeting going or maybe, by email; never a bot or a disabled account. */
const ATTENDEES = `SELECT ${users.columns(['email', 'language'])}, ${rsvp('answer')} FROM ${rsvps.name}
  JOIN ${users.name} ON ${user('id')} = ${rsvp('userId')}
  WHERE ${rsvp('meetingId')} = ? AND ${rsvp('answer')} IN (${COMING.map(() => '?').join(', ')})
    AND ${user('isBot')} = 0 AND ${user('disabledOn')} IS NULL
  ORDER BY ${user('email')}`;

/**
 * The day-before reminder of each meeting, as scheduled work: it goes once to the members who answered
 * going or maybe (whatever newsletters they take: they said they would come), each in their language with
 * the .ics. What is still to do is read from the meeting's own row (startsAt, isCancelled, reminderSentOn),
 * so a restart does late what fell due meanwhile, as long as the meeting has not started; never for a
 * cancelled meeting or one under way. Moving the start clears reminderSentOn (MeetingsService.change), so
 * the new day gets its own reminder.
 */
export class MeetingReminders implements ScheduledTask {
  readonly name = 'meeting reminders';

  constructor(
    private readonly db: DataSource,
    private readonly meetings: MeetingsService,
    private readonly outbox: MailOutbox,
    private readonly settings: MeetingMailSettings,
  ) {}

  nextDue(now: Date): Date | null {
    const moments = this.waiting(now).map(reminderMoment);
    return moments.length ? new Date(Math.min(...moments)) : null;
  }

  async runDue(now: Date): Promise<void> {
    for (const { id } of this.waiting(now).filter((meeting) => reminderMoment(meeting) <= now.getTime())) await this.remind(id, now);
  }

  /** Meetings still to come whose reminder has not gone (a club has a handful at a time). */
  private waiting(now: Date): Pick<MeetingRow, 'id' | 'startsAt' | 'modifiedOn'>[] {
    const raws = statement(sqliteOf(this.db), WAITING_MEETINGS).all(now.toISOString()) as Record<string, unknown>[];
    return raws.map((raw) => meetings.fromSql(raw, WAITING));
  }

  /**
   * Marks the reminder sent and queues it, in one write transaction that first checks it is still due: once,
   * however passes race. The mail is written from the meeting as read just before; should a change land in
   * between (its sequence moved on), the meeting is read again, so the .ics is never older than the row;
   * after a few such races it is left to the schedule's next pass.
   */
  private async remind(meetingId: number, now: Date): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const meeting = await this.meetings.get(meetingId, null);
      const outcome = writeTransaction(this.db, (sql) => {
        const row: ReminderState | undefined = findRow(sql, meetings, { id: meetingId });
        if (!row || !isDue(row, now)) return 'done';
        if (row.sequence !== meeting.sequence) return 'changed';
        updateRows(sql, meetings, { id: meetingId }, { reminderSentOn: now.toISOString() });
        const raws = statement(sql, ATTENDEES).all(meetingId, ...COMING) as Record<string, unknown>[];
        const attendees = raws.map((raw) => ({ ...users.fromSql(raw, ['email', 'language']), ...rsvps.fromSql(raw, ['answer']) }) as Attendee);
        this.outbox.enqueue(
          attendees.map((attendee): MailMessage => {
            const language = attendee.language ?? this.settings.links.defaultLanguage;
            const letter = reminderLetter(meeting, attendee.answer, language, this.settings);
            const signature = translate(language, 'mail:signature', { siteName: this.settings.links.siteName });
            return {
              to: attendee.email,
              subject: `[${this.settings.links.siteName}] ${letter.subject}`,
              text: `${letter.text}\n\n${signature}\n`,
              attachments: letter.attachments,
            };
          }),
        );
        return 'done';
      });
      if (outcome === 'done') return;
    }
  }
}

/** Due from its moment until the start, once, unless cancelled. */
function isDue(row: ReminderState, now: Date): boolean {
  return !row.isCancelled && row.reminderSentOn === null && Date.parse(row.startsAt) > now.getTime() && reminderMoment(row) <= now.getTime();
}
