import crypto from 'node:crypto';

/** Stands for a shared part in the text JSON.stringify makes; a string no answer holds (a NUL and a random tail). */
const MARK = `\u0000${crypto.randomBytes(8).toString('hex')}`;
const MARKED = JSON.stringify(MARK);

/** Each shared part's JSON, for as long as the part lives. */
const serialisedParts = new WeakMap<object, Buffer>();

/**
 * The JSON of `value` (as JSON.stringify writes it), in which the parts named in `shared` are serialised
 * once for as long as they live and spliced in as bytes. For answers that come in many states with large
 * parts in common: a 1,000-member poll is some 160 KB of JSON, of which its options and its members (the
 * same objects from one ballot to the next) are most, while its voters and counts change with each batch
 * of a storm's ballots.
 */
export function splicedJson(value: unknown, shared: ReadonlySet<object>): Buffer {
  const parts: Buffer[] = [];
  const text = JSON.stringify(value, (_key, part: unknown) => {
    if (typeof part !== 'object' || part === null || !shared.has(part)) return part;
    let json = serialisedParts.get(part);
    if (!json) serialisedParts.set(part, (json = Buffer.from(JSON.stringify(part))));
    parts.push(json);
    return MARK;
  });
  const pieces = text.split(MARKED);
  return Buffer.concat(pieces.flatMap((piece, i) => (i < parts.length ? [Buffer.from(piece), parts[i]!] : [Buffer.from(piece)])));
}
