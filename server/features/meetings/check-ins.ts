import type { DataSource } from 'typeorm';
import type { Meeting } from '../../../shared/api/meetings';
import { DELTA_EVENTS } from '../../../shared/events';
import { isCheckInOpen } from '../../../shared/meeting-times';
import { isModerator } from '../../../shared/rules';
import type { Clock } from '../../clock';
import { deleteRows, findRow, insertRow } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Forbidden, NotFound } from '../../http/errors';
import type { Hub } from '../../realtime/hub';
import { nextVersion } from '../../realtime/versions';
import { userTable, type User } from '../accounts';
import { meetingCheckInTable, meetingTable } from './meeting.entity';
import type { MeetingsService } from './meetings.service';

/**
 * "I'm here" (DECISIONS.md, "Ranked choice and check-in"): a member checks themselves in or out; a moderator
 * may name another member. Each change counts one more version of the meeting and is pushed to every client
 * (MeetingCheckedIn, or the whole meeting to clients that asked for nothing); checking in twice changes nothing.
 */
export class CheckIns {
  constructor(
    private readonly db: DataSource,
    private readonly meetings: MeetingsService,
    private readonly deps: { clock: Clock; hub: Pick<Hub, 'publish'> },
  ) {}

  checkIn(meetingId: number, caller: User, userId: string | undefined): Promise<Meeting> {
    return this.change(meetingId, caller, userId, true);
  }

  checkOut(meetingId: number, caller: User, userId: string | undefined): Promise<Meeting> {
    return this.change(meetingId, caller, userId, false);
  }

  private async change(meetingId: number, caller: User, userId: string | undefined, checkedIn: boolean): Promise<Meeting> {
    const targetId = userId ?? caller.id;
    if (targetId !== caller.id && !isModerator(caller)) throw new Forbidden('checkInOthersForbidden');
    const now = this.deps.clock.now();
    const changed = writeTransaction(this.db, (sql) => {
      const meeting = findRow(sql, meetingTable, { id: meetingId });
      if (!meeting) throw new NotFound('meetingNotFound');
      // Only a member who takes part: not a bot, nor a disabled account, nor an id that names nobody.
      const target = findRow(sql, userTable, { id: targetId });
      if (!target || target.isBot || target.disabledOn !== null) throw new NotFound('userNotFound');
      if (meeting.isCancelled) throw new Conflict('meetingCancelled');
      if (!isCheckInOpen(meeting, now)) throw new Conflict('checkInClosed');
      const key = { meetingId, userId: targetId };
      const present = !!findRow(sql, meetingCheckInTable, key);
      if (present === checkedIn) return null;
      if (checkedIn) insertRow(sql, meetingCheckInTable, { ...key, checkedInOn: now.toISOString(), checkedInBy: caller.id });
      else deleteRows(sql, meetingCheckInTable, key);
      return { version: nextVersion(sql, meetingTable, meetingId), name: target.name };
    });
    if (changed) {
      await this.deps.hub.publish({
        event: DELTA_EVENTS.meetingCheckedIn,
        payload: { meetingId, version: changed.version, userId: targetId, name: changed.name, checkedIn },
        whole: this.meetings.wholeMeeting(meetingId),
      });
    }
    return this.meetings.get(meetingId, caller);
  }
}
