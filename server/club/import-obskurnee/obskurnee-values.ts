/**
 * Reading Obskurnee's column values. An old or hand-edited database may hold any type in any column, so
 * each reader answers null (or false) for what is not the value it expects, rather than trusting it.
 */

export type Row = Record<string, unknown>;

export const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
export const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : typeof value === 'bigint' ? Number(value) : null;
export const bool = (value: unknown): boolean => value === 1 || value === true || value === '1' || value === 1n;

/** Obskurnee's own pictures, served from its Images table; names are letters, digits, dots and dashes. */
const IMAGE_PATH = /^\/images\/([\w-][\w.-]*)$/;

/** The file name of one of Obskurnee's own pictures ("/images/<file>"), or undefined for any other link. */
export function pictureName(url: string | null): string | undefined {
  return url ? IMAGE_PATH.exec(url)?.[1] : undefined;
}

/** Newtonsoft's JSON as Obskurnee wrote it: null for no text, undefined for text that is no JSON. */
export function json(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** A property of Newtonsoft's JSON, whose names are compared without regard to case. */
export function field(object: unknown, name: string): unknown {
  if (!object || typeof object !== 'object') return undefined;
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (object as Record<string, unknown>)[key];
}

/** An enum Obskurnee stored as its number, or (in JSON) as its name in any case. */
export function enumName<T extends string>(names: readonly T[], value: unknown): T | null {
  if (typeof value === 'number') return names[value] ?? null;
  if (typeof value === 'string') return names.find((name) => name.toLowerCase() === value.toLowerCase()) ?? null;
  return null;
}
