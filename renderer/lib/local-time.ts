/**
 * The meeting and date poll forms' date and time inputs hold the reader's own wall-clock time; the API takes an instant
 * with its offset. These turn one into the other in this browser's time zone.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** A date as `<input type="date">` holds it (`2026-03-29`), in this browser's zone. */
export function localDateOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A time as `<input type="time">` holds it (`19:30`), in this browser's zone. */
export function localTimeOf(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The instant a wall-clock date and time in this browser's zone names, as ISO 8601 with that zone's offset
 * then (`2026-03-29T19:00:00+02:00`); null when either is missing or not a real date or time. A time the
 * clocks skip (02:30 as summer time begins) is the moment after the gap, as the calendar apps take it.
 */
export function instantOf(date: string, time: string): string | null {
  const d = DATE.exec(date.trim());
  const t = TIME.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day, hours, minutes] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59) return null;
  const local = new Date(year, month - 1, day, hours, minutes);
  // 31 February rolls over into March: not a date.
  if (local.getMonth() !== month - 1 || local.getDate() !== day) return null;
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${localDateOf(local)}T${localTimeOf(local)}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
