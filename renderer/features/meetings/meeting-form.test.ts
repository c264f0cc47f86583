import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting } from '../../../shared/api/meetings';
import { emptyMeetingForm, meetingChangesOf, meetingChecks, valuesFromMeeting, type MeetingFormValues } from './meeting-form';

const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Bratislava';
});
afterAll(() => {
  // Assigning undefined would leave TZ="undefined", a zone no one knows, to the test files after this one.
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const t = (key: string) => key;
const now = () => new Date('2026-12-01T12:00:00Z');
const filled = (overrides: Partial<MeetingFormValues> = {}): MeetingFormValues => ({
  ...emptyMeetingForm(4),
  date: '2026-12-03',
  startTime: '19:00',
  place: 'The library café',
  ...overrides,
});

describe('the meeting form', () => {
  it('starts with the club’s current book chosen', () => {
    expect(emptyMeetingForm(4).bookId).toBe('4');
    expect(emptyMeetingForm(null).bookId).toBe('');
  });

  it('sends the day and times as instants in the reader’s zone', () => {
    const sent = meetingChecks(t, null, now).transformValues(filled({ endTime: '21:00' }));
    expect(sent).toMatchObject({
      startsAt: '2026-12-03T18:00:00.000Z',
      endsAt: '2026-12-03T20:00:00.000Z',
      place: 'The library café',
      onlineUrl: null,
      bookId: 4,
    });
  });

  it('asks for a start, a future start, an end after it, and a place or a link, as the server does', () => {
    const { validate } = meetingChecks(t, null, now);
    expect(validate(filled({ date: '', startTime: '' }))).toEqual({ date: 'validation:meetingStartRequired' });
    expect(validate(filled({ date: '2026-11-30' }))).toEqual({ date: 'validation:meetingStartPast' });
    expect(validate(filled({ endTime: '18:00' }))).toEqual({ endTime: 'validation:meetingEndBeforeStart' });
    expect(validate(filled({ place: '  ' }))).toEqual({ place: 'validation:meetingPlaceRequired' });
    expect(validate(filled({ place: '', onlineUrl: 'not a link' }))).toHaveProperty('onlineUrl', 'validation:linkInvalid');
    expect(validate(filled({ place: '', onlineUrl: 'https://meet.example/club' }))).toEqual({});
  });

  it('lets a meeting that has begun be changed as long as its start stays', () => {
    const begun = { meetingId: 1, startsAt: '2026-11-30T18:00:00.000Z', endsAt: null, place: 'Café', onlineUrl: null, bookId: null, notes: null } as Meeting;
    const values = valuesFromMeeting(begun);
    expect(values).toMatchObject({ date: '2026-11-30', startTime: '19:00', place: 'Café', bookId: '' });
    const checks = meetingChecks(t, begun, now);
    expect(checks.validate({ ...values, notes: 'Bring cake' })).toEqual({});
    const changes = meetingChangesOf(checks.transformValues({ ...values, notes: 'Bring cake' }), begun);
    expect(changes).not.toHaveProperty('startsAt');
    expect(changes).toMatchObject({ notes: 'Bring cake', endsAt: null });
    expect(checks.validate({ ...values, startTime: '20:00' })).toEqual({ date: 'validation:meetingStartPast' });
  });
});
