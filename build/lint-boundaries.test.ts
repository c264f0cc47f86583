import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = path.join(root, 'build/fixtures/boundaries');
const depcruiseBin = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
}

/** `npm run lint` runs dependency-cruiser twice: the module rules, and the folder graph without tests. */
const CONFIGS = ['.dependency-cruiser.cjs', '.dependency-cruiser-folders.cjs'];

/** One of the lint's cruises, with the project's configuration, over a fixture tree instead of the project. */
function depcruise(tree: string, config: string) {
  const run = spawnSync(
    process.execPath,
    [depcruiseBin, 'shared', 'server', 'renderer', 'electron', '--config', path.join(root, config), '--output-type', 'json'],
    { cwd: path.join(fixtures, tree), encoding: 'utf8', timeout: 60_000 },
  );
  expect(run.stderr).toBe('');
  const { summary } = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  // (In JSON output dependency-cruiser exits 0 whatever it finds; `npm run lint` uses its default output, which fails on an error.)
  const errors = summary.violations.filter((violation) => violation.rule.severity === 'error').map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`);
  return errors;
}

/** Every error both of the lint's cruises find in a tree, one line each ("rule: from -> to"). */
function lint(tree: string) {
  return CONFIGS.flatMap((config) => depcruise(tree, config)).sort();
}

// build/fixtures/boundaries/violations crosses every boundary (dependency-cruiser reports a module
// cycle once per loop, a folder cycle once per edge); build/fixtures/boundaries/clean crosses none.
const EVERY_VIOLATION = [
  'electron-not-to-renderer: electron/main.ts -> renderer/lib/format.ts',
  'electron-to-server-entry-points-only: electron/main.ts -> server/db.ts',
  'feature-entry-points-stay-private: server/features/rounds/index.ts -> server/features/rounds/rounds.routes.ts',
  'features-meet-through-their-index: renderer/features/books/BookList.tsx -> renderer/features/rounds/RoundPage.tsx',
  'features-meet-through-their-index: server/maintenance/club-archive.ts -> server/features/polls/tally.ts',
  'http-imports-no-feature: server/http/auth.ts -> server/features/books/catalogue.ts',
  'no-circular: server/features/polls/polls.service.ts -> server/features/polls/tally.ts',
  'no-folder-cycles: renderer/features/home -> renderer/store',
  'no-folder-cycles: renderer/features/polls -> renderer/features/rounds',
  'no-folder-cycles: renderer/features/rounds -> renderer/features/polls',
  'no-folder-cycles: renderer/store -> renderer/features/home',
  'no-folder-cycles: server/features/reviews -> server/tables',
  'no-folder-cycles: server/tables -> server/features/reviews',
  'no-orphans: server/lonely.ts -> server/lonely.ts',
  'not-to-unresolvable: server/features/polls/polls.service.ts -> ./no-such-file',
  'renderer-not-to-server-or-electron: renderer/lib/api.ts -> electron/window.ts',
  'renderer-not-to-server-or-electron: renderer/lib/api.ts -> server/db.ts',
  'server-not-to-renderer-or-electron: server/mail.ts -> electron/window.ts',
  'server-not-to-renderer-or-electron: server/mail.ts -> renderer/lib/format.ts',
  'shared-imports-no-app: shared/books.ts -> server/db.ts',
  'whole-club-work-meets-features-through-their-index-or-tables: server/club/import/write-club.ts -> server/features/rounds/rounds.routes.ts',
];

describe('the boundaries lint', () => {
  it('passes a tree that keeps every boundary, a test importing the support that imports its feature included', () => {
    expect(lint('clean')).toEqual([]);
  }, 120_000);

  it('fails a tree that crosses them, naming each crossing with its rule', () => {
    expect(lint('violations')).toEqual(EVERY_VIOLATION);
  }, 120_000);

  it('has a failing example for every rule of the configurations', () => {
    const load = createRequire(import.meta.url);
    const rules = CONFIGS.flatMap((config) => (load(`../${config}`) as { forbidden: { name: string }[] }).forbidden.map((rule) => rule.name));
    const named = new Set(EVERY_VIOLATION.map((line) => line.split(':')[0]));
    expect([...new Set(rules)].sort()).toEqual([...named].sort());
  });
});
