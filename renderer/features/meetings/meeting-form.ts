import type { FormErrors } from '@mantine/form';
import { meetingProblems, newMeetingSchema, type Meeting, type MeetingChanges, type NewMeeting, type NewMeetingInput } from '../../../shared/api/meetings';
import { schemaChecks, translatedErrors, type Translate } from '../../lib/form-errors';
import { instantOf, localDateOf, localTimeOf } from '../../lib/local-time';

/** The meeting form: the day and times in the reader's own zone, where, about which book, and notes. */
export interface MeetingFormValues {
  date: string;
  startTime: string;
  /** The end on the same day; empty for none. */
  endTime: string;
  place: string;
  onlineUrl: string;
  /** The book's id as the select holds it; empty for none. */
  bookId: string;
  notes: string;
}

/** Where the API's fields show on the form: a start is the day and time together, and the day shows why. */
export const MEETING_FIELD_OF: Record<string, string> = { startsAt: 'date', endsAt: 'endTime' };

/** A new meeting: nothing chosen yet but the club's current book. */
export function emptyMeetingForm(currentBookId: number | null): MeetingFormValues {
  return { date: '', startTime: '', endTime: '', place: '', onlineUrl: '', bookId: currentBookId ? String(currentBookId) : '', notes: '' };
}

/** A meeting to change fills the form, its times in the reader's zone. */
export function valuesFromMeeting(meeting: Meeting): MeetingFormValues {
  const starts = new Date(meeting.startsAt);
  return {
    date: localDateOf(starts),
    startTime: localTimeOf(starts),
    endTime: meeting.endsAt ? localTimeOf(new Date(meeting.endsAt)) : '',
    place: meeting.place ?? '',
    onlineUrl: meeting.onlineUrl ?? '',
    bookId: meeting.bookId ? String(meeting.bookId) : '',
    notes: meeting.notes ?? '',
  };
}

/**
 * What the form asks the API for. A day or time that names no moment is sent as typed, so the schema says
 * why; an end before the start on the same day stays that (the shared rule refuses it).
 */
export function meetingInputOf(values: MeetingFormValues): NewMeetingInput {
  const typedStart = values.date.trim() || values.startTime.trim() ? `${values.date}T${values.startTime}` : '';
  const endsAt = values.endTime.trim() ? (instantOf(values.date, values.endTime) ?? `${values.date}T${values.endTime}`) : null;
  return {
    // Nothing typed is a missing start (the schema then asks for one), not a malformed one.
    startsAt: (instantOf(values.date, values.startTime) ?? (typedStart || undefined)) as string,
    endsAt,
    place: values.place,
    onlineUrl: values.onlineUrl,
    bookId: values.bookId,
    notes: values.notes,
  };
}

/**
 * The form's comfort checks: the contract's schema, then the rules the server keeps for a whole meeting
 * (`meetingProblems`: ahead, ends after it starts, somewhere to be). Editing a meeting whose start stays is
 * not refused for having begun. What is sent for a change leaves out a start that did not change.
 */
export function meetingChecks(t: Translate, original: Meeting | null, now: () => Date = () => new Date()) {
  const schema = schemaChecks(newMeetingSchema, t, { input: meetingInputOf, fieldOf: MEETING_FIELD_OF });
  return {
    validate(values: MeetingFormValues): FormErrors {
      const errors = schema.validate(values);
      if (Object.keys(errors).length > 0) return errors;
      const sent = newMeetingSchema.parse(meetingInputOf(values));
      const plan = { startsAt: sent.startsAt, endsAt: sent.endsAt ?? null, place: sent.place ?? null, onlineUrl: sent.onlineUrl ?? null };
      const startChanged = !original || Date.parse(original.startsAt) !== Date.parse(sent.startsAt);
      return translatedErrors(meetingProblems(plan, now(), { startChanged }), t, MEETING_FIELD_OF);
    },
    transformValues(values: MeetingFormValues): NewMeeting {
      return newMeetingSchema.parse(meetingInputOf(values));
    },
  };
}

/** A change sends every field, but the start only when it moved (a begun meeting keeps its start). */
export function meetingChangesOf(sent: NewMeeting, original: Meeting): MeetingChanges {
  const { startsAt, ...rest } = sent;
  const changes: MeetingChanges = { ...rest, endsAt: rest.endsAt ?? null };
  return Date.parse(startsAt) === Date.parse(original.startsAt) ? changes : { ...changes, startsAt };
}
