import { describe, expect, it } from 'vitest';
import type { DatePoll } from '../../../shared/api/date-polls';
import { checkDatePoll, datePollInputOf, emptyDatePollForm, nextOption, valuesFromPoll, type DatePollFormValues } from './date-poll-form';

const now = new Date('2030-01-01T12:00:00Z');

function form(rows: [string, string, string?][], extra: Partial<DatePollFormValues> = {}): DatePollFormValues {
  const values = emptyDatePollForm(null);
  return {
    ...values,
    title: 'January',
    options: rows.map(([date, startTime, endTime = '']) => ({ ...nextOption(undefined), date, startTime, endTime })),
    ...extra,
  };
}

describe('the date poll form', () => {
  it('sends each row as an instant in the moderator’s zone', () => {
    const check = checkDatePoll(
      form([
        ['2030-01-10', '19:00', '21:00'],
        ['2030-01-11', '18:30'],
      ]),
      now,
    );
    expect(check.ok && check.sent.options.map((o) => [Date.parse(o.startsAt), o.endsAt ? Date.parse(o.endsAt) : null])).toEqual([
      [new Date(2030, 0, 10, 19).getTime(), new Date(2030, 0, 10, 21).getTime()],
      [new Date(2030, 0, 11, 18, 30).getTime(), null],
    ]);
  });

  it('asks what the server asks: a start for each row, two to thirty, ahead, not alike, ending after they start', () => {
    expect(
      checkDatePoll(
        form([
          ['2030-01-10', '19:00'],
          ['', ''],
        ]),
        now,
      ),
    ).toMatchObject({ ok: false, errors: { 'options.1.date': 'validation:datePollStartRequired' } });
    expect(checkDatePoll(form([['2030-01-10', '19:00']]), now)).toMatchObject({ ok: false, errors: { options: 'validation:datePollOptionsCount' } });
    expect(
      checkDatePoll(
        form([
          ['2029-12-31', '19:00'],
          ['2030-01-10', '19:00'],
        ]),
        now,
      ),
    ).toMatchObject({ ok: false, errors: { options: 'validation:datePollOptionPast' } });
    expect(
      checkDatePoll(
        form([
          ['2030-01-10', '19:00'],
          ['2030-01-10', '19:00'],
        ]),
        now,
      ),
    ).toMatchObject({ ok: false, errors: { options: 'validation:datePollOptionsAlike' } });
    expect(
      checkDatePoll(
        form([
          ['2030-01-10', '19:00', '18:00'],
          ['2030-01-11', '19:00'],
        ]),
        now,
      ),
    ).toMatchObject({
      ok: false,
      errors: { options: 'validation:datePollOptionEndBeforeStart' },
    });
    expect(
      checkDatePoll(
        form(
          [
            ['2030-01-10', '19:00'],
            ['2030-01-11', '19:00'],
          ],
          { closesAt: '2029-12-31T10:00' },
        ),
        now,
      ),
    ).toMatchObject({
      ok: false,
      errors: { closesAt: 'validation:deadlinePast' },
    });
  });

  it('on an edit, keeps a date whose times stay (with its answers, even once begun) and sends a moved one as new', () => {
    const original = {
      title: 'January',
      options: [
        { optionId: 7, startsAt: '2029-12-31T18:00:00.000Z', endsAt: null, yes: [], ifNeedBe: [], no: [] },
        { optionId: 8, startsAt: '2030-01-10T18:00:00.000Z', endsAt: '2030-01-10T20:00:00.000Z', yes: [], ifNeedBe: [], no: [] },
      ],
      closesAt: null,
      place: 'Café Verne',
      onlineUrl: null,
      bookId: null,
    } as unknown as DatePoll;
    const values = valuesFromPoll(original);
    values.options[1] = { ...values.options[1]!, startTime: '17:00' };
    const sent = datePollInputOf(values);
    expect(sent.options.map((o) => o.optionId ?? null)).toEqual([7, null]);
    expect(checkDatePoll(values, now).ok).toBe(true);
  });

  it('adds a row with the last one’s hours, a day later', () => {
    const next = nextOption({ ...nextOption(undefined), date: '2030-01-31', startTime: '19:00', endTime: '21:00' });
    expect([next.date, next.startTime, next.endTime]).toEqual(['2030-02-01', '19:00', '21:00']);
  });
});
