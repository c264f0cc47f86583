import { currentLanguage } from './i18n';

/** A date as the member's language writes it ("22 Nov 2026" / "22. 11. 2026"); the input is ISO 8601. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(date);
}
