import { describe, expect, it } from 'vitest';
import type { DatePoll } from '../../../shared/api/date-polls';
import { bestOptionIds, namesOf, takesAnswers, withAnswered } from './date-poll-grid';

const option = (optionId: number, yes: string[], ifNeedBe: string[] = [], no: string[] = []) => ({
  optionId,
  startsAt: `2030-01-0${optionId}T18:00:00.000Z`,
  endsAt: null,
  yes,
  ifNeedBe,
  no,
});

function poll(options: DatePoll['options'], respondents: DatePoll['respondents'] = []): DatePoll {
  return {
    datePollId: 1,
    title: 'January',
    options,
    closesAt: null,
    isClosed: false,
    isCancelled: false,
    pickedOptionId: null,
    meetingId: null,
    place: null,
    onlineUrl: null,
    bookId: null,
    remindedOn: null,
    ownerId: 'mod',
    createdOn: '2029-12-01T00:00:00.000Z',
    modifiedOn: '2029-12-01T00:00:00.000Z',
    version: 3,
    myAnswers: {},
    respondents,
    notAnswered: null,
  };
}

describe('the best dates', () => {
  it('are those with most yes', () => {
    expect(bestOptionIds([option(1, ['a']), option(2, ['a', 'b']), option(3, ['b'])])).toEqual(new Set([2]));
  });

  it('among equal yes, those with most "if need be"', () => {
    expect(bestOptionIds([option(1, ['a'], ['b']), option(2, ['b'], ['a', 'c']), option(3, ['c'])])).toEqual(new Set([2]));
  });

  it('are all marked when they tie on both', () => {
    expect(bestOptionIds([option(1, ['a'], ['b']), option(2, ['b'], ['a']), option(3, [], ['a', 'b'])])).toEqual(new Set([1, 2]));
  });

  it('count "if need be" when no one said yes, and are none when everyone said no (or no one answered)', () => {
    expect(bestOptionIds([option(1, [], ['a']), option(2, [], [], ['a'])])).toEqual(new Set([1]));
    expect(bestOptionIds([option(1, [], [], ['a']), option(2, [])])).toEqual(new Set());
  });
});

describe("a member's answers pushed live", () => {
  const before = poll(
    [option(1, ['bea'], ['cyril']), option(2, [], [], ['bea'])],
    [
      { userId: 'bea', name: 'Bea' },
      { userId: 'cyril', name: 'Cyril' },
    ],
  );

  it('replace theirs in every row and keep the rows in date order', () => {
    const after = withAnswered(before, { datePollId: 1, version: 4, userId: 'bea', name: 'Bea', answers: { 1: 'no', 2: 'yes' } }, 'cyril');
    expect(after.options.map((o) => [o.optionId, o.yes, o.ifNeedBe, o.no])).toEqual([
      [1, [], ['cyril'], ['bea']],
      [2, ['bea'], [], []],
    ]);
    expect(after.version).toBe(4);
    expect(after.myAnswers).toEqual({});
  });

  it("add a new respondent by name, and are the viewer's own when they come from another tab", () => {
    const after = withAnswered(before, { datePollId: 1, version: 4, userId: 'dana', name: 'Dana', answers: { 2: 'ifNeedBe' } }, 'dana');
    expect(namesOf(after, after.options[1]!.ifNeedBe)).toEqual(['Dana']);
    expect(after.myAnswers).toEqual({ 2: 'ifNeedBe' });
  });

  it('with nothing answered, take the member out of the respondents', () => {
    const after = withAnswered(before, { datePollId: 1, version: 4, userId: 'bea', name: 'Bea', answers: {} }, undefined);
    expect(after.respondents.map((r) => r.userId)).toEqual(['cyril']);
    expect(after.options[0]!.yes).toEqual([]);
  });
});

describe('answers are taken', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  it('while the poll is open and before its deadline', () => {
    expect(takesAnswers({ isClosed: false, closesAt: null }, now)).toBe(true);
    expect(takesAnswers({ isClosed: false, closesAt: '2030-01-01T13:00:00Z' }, now)).toBe(true);
    expect(takesAnswers({ isClosed: false, closesAt: '2030-01-01T12:00:00Z' }, now)).toBe(false);
    expect(takesAnswers({ isClosed: true, closesAt: null }, now)).toBe(false);
  });
});
