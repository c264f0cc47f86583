import { describe, expect, it } from 'vitest';
import { latestPublicationYear, postFieldsSchema, postUpdateSchema, YEAR_MIN } from './discussions';
import { recommendationFieldsSchema, recommendationUpdateSchema } from './recommendations';

const yearOf = (input: Record<string, unknown>) => {
  const parsed = postFieldsSchema.safeParse({ title: 'Dune', ...input });
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return 'year' in parsed.data ? parsed.data.year : 'absent';
};

describe("a book's publication year as posts and recommendations take it", () => {
  it('is a whole number, also as a numeric string, from 3000 BC to next year', () => {
    expect(yearOf({ year: 1965 })).toBe(1965);
    expect(yearOf({ year: ' 1965 ' })).toBe(1965);
    expect(yearOf({ year: '-750' })).toBe(-750);
    expect(yearOf({ year: YEAR_MIN })).toBe(YEAR_MIN);
    expect(yearOf({ year: latestPublicationYear() })).toBe(latestPublicationYear());
    expect(latestPublicationYear(new Date('2026-12-31T23:59:59Z'))).toBe(2027);
  });

  it('null and an empty field are no year; an absent one stays absent, so an edit can keep the stored year', () => {
    expect(yearOf({ year: null })).toBeNull();
    expect(yearOf({ year: '' })).toBeNull();
    expect(yearOf({})).toBe('absent');
    const edit = postUpdateSchema.parse({ postId: 2, title: 'Dune' });
    expect(edit.year).toBeUndefined();
  });

  it('refuses anything else with its own message', () => {
    for (const year of [YEAR_MIN - 1, latestPublicationYear() + 1, 1965.5, 1e12, '19x5', '1e3', '0x7B', 'soon', true, [1965], {}])
      expect(yearOf({ year }), JSON.stringify(year)).toEqual(['year: validation:yearInvalid']);
  });

  it('recommendations take it alike', () => {
    expect(recommendationFieldsSchema.parse({ title: 'Stoner', year: '1965' }).year).toBe(1965);
    expect(recommendationUpdateSchema.parse({ recommendationId: 1, title: 'Stoner' }).year).toBeUndefined();
    expect(recommendationFieldsSchema.safeParse({ title: 'Stoner', year: 99999 }).success).toBe(false);
  });
});
