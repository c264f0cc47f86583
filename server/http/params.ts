import { NotFound } from './errors';

/** A positive integer id from the path; anything else names nothing, so it is a 404 with the thing's own message. */
export function idParam(value: string | undefined, notFoundKey: string): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) throw new NotFound(notFoundKey);
  return id;
}
