import type { z } from 'zod';
import {
  datePollPickSchema,
  datePollProblems,
  newDatePollSchema,
  type DatePoll,
  type DatePollChanges,
  type NewDatePoll,
  type NewDatePollInput,
} from '../../../shared/api/date-polls';
import { checkedForm, type FormCheck, type Translate } from '../../lib/form-errors';
import { instantOf, localDateOf, localTimeOf } from '../../lib/local-time';

/** One proposed date as the form holds it: a day and hours in the moderator's own zone. */
export interface OptionValues {
  /** React's key for the row (rows are added and removed). */
  key: string;
  /** The kept option's id on an edit, with the instants it had: unchanged times keep its answers. */
  optionId: number | null;
  original: { startsAt: string; endsAt: string | null } | null;
  date: string;
  startTime: string;
  /** The end on the same day; empty for none. */
  endTime: string;
}

export interface DatePollFormValues {
  title: string;
  options: OptionValues[];
  /** `<input type="datetime-local">`'s value, in the moderator's zone; empty for none. */
  closesAt: string;
  place: string;
  onlineUrl: string;
  bookId: string;
}

let keys = 0;
const nextKey = () => `option-${++keys}`;

export function emptyOption(date = '', startTime = '', endTime = ''): OptionValues {
  return { key: nextKey(), optionId: null, original: null, date, startTime, endTime };
}

/** The row "Add a date" makes: the last one's hours, a day later, so a week of evenings is quick to propose. */
export function nextOption(last: OptionValues | undefined): OptionValues {
  if (!last) return emptyOption();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(last.date) ? new Date(`${last.date}T12:00:00`) : null;
  if (day) day.setDate(day.getDate() + 1);
  return emptyOption(day ? localDateOf(day) : '', last.startTime, last.endTime);
}

export function emptyDatePollForm(bookId: number | null): DatePollFormValues {
  return { title: '', options: [emptyOption(), emptyOption()], closesAt: '', place: '', onlineUrl: '', bookId: bookId ? String(bookId) : '' };
}

/** A poll to edit fills the form, its times in the moderator's zone. */
export function valuesFromPoll(poll: DatePoll): DatePollFormValues {
  const local = (iso: string) => ({ date: localDateOf(new Date(iso)), time: localTimeOf(new Date(iso)) });
  return {
    title: poll.title,
    options: poll.options.map((option) => ({
      key: nextKey(),
      optionId: option.optionId,
      original: { startsAt: option.startsAt, endsAt: option.endsAt },
      date: local(option.startsAt).date,
      startTime: local(option.startsAt).time,
      endTime: option.endsAt ? local(option.endsAt).time : '',
    })),
    closesAt: poll.closesAt ? `${local(poll.closesAt).date}T${local(poll.closesAt).time}` : '',
    place: poll.place ?? '',
    onlineUrl: poll.onlineUrl ?? '',
    bookId: poll.bookId ? String(poll.bookId) : '',
  };
}

const sameInstant = (a: string | null | undefined, b: string | null | undefined) => (a && b ? Date.parse(a) === Date.parse(b) : !a && !b);

/** What the form asks the API for: a day or time that names no moment is sent as typed, so the schema says why. */
export function datePollInputOf(values: DatePollFormValues): NewDatePollInput {
  const [closesDate = '', closesTime = ''] = values.closesAt.split('T');
  return {
    title: values.title,
    options: values.options.map((option) => {
      const typed = option.date.trim() || option.startTime.trim() ? `${option.date}T${option.startTime}` : '';
      const startsAt = (instantOf(option.date, option.startTime) ?? (typed || undefined)) as string;
      const endsAt = option.endTime.trim() ? (instantOf(option.date, option.endTime) ?? `${option.date}T${option.endTime}`) : null;
      const kept =
        option.optionId !== null && option.original && sameInstant(startsAt, option.original.startsAt) && sameInstant(endsAt, option.original.endsAt);
      return kept ? { optionId: option.optionId, startsAt, endsAt } : { startsAt, endsAt };
    }),
    closesAt: values.closesAt.trim() ? (instantOf(closesDate, closesTime) ?? values.closesAt) : null,
    place: values.place,
    onlineUrl: values.onlineUrl,
    bookId: values.bookId,
  };
}

/** The schema's path to the form's input: a date's start shows on its day, its end on its end time. */
function fieldOfPath(path: readonly PropertyKey[]): string {
  if (path[0] === 'options' && typeof path[1] === 'number') return `options.${path[1]}.${path[2] === 'endsAt' ? 'endTime' : 'date'}`;
  return String(path[0] ?? 'title');
}

/**
 * The form's comfort checks: the contract's schema (each message beside its row), then the rules the server
 * keeps for a poll's dates (`datePollProblems`: ahead, ending after they start, no two alike; a deadline
 * ahead). A kept date whose times did not change is not refused for having begun.
 */
export function checkDatePoll(values: DatePollFormValues, now: Date): FormCheck<NewDatePoll> {
  const parsed = newDatePollSchema.safeParse(datePollInputOf(values));
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error.issues) };
  const sent = parsed.data;
  const problems = datePollProblems(
    {
      options: sent.options.map((option) => ({ startsAt: option.startsAt, endsAt: option.endsAt ?? null, unchanged: option.optionId != null })),
      closesAt: sent.closesAt ?? null,
    },
    now,
  );
  return Object.keys(problems).length > 0 ? { ok: false, errors: problems } : { ok: true, sent };
}

function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[fieldOfPath(issue.path)] ??= issue.message;
  return errors;
}

export function datePollChecks(t: Translate, now: () => Date = () => new Date()) {
  return checkedForm((values: DatePollFormValues) => checkDatePoll(values, now()), t);
}

/** An edit sends every field; `options` with the kept ones' ids. */
export function datePollChangesOf(sent: NewDatePoll): DatePollChanges {
  return { ...sent, closesAt: sent.closesAt ?? null, bookId: sent.bookId ?? null };
}

/** The pick: which date, and a place or link when the poll has neither. */
export interface PickValues {
  optionId: string;
  place: string;
  onlineUrl: string;
}

export function checkPick(values: PickValues): FormCheck<z.output<typeof datePollPickSchema>> {
  const parsed = datePollPickSchema.safeParse(values);
  return parsed.success ? { ok: true, sent: parsed.data } : { ok: false, errors: issuesByField(parsed.error.issues) };
}
