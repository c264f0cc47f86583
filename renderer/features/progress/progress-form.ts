import { progressUpdateSchema, type ProgressEntry, type ProgressUpdateInput } from '../../../shared/api/progress';
import { progressFraction } from '../../../shared/reading-progress';
import { schemaChecks, type Translate } from '../../lib/form-errors';

export type ProgressKind = 'page' | 'percent' | 'finished';

/** The progress form: which way the member says where they are, the number for it, and whether the club sees it. */
export interface ProgressFormValues {
  kind: ProgressKind;
  page: string;
  percent: string;
  shared: boolean;
}

/** The member's entry fills the form; without one it starts at a page, not shared (the club sees nothing until asked). */
export function valuesFromProgress(mine: ProgressEntry | null): ProgressFormValues {
  if (!mine) return { kind: 'page', page: '', percent: '', shared: false };
  return {
    kind: mine.finished ? 'finished' : mine.percent !== null ? 'percent' : 'page',
    page: mine.page === null ? '' : String(mine.page),
    percent: mine.percent === null ? '' : String(mine.percent),
    shared: mine.shared,
  };
}

/** The request: only the chosen one of page, percent or finished, as typed (the shared schema reads numeric text). */
export function progressInputOf(values: ProgressFormValues): ProgressUpdateInput {
  if (values.kind === 'finished') return { finished: true, shared: values.shared };
  if (values.kind === 'percent') return { percent: values.percent.trim(), shared: values.shared };
  return { page: values.page.trim(), shared: values.shared };
}

/** The shared schema's checks, as the server applies them, on the field the member typed in. */
export function progressChecks(t: Translate) {
  return schemaChecks(progressUpdateSchema, t, { input: progressInputOf });
}

/** Where an entry is, in words ("Page 120 of 320 (38 %)", "45 % read", "Finished"), and its bar's value (0 to 100) when there is one. */
export function describeProgress(
  entry: Pick<ProgressEntry, 'page' | 'percent' | 'finished'>,
  pageCount: number | null,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): { text: string; bar: number | null } {
  const fraction = progressFraction(entry, pageCount);
  const bar = fraction === null ? null : Math.round(fraction * 100);
  const percent = (value: number) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
  if (entry.finished) return { text: t('progress:where.finished'), bar };
  if (entry.percent !== null) return { text: t('progress:where.percent', { percent: percent(entry.percent / 100) }), bar };
  if (entry.page !== null && pageCount && fraction !== null)
    return { text: t('progress:where.pageOf', { page: entry.page, pageCount, percent: percent(fraction) }), bar };
  return { text: t('progress:where.page', { page: entry.page }), bar };
}
