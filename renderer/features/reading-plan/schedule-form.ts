import type { FormErrors } from '@mantine/form';
import {
  readingPlanProblems,
  readingScheduleInputSchema,
  type ReadingPart,
  type ReadingScheduleChange,
  type ReadingScheduleInput,
} from '../../../shared/api/reading-plan';
import { schemaChecks, translatedErrors, type Translate } from '../../lib/form-errors';
import { dueDayOf, endOfDay } from './due-day';
import type { SpreadPart } from './spread-evenly';

/** One row of the schedule editor: a part as typed. */
export interface ScheduleRow {
  /** React's key for the row: stays with it while rows are added and removed. */
  key: string;
  /** The part this row keeps (with its comments); null for a new one. */
  partId: number | null;
  title: string;
  /** The part's last page, as typed. */
  toPage: string;
  /** Its due day, as the date input holds it. */
  dueDay: string;
}

export interface ScheduleFormValues {
  parts: ScheduleRow[];
}

let rowCount = 0;
const nextKey = () => `row-${++rowCount}`;

/** The schedule as it is fills the editor. */
export function valuesFromSchedule(parts: readonly ReadingPart[]): ScheduleFormValues {
  return {
    parts: parts.map((part) => ({ key: nextKey(), partId: part.partId, title: part.title, toPage: String(part.toPage), dueDay: dueDayOf(part.dueOn) })),
  };
}

export function emptyRow(): ScheduleRow {
  return { key: nextKey(), partId: null, title: '', toPage: '', dueDay: '' };
}

/**
 * What "Spread evenly" proposes, as rows. The rows it replaces give their partIds to the new ones in order, so
 * a part with comments stays that part (the server refuses to drop it).
 */
export function rowsFromSpread(spread: readonly SpreadPart[], before: readonly ScheduleRow[], title: (part: SpreadPart) => string): ScheduleRow[] {
  const kept = before.filter((row) => row.partId !== null);
  return spread.map((part, index) => ({
    key: nextKey(),
    partId: kept[index]?.partId ?? null,
    title: title(part),
    toPage: String(part.toPage),
    dueDay: part.dueDay,
  }));
}

/** What the API is asked: a day that names no day is sent as typed, so the schema says why. */
export function scheduleInputOf(values: ScheduleFormValues): ReadingScheduleInput {
  return {
    parts: values.parts.map((row) => ({
      partId: row.partId ?? undefined,
      title: row.title,
      toPage: row.toPage.trim(),
      dueOn: (row.dueDay.trim() ? (endOfDay(row.dueDay) ?? row.dueDay) : undefined) as string,
    })),
  };
}

/** The schema names `parts.2.dueOn`; the editor's input is that row's `dueDay`. */
function onRows(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field.replace(/\.dueOn$/, '.dueDay'), message]));
}

/**
 * The editor's comfort checks: the contract's schema on each row, then the shared rule for a whole schedule
 * (readingPlanProblems: in order, within the book, due days increasing) on each row against the one before,
 * so the message stands beside the row that breaks it. The server checks the same again.
 */
export function scheduleChecks(t: Translate, pageCount: number | null) {
  const schema = schemaChecks(readingScheduleInputSchema, t, { input: scheduleInputOf });
  return {
    validate(values: ScheduleFormValues): FormErrors {
      const errors = onRows(schema.validate(values) as Record<string, string>);
      if (Object.keys(errors).length > 0) return errors;
      const sent = readingScheduleInputSchema.parse(scheduleInputOf(values)).parts;
      const problems: Record<string, string> = {};
      sent.forEach((part, index) => {
        const pair = index === 0 ? [part] : [sent[index - 1]!, part];
        for (const [field, key] of Object.entries(readingPlanProblems(pair, pageCount))) problems[`parts.${index}.${field}`] ??= key;
      });
      return onRows(translatedErrors(problems, t));
    },
    transformValues(values: ScheduleFormValues): ReadingScheduleChange {
      return readingScheduleInputSchema.parse(scheduleInputOf(values));
    },
  };
}
