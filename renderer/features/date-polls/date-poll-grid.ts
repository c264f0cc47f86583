import type { DatePoll, DatePollAnswer, DatePollOption } from '../../../shared/api/date-polls';
import type { DatePollAnswered } from '../../../shared/events';

/**
 * The best dates: most yes, then most "if need be" among those. Only marked, never moved: the grid keeps date
 * order so nothing shifts under a finger or the keyboard's focus. No answers yet (nothing but no) marks none.
 */
export function bestOptionIds(options: readonly Pick<DatePollOption, 'optionId' | 'yes' | 'ifNeedBe'>[]): Set<number> {
  let mostYes = 0;
  for (const option of options) mostYes = Math.max(mostYes, option.yes.length);
  const leaders = options.filter((option) => option.yes.length === mostYes);
  let mostIfNeedBe = 0;
  for (const option of leaders) mostIfNeedBe = Math.max(mostIfNeedBe, option.ifNeedBe.length);
  if (mostYes === 0 && mostIfNeedBe === 0) return new Set();
  return new Set(leaders.filter((option) => option.ifNeedBe.length === mostIfNeedBe).map((option) => option.optionId));
}

/** Who answered an option `answer`, by name, in the order they first answered the poll. */
export function namesOf(poll: Pick<DatePoll, 'respondents'>, userIds: readonly string[]): string[] {
  const ids = new Set(userIds);
  return poll.respondents.filter((respondent) => ids.has(respondent.userId)).map((respondent) => respondent.name);
}

/**
 * One member's answers as a DatePollAnswered event carries them, replacing theirs in the grid: the only change
 * a push makes to a poll's answers (the grid is read once). The viewer's own (from another tab) become theirs.
 */
export function withAnswered(poll: DatePoll, event: DatePollAnswered, viewerId: string | undefined): DatePoll {
  const { userId, answers } = event;
  const answered = Object.keys(answers).length > 0;
  const options = poll.options.map((option) => {
    const next: Record<DatePollAnswer, string[]> = {
      yes: option.yes.filter((id) => id !== userId),
      ifNeedBe: option.ifNeedBe.filter((id) => id !== userId),
      no: option.no.filter((id) => id !== userId),
    };
    const answer = answers[String(option.optionId)];
    if (answer) next[answer].push(userId);
    return { ...option, ...next };
  });
  const known = poll.respondents.some((respondent) => respondent.userId === userId);
  let respondents = poll.respondents;
  if (answered && !known) respondents = [...respondents, { userId, name: event.name }];
  else if (!answered) respondents = respondents.filter((respondent) => respondent.userId !== userId);
  return {
    ...poll,
    options,
    respondents,
    notAnswered: poll.notAnswered && (answered ? poll.notAnswered.filter((member) => member.userId !== userId) : poll.notAnswered),
    myAnswers: userId === viewerId ? answers : poll.myAnswers,
    version: event.version,
  };
}

/** The poll takes answers: open (not picked or cancelled) and before its deadline. */
export function takesAnswers(poll: Pick<DatePoll, 'isClosed' | 'closesAt'>, now: Date): boolean {
  return !poll.isClosed && (poll.closesAt === null || Date.parse(poll.closesAt) > now.getTime());
}
