import type { DatePoll, NewDatePollInput } from '../../shared/api/date-polls';
import type { ServerConfig } from '../settings';
import { addMember, type TestMember } from './members';
import { ok } from './round-helpers';
import { startMeetingsClub, type MeetingsClub } from '../features/meetings/meetings-club';

/** The club's clock starts at 2026-10-01T08:00Z (meetings-club.ts): these dates lie ahead of it, in Bratislava's summer time. */
export const DATES = ['2026-10-20T19:00:00+02:00', '2026-10-21T19:00:00+02:00', '2026-10-22T18:30:00+02:00'] as const;
/** The same as UTC instants, as the API answers them. */
export const UTC = ['2026-10-20T17:00:00.000Z', '2026-10-21T17:00:00.000Z', '2026-10-22T16:30:00.000Z'] as const;

export interface DatePollsClub extends MeetingsClub {
  /** A third member, for the grid. */
  cleo: TestMember;
  /** Opens a date poll as the moderator (three dates at Café Lumière unless told otherwise); answers it. */
  open(fields?: Partial<NewDatePollInput>): Promise<DatePoll>;
  /** A poll as `token` reads it. */
  read(datePollId: number, token: string): Promise<DatePoll>;
}

/** The meetings tests' club (an admin, Mona the moderator, Ann, Ben, a bot and a book) and Cleo. */
export async function startDatePollsClub(overrides: Partial<ServerConfig> = {}): Promise<DatePollsClub> {
  const c = await startMeetingsClub(overrides);
  const cleo = await addMember(c.club, { name: 'Cleo' });
  return {
    ...c,
    cleo,
    open: (fields = {}) =>
      ok<DatePoll>(c.club, 'POST', '/api/date-polls', c.mod.token, {
        title: 'Our November evening',
        options: DATES.map((startsAt) => ({ startsAt })),
        place: 'Café Lumière, Bratislava',
        ...fields,
      }),
    read: (datePollId, token) => ok<DatePoll>(c.club, 'GET', `/api/date-polls/${datePollId}`, token),
  };
}
