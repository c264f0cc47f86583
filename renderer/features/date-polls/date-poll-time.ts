import { currentLanguage } from '../../lib/i18n';

/**
 * A poll's dates travel as instants; each reader sees them in their own time zone, named, and a moderator
 * enters them in theirs. `timeZone` is a parameter so the tests can read any zone.
 */

/** This browser's time zone (IANA: "Europe/Bratislava"). */
export function readerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A zone as a person reads it: its place and its name then ("Europe/Bratislava, Central European Standard Time"). */
export function zoneLabel(timeZone: string, at: Date = new Date(), language: string = currentLanguage()): string {
  const name = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'long' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const place = timeZone.replace(/_/g, ' ');
  return name && name !== place ? `${place}, ${name}` : place;
}

/** A date's day as the language writes it, in the zone ("Thu, 10 Dec" / "št 10. 12."). */
export function optionDay(startsAt: string, timeZone: string, language: string = currentLanguage()): string {
  return new Intl.DateTimeFormat(language, { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(startsAt));
}

/** A date's hours in the zone, with the zone's short name ("19:00–21:00 CET"); the start alone when it has no end. */
export function optionHours(option: { startsAt: string; endsAt: string | null }, timeZone: string, language: string = currentLanguage()): string {
  const format = new Intl.DateTimeFormat(language, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const starts = new Date(option.startsAt);
  return option.endsAt ? format.formatRange(starts, new Date(option.endsAt)) : format.format(starts);
}

/** A date whole, for a select or a sentence ("Thu, 10 Dec, 19:00–21:00 CET"). */
export function optionWhen(option: { startsAt: string; endsAt: string | null }, timeZone: string, language: string = currentLanguage()): string {
  return `${optionDay(option.startsAt, timeZone, language)}, ${optionHours(option, timeZone, language)}`;
}

/** A deadline as the language writes it, in the zone ("10 Dec 2026, 18:00 CET"). */
export function momentLabel(iso: string, timeZone: string, language: string = currentLanguage()): string {
  return (
    new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) +
    ` ${new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')?.value ?? ''}`.trimEnd()
  );
}
