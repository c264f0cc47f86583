/** One language's namespaces, each named for its file: `./en/polls.json` is `polls`. */
export type Catalogues = Record<string, Record<string, unknown>>;

/** A language's catalogue files (found at build time, so adding one needs no edit) as its namespaces. */
export function cataloguesOf(...folders: Record<string, Record<string, unknown>>[]): Catalogues {
  const catalogues: Catalogues = {};
  for (const files of folders) {
    for (const [file, catalogue] of Object.entries(files)) {
      const namespace = /([\w-]+)\.json$/.exec(file)?.[1];
      if (namespace) catalogues[namespace] = catalogue;
    }
  }
  return catalogues;
}
