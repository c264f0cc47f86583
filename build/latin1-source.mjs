/**
 * esbuild writes code as ASCII but keeps the packages' comments as they are, and a few (typeorm's, socket.io's
 * JSDoc: "—", "“foo”") hold characters beyond Latin-1. Node keeps a module's source in memory, and one such
 * character makes V8 keep all of it two bytes a character: the server's 7.9 MB bundle then took 7.5 MiB
 * more of its resident memory (a club of 1,000 at start: 114.7 against 107.1 MiB, 2026-11-28). Written as
 * \uXXXX escapes (in comments, where alone they occur, they read the same; in code they would mean the same
 * too), the source stays one byte a character. The source map's columns move on those comment lines only.
 *
 * @param {string} source
 * @returns {string}
 */
export function latin1Source(source) {
  // Each UTF-16 unit on its own: a character beyond the BMP becomes its two surrogates' escapes.
  return source.replace(/[\u0100-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
