import type { DatePoll, DatePollAnswer, DatePollState } from '../../../shared/api/date-polls';
import type { DatePollAnswerRow, DatePollOptionRow, DatePollRow } from './date-poll.entity';

/** The poll as the API answers it, mapped from its rows (never the rows themselves). */

/** Picked or cancelled: it takes no more answers and no pick. */
export function isClosed(row: Pick<DatePollRow, 'isCancelled' | 'pickedOptionId'>): boolean {
  return !!row.isCancelled || row.pickedOptionId !== null;
}

/** Whether the deadline has come: answers are refused from then on (a pick is still possible). */
export function answersClosed(row: Pick<DatePollRow, 'closesAt'>, now: Date): boolean {
  return row.closesAt !== null && Date.parse(row.closesAt) <= now.getTime();
}

/** The poll without its grid: what DatePollUpdated carries. */
export function stateOf(row: DatePollRow, options: readonly DatePollOptionRow[]): DatePollState {
  return {
    datePollId: row.id,
    title: row.title,
    options: options.map((option) => ({ optionId: option.id, startsAt: option.startsAt, endsAt: option.endsAt })),
    closesAt: row.closesAt,
    isClosed: isClosed(row),
    isCancelled: !!row.isCancelled,
    pickedOptionId: row.pickedOptionId,
    meetingId: row.meetingId,
    place: row.place,
    onlineUrl: row.onlineUrl,
    bookId: row.bookId,
    remindedOn: row.remindedOn,
    ownerId: row.ownerId,
    createdOn: row.createdOn,
    modifiedOn: row.modifiedOn,
    version: row.version,
  };
}

/** One member's answers by option id, in the options' order. */
export function answersByOption(rows: readonly Pick<DatePollAnswerRow, 'optionId' | 'answer'>[]): Record<string, DatePollAnswer> {
  return Object.fromEntries(rows.map((row) => [String(row.optionId), row.answer]));
}

export interface GridParts {
  row: DatePollRow;
  options: readonly DatePollOptionRow[];
  answers: readonly DatePollAnswerRow[];
  names: ReadonlyMap<string, string>;
  viewerId: string;
  /** Moderators see who has not answered; others get null. */
  notAnswered: { userId: string; name: string }[] | null;
}

/** The whole poll with its grid, as `viewerId` reads it. */
export function pollOf({ row, options, answers, names, viewerId, notAnswered }: GridParts): DatePoll {
  const byOption = new Map<number, Record<DatePollAnswer, string[]>>(options.map((option) => [option.id, { yes: [], ifNeedBe: [], no: [] }]));
  const respondents: string[] = [];
  const seen = new Set<string>();
  for (const answer of answers) {
    byOption.get(answer.optionId)?.[answer.answer].push(answer.userId);
    if (!seen.has(answer.userId)) respondents.push(answer.userId);
    seen.add(answer.userId);
  }
  const order = new Map(options.map((option, index) => [option.id, index]));
  const mine = answers.filter((answer) => answer.userId === viewerId).sort((a, b) => order.get(a.optionId)! - order.get(b.optionId)!);
  return {
    ...stateOf(row, options),
    options: options.map((option) => {
      const grid = byOption.get(option.id)!;
      return { optionId: option.id, startsAt: option.startsAt, endsAt: option.endsAt, yes: grid.yes, ifNeedBe: grid.ifNeedBe, no: grid.no };
    }),
    myAnswers: answersByOption(mine),
    respondents: respondents.map((userId) => ({ userId, name: names.get(userId) ?? '' })),
    notAnswered,
  };
}
