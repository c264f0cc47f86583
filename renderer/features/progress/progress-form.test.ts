import { describe, expect, it } from 'vitest';
import type { ProgressEntry } from '../../../shared/api/progress';
import { describeProgress, progressChecks, valuesFromProgress } from './progress-form';

// The catalogue keys themselves, so the checks' messages can be read without a language.
const checks = progressChecks((key) => key);
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

const entry = (where: Partial<ProgressEntry>): ProgressEntry => ({
  userId: 'u1',
  name: 'Ann',
  page: null,
  percent: null,
  finished: false,
  shared: false,
  updatedOn: '2026-11-01T10:00:00.000Z',
  ...where,
});

describe('the progress form', () => {
  it('sends only the chosen way of saying where, and whether the club sees it', () => {
    expect(checks.transformValues({ kind: 'page', page: ' 120 ', percent: '40', shared: false })).toEqual({ page: 120, shared: false });
    expect(checks.transformValues({ kind: 'percent', page: '120', percent: '40', shared: true })).toEqual({ percent: 40, shared: true });
    expect(checks.transformValues({ kind: 'finished', page: 'x', percent: '', shared: true })).toEqual({ finished: true, shared: true });
  });

  it("refuses a page or a percentage out of range on its own field, with the shared schema's words", () => {
    expect(checks.validate({ kind: 'page', page: '0', percent: '', shared: false })).toEqual({ page: 'validation:progressPageInvalid' });
    expect(checks.validate({ kind: 'page', page: '', percent: '', shared: false })).toEqual({ page: 'validation:progressPageInvalid' });
    expect(checks.validate({ kind: 'percent', page: '', percent: '101', shared: false })).toEqual({ percent: 'validation:progressPercentInvalid' });
  });

  it("starts from the member's entry, and from a page, not shared, without one", () => {
    expect(valuesFromProgress(null)).toEqual({ kind: 'page', page: '', percent: '', shared: false });
    expect(valuesFromProgress(entry({ percent: 30, shared: true }))).toEqual({ kind: 'percent', page: '', percent: '30', shared: true });
    expect(valuesFromProgress(entry({ finished: true }))).toMatchObject({ kind: 'finished' });
  });
});

describe('where an entry is, in words and as a bar', () => {
  it("says finished, a percentage, or a page of the book's pages", () => {
    expect(describeProgress(entry({ finished: true }), 300, t, 'en')).toEqual({ text: 'progress:where.finished', bar: 100 });
    expect(describeProgress(entry({ percent: 45 }), null, t, 'en')).toEqual({ text: 'progress:where.percent {"percent":"45%"}', bar: 45 });
    expect(describeProgress(entry({ page: 150 }), 300, t, 'sk')).toEqual({
      text: 'progress:where.pageOf {"page":150,"pageCount":300,"percent":"50\u00a0%"}',
      bar: 50,
    });
  });

  it('has no bar for a page of a book whose page count is unknown', () => {
    expect(describeProgress(entry({ page: 150 }), null, t, 'en')).toEqual({ text: 'progress:where.page {"page":150}', bar: null });
  });
});
