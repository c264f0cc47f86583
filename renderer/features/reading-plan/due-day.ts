/**
 * A part's due day as the schedule editor holds it (`2026-12-18`, as `<input type="date">` does) and as the
 * API keeps it: the end of that day (DECISIONS.md "Reading together"). The renderer does not know the club's
 * time zone (TIME_ZONE is the server's), so the day ends in the moderator's own zone, which is the club's for
 * a moderator who lives where the club meets.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The parts of a typed day, or null when it names no real day (31 February). */
function partsOf(day: string): [number, number, number] | null {
  const match = DAY.exec(day.trim());
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return [year, month, date];
}

/** A date as the date input holds it, in this browser's zone. */
export function dayOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last moment of a day in this browser's zone, as the API takes it; null for what names no day. */
export function endOfDay(day: string): string | null {
  const parts = partsOf(day);
  if (!parts) return null;
  return new Date(parts[0], parts[1] - 1, parts[2], 23, 59, 59).toISOString();
}

/** The day a due instant falls on, in this browser's zone. */
export function dueDayOf(dueOn: string): string {
  return dayOf(new Date(dueOn));
}

/** A day `count` days after another (calendar days: a clock change in between changes nothing). */
export function addDays(day: string, count: number): string {
  const parts = partsOf(day);
  if (!parts) return day;
  const date = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2]) + count * DAY_MS);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** How many calendar days from one day to another (negative when it is before); null when either is no day. */
export function daysBetween(from: string, to: string): number | null {
  const a = partsOf(from);
  const b = partsOf(to);
  if (!a || !b) return null;
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / DAY_MS);
}
