import type { Language } from '../../shared/constants';

const MINUTES_A_DAY = 24 * 60;

/** Whole minutes in words, two units at most: "3 days 4 hours", "5 hours 20 minutes", "12 minutes". */
export function durationInWords(minutes: number, language: Language): string {
  const days = Math.floor(minutes / MINUTES_A_DAY);
  const hours = Math.floor((minutes % MINUTES_A_DAY) / 60);
  const rest = minutes % 60;
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts =
    days > 0
      ? [unit(days, 'day'), hours > 0 && unit(hours, 'hour')]
      : hours > 0
        ? [unit(hours, 'hour'), rest > 0 && unit(rest, 'minute')]
        : [unit(rest, 'minute')];
  return parts.filter(Boolean).join(' ');
}
