import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import type { Language } from '../../../shared/constants';
import { pages } from '../../../shared/pages';
import { sqliteOf } from '../../db/data-source';
import { writeTransaction } from '../../db/write-transaction';
import { translate } from '../../http/i18n';
import type { MailMessage, MailOutbox } from '../../mail-outbox';
import type { LinkSettings } from '../accounts';
import type { ScheduledTask } from '../schedule';
import type { PollRow } from './poll.entity';
import { clubModerators, markDeadlineMissed, markReminderSent, membersYetToVote, openPollsWithDeadline, readPoll, type Recipient } from './poll-writes';

type Sql = BetterSqlite3.Database;

/**
 * Closes a poll whose deadline came, exactly as a moderator's close would then (rounds.service.ts decides
 * it, tiebreakers included), in one write transaction that first asks `isDue` of the poll as it is there
 * (a moderator may have closed it or moved its deadline meanwhile); a poll with no ballot goes to
 * `noVotes`, in that same transaction, and stays open.
 */
export type CloseAtDeadline = (pollId: number, inTransaction: { isDue(poll: PollRow): boolean; noVotes(sql: Sql, poll: PollRow): void }) => Promise<void>;

export interface DeadlineSettings {
  links: LinkSettings;
  /** How long before a deadline the members who have not voted are reminded (POLL_REMINDER_HOURS). */
  reminderLeadMs: number;
  /** The club's time zone, in which mails write the deadline. */
  timeZone: string;
}

/**
 * Poll deadlines as scheduled work: each open poll with a deadline closes itself then, and a reminder goes
 * once before it to the members who have not voted. Both are read from the poll's own row (closesAt,
 * reminderSentOn, deadlineMissedOn), each done in a write transaction that checks and marks it, so it
 * happens once: late after a restart if it fell due meanwhile, never twice.
 */
export class PollDeadlines implements ScheduledTask {
  readonly name = 'poll deadlines';
  private closeAtDeadline: CloseAtDeadline | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly outbox: MailOutbox,
    private readonly settings: DeadlineSettings,
  ) {}

  /** What closes a poll at its deadline (the rounds' workflow: rounds.service.ts). */
  closeWith(close: CloseAtDeadline): void {
    this.closeAtDeadline = close;
  }

  nextDue(now: Date): Date | null {
    let next: number | null = null;
    for (const poll of openPollsWithDeadline(sqliteOf(this.db))) {
      for (const moment of [this.deadlineDue(poll), this.reminderDue(poll, now)]) {
        if (moment !== null && (next === null || moment < next)) next = moment;
      }
    }
    return next === null ? null : new Date(next);
  }

  async runDue(now: Date): Promise<void> {
    const polls = openPollsWithDeadline(sqliteOf(this.db));
    // Reminders first: one whose deadline also came meanwhile is no longer due (reminderDue), the close is.
    for (const poll of polls) {
      const due = this.reminderDue(poll, now);
      if (due !== null && due <= now.getTime()) this.remind(poll.id, now);
    }
    for (const poll of polls) {
      const due = this.deadlineDue(poll);
      if (due !== null && due <= now.getTime()) await this.close(poll.id, now);
    }
  }

  /** The deadline, until it found no votes (then the moderators decide; a new deadline counts again). */
  private deadlineDue(poll: Pick<PollRow, 'closesAt' | 'deadlineMissedOn'>): number | null {
    return poll.closesAt !== null && poll.deadlineMissedOn === null ? Date.parse(poll.closesAt) : null;
  }

  /**
   * The reminder's moment, the lead before the deadline, while it has not gone and the deadline is still
   * ahead: one that fell due while the server was down goes late; one whose deadline passed meanwhile never.
   */
  private reminderDue(poll: Pick<PollRow, 'closesAt' | 'reminderSentOn' | 'deadlineMissedOn'>, now: Date): number | null {
    if (poll.closesAt === null || poll.reminderSentOn !== null || poll.deadlineMissedOn !== null) return null;
    const closesAt = Date.parse(poll.closesAt);
    return closesAt > now.getTime() ? closesAt - this.settings.reminderLeadMs : null;
  }

  /** Marks the reminder sent and queues it to each member yet to vote, in one transaction: once. */
  private remind(pollId: number, now: Date): void {
    writeTransaction(this.db, (sql) => {
      const poll = readPoll(sql, pollId);
      if (!poll || poll.isClosed) return;
      const due = this.reminderDue(poll, now);
      if (due === null || due > now.getTime()) return;
      markReminderSent(sql, pollId, now.toISOString());
      this.outbox.enqueue(membersYetToVote(sql, pollId).map((member) => this.mail('pollReminder', member, poll)));
    });
  }

  private async close(pollId: number, now: Date): Promise<void> {
    if (!this.closeAtDeadline) throw new Error('poll deadlines need closeWith() before they run');
    await this.closeAtDeadline(pollId, {
      isDue: (poll) => {
        const due = this.deadlineDue(poll);
        return !poll.isClosed && due !== null && due <= now.getTime();
      },
      noVotes: (sql, poll) => {
        // The poll stays open, its deadline as it was; the mark keeps this from happening twice.
        markDeadlineMissed(sql, poll.id, now.toISOString());
        this.outbox.enqueue(clubModerators(sql).map((moderator) => this.mail('pollDeadlineMissed', moderator, poll)));
      },
    });
  }

  private mail(kind: 'pollReminder' | 'pollDeadlineMissed', to: Recipient, poll: PollRow): MailMessage {
    const { links, timeZone } = this.settings;
    const language: Language = to.language ?? links.defaultLanguage;
    const closesAt = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(poll.closesAt!));
    const params = { title: poll.title, closesAt, link: `${links.publicUrl}${pages.poll(poll.id)}`, siteName: links.siteName };
    return {
      to: to.email,
      subject: `[${links.siteName}] ${translate(language, `mail:${kind}.subject`, params)}`,
      text: `${translate(language, `mail:${kind}.text`, params)}\n\n${translate(language, 'mail:signature', params)}\n`,
    };
  }
}
