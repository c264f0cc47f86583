import type { FormCheck } from '../../lib/form-errors';

/** A moment as `<input type="datetime-local">` writes it, in this browser's time zone ("2026-12-01T19:00"). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a datetime-local input holds, as the API takes it (UTC); null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * A deadline as a form takes it (datetime-local, the reader's time zone): empty is none (when `required`
 * is false), else a moment ahead of `now`. Catalogue keys, as the server's own checks answer them.
 */
export function deadlineCheck(required: boolean, now: () => number = Date.now) {
  return ({ closesAt }: { closesAt: string }): FormCheck<{ closesAt: string | null }> => {
    if (!closesAt.trim()) return required ? { ok: false, errors: { closesAt: 'validation:dateTimeInvalid' } } : { ok: true, sent: { closesAt: null } };
    const iso = fromLocalInput(closesAt);
    if (!iso) return { ok: false, errors: { closesAt: 'validation:dateTimeInvalid' } };
    if (Date.parse(iso) <= now()) return { ok: false, errors: { closesAt: 'validation:deadlinePast' } };
    return { ok: true, sent: { closesAt: iso } };
  };
}
