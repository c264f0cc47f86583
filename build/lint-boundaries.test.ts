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

/** `npm run lint`, with the project's configuration, over a fixture tree instead of the project. */
function depcruise(tree: string, flags: string[] = []) {
  const run = spawnSync(
    process.execPath,
    [depcruiseBin, 'shared', 'server', 'renderer', 'electron', '--config', path.join(root, '.dependency-cruiser.cjs'), ...flags],
    { cwd: path.join(fixtures, tree), encoding: 'utf8', timeout: 15_000 },
  );
  expect(run.stderr).toBe('');
  return run;
}

/** The errors the lint finds in a tree, one line each: "rule: from -> to". */
function errors(tree: string, flags: string[] = []) {
  const result = JSON.parse(depcruise(tree, [...flags, '--output-type', 'json']).stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations
    .filter((violation) => violation.rule.severity === 'error')
    .map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`)
    .sort();
}

// build/fixtures/boundaries/violations crosses every boundary (dependency-cruiser reports a module
// cycle once per loop, a folder cycle once per edge); build/fixtures/boundaries/clean crosses none.
const EVERY_VIOLATION = [
  'electron-not-to-renderer: electron/main.ts -> renderer/lib/format.ts',
  'electron-to-server-entry-points-only: electron/main.ts -> server/db.ts',
  'feature-entry-points-stay-private: server/features/rounds/index.ts -> server/features/rounds/rounds.routes.ts',
  'features-meet-through-their-index: renderer/features/books/BookList.tsx -> renderer/features/rounds/RoundPage.tsx',
  'features-meet-through-their-index: server/club/import/write-club.ts -> server/features/rounds/rounds.routes.ts',
  'features-meet-through-their-index: server/maintenance/club-archive.ts -> server/features/polls/tally.ts',
  'http-imports-no-feature: server/http/auth.ts -> server/features/books/catalogue.ts',
  'no-circular: server/features/polls/polls.service.ts -> server/features/polls/tally.ts',
  'no-folder-cycles: renderer/features/home -> renderer/store',
  'no-folder-cycles: renderer/features/polls -> renderer/features/rounds',
  'no-folder-cycles: renderer/features/rounds -> renderer/features/polls',
  'no-folder-cycles: renderer/store -> renderer/features/home',
  'no-orphans: server/lonely.ts -> server/lonely.ts',
  'not-to-unresolvable: server/features/polls/polls.service.ts -> ./no-such-file',
  'renderer-not-to-server-or-electron: renderer/lib/api.ts -> electron/window.ts',
  'renderer-not-to-server-or-electron: renderer/lib/api.ts -> server/db.ts',
  'server-not-to-renderer-or-electron: server/mail.ts -> electron/window.ts',
  'server-not-to-renderer-or-electron: server/mail.ts -> renderer/lib/format.ts',
  'shared-imports-no-app: shared/books.ts -> server/db.ts',
];

describe('the boundaries lint', () => {
  it('passes a tree that keeps every boundary', () => {
    const run = depcruise('clean');
    expect(run.stdout).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  });

  it('fails a tree that crosses them, naming each crossing with its rule', () => {
    const run = depcruise('violations');
    expect(run.stdout).toContain(`${EVERY_VIOLATION.length} dependency violations (${EVERY_VIOLATION.length} errors, 0 warnings)`);
    expect(run.status).not.toBe(0);
    expect(errors('violations')).toEqual(EVERY_VIOLATION);
  });

  it('has a failing example for every rule of the configuration', () => {
    const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: { name: string }[] };
    const named = new Set(EVERY_VIOLATION.map((line) => line.split(':')[0]));
    expect([...new Set(config.forbidden.map((rule) => rule.name))].sort()).toEqual([...named].sort());
  });
});
