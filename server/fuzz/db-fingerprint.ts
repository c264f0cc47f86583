import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * What may change in the database while nothing is asked of the server: the mail worker's bookkeeping
 * of the queue (tries, next try, sent time, last error and when) and the body and attachments it empties once a
 * mail is sent.
 * Everything else, in every table, must stay as it was across a refused request.
 */
export const BACKGROUND_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  mail: ['text', 'html', 'attachments', 'attempts', 'nextAttemptOn', 'sentOn', 'lastError', 'lastErrorOn'],
};

/** Every table's rows, each row as one line of text, the lines sorted. */
export type Fingerprint = Map<string, string[]>;

/**
 * Reads the club's database (DATA_DIR/bookclub.db) through its own read-only connection. Since that
 * connection is kept open, SQLite's `data_version` tells whether any other connection committed since the
 * last look; when none did, the last fingerprint still holds and is answered without reading the tables.
 */
export class DatabaseFingerprinter {
  private readonly sql: Database.Database;
  private lastVersion: number | undefined;
  private last: Fingerprint | undefined;
  /** How many times the tables were actually read (for the run's summary). */
  reads = 0;

  constructor(dataDir: string) {
    this.sql = new Database(path.join(dataDir, 'bookclub.db'), { readonly: true, fileMustExist: true });
  }

  /**
   * Waits (5 s at most) until the club has queued every newsletter an earlier request caused: the writer
   * adds those mails in the background, after the request was answered (newsletter-issues.ts), and must
   * not be mistaken for a change the next, refused request made.
   */
  async newslettersQueued(): Promise<void> {
    const waiting = this.sql.prepare<[], { n: number }>(`SELECT COUNT(*) AS "n" FROM "newsletter_issue"`);
    const until = performance.now() + 5_000;
    while (waiting.get()!.n > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  take(): Fingerprint {
    const version = this.sql.pragma('data_version', { simple: true }) as number;
    if (this.last && version === this.lastVersion) return this.last;
    this.reads++;
    const tables = this.sql
      .prepare<[], { name: string }>(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table' AND "name" NOT LIKE 'sqlite_%' ORDER BY "name"`)
      .all();
    const fingerprint: Fingerprint = new Map();
    for (const { name } of tables) {
      const skip = BACKGROUND_COLUMNS[name] ?? [];
      const columns = this.sql
        .prepare<[string], { name: string }>(`SELECT "name" FROM pragma_table_info(?)`)
        .all(name)
        .map((column) => column.name)
        .filter((column) => !skip.includes(column));
      if (columns.length === 0) continue;
      const select = `SELECT ${columns.map(quote).join(', ')} FROM ${quote(name)}`;
      const rows = this.sql.prepare(select).raw(true).all() as unknown[][];
      fingerprint.set(name, rows.map((row) => row.map(cellText).join('\u001f')).sort());
    }
    this.lastVersion = version;
    this.last = fingerprint;
    return fingerprint;
  }

  close(): void {
    this.sql.close();
  }
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function cellText(value: unknown): string {
  if (value === null) return '∅';
  if (Buffer.isBuffer(value)) return `x'${value.toString('hex')}'`;
  return JSON.stringify(value);
}

/** What differs between two fingerprints, briefly: per table, rows gone and rows new (cut short). */
export function fingerprintDiff(before: Fingerprint, after: Fingerprint, maxRows = 3): string[] {
  const differences: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(table) ?? [];
    const now = after.get(table) ?? [];
    const wasSet = new Set(was);
    const nowSet = new Set(now);
    const gone = was.filter((row) => !nowSet.has(row));
    const added = now.filter((row) => !wasSet.has(row));
    if (gone.length === 0 && added.length === 0 && was.length === now.length) continue;
    const rows = (label: string, list: string[]) => list.slice(0, maxRows).map((row) => `    ${label} ${row.replaceAll('\u001f', ' | ').slice(0, 300)}`);
    differences.push(
      `  table ${table}: ${gone.length} row(s) gone, ${added.length} new (${was.length} -> ${now.length})`,
      ...rows('-', gone),
      ...rows('+', added),
    );
  }
  return differences;
}
