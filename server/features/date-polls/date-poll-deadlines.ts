import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import type { MailOutbox } from '../../mail-outbox';
import type { ScheduledTask } from '../schedule';
import { datePollTable } from './date-poll.entity';
import { deadlineMail, type DatePollMailSettings } from './date-poll-mail';
import { clubModerators, deadlinesToTell, readDatePoll } from './date-poll-rows';
import { isClosed } from './date-poll-view';

/**
 * A date poll's deadline stops the answers and asks the moderators to pick: when it comes, each moderator
 * gets one mail. The moment is the poll's own `closesAt`, and `deadlineNoticeOn` marks it told in the same
 * transaction that queues the mail, so it goes once: late after a restart, never twice. A new deadline
 * (date-polls.service.ts) clears the mark.
 */
export class DatePollDeadlines implements ScheduledTask {
  readonly name = 'date poll deadlines';

  constructor(
    private readonly db: DataSource,
    private readonly outbox: MailOutbox,
    private readonly mail: DatePollMailSettings,
  ) {}

  nextDue(): Date | null {
    const moments = deadlinesToTell(sqliteOf(this.db)).map((poll) => Date.parse(poll.closesAt!));
    return moments.length === 0 ? null : new Date(Math.min(...moments));
  }

  async runDue(now: Date): Promise<void> {
    for (const { id } of deadlinesToTell(sqliteOf(this.db))) {
      writeTransaction(this.db, (sql) => {
        const poll = readDatePoll(sql, id);
        if (!poll || isClosed(poll) || poll.closesAt === null || poll.deadlineNoticeOn !== null) return;
        if (Date.parse(poll.closesAt) > now.getTime()) return;
        updateRows(sql, datePollTable, { id }, { deadlineNoticeOn: now.toISOString() });
        this.outbox.enqueue(clubModerators(sql).map((moderator) => deadlineMail(moderator, poll, this.mail)));
      });
    }
  }
}
