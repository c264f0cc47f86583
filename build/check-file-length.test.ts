import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesTooLong, lineCount } from './check-file-length.mjs';

const script = fileURLToPath(new URL('./check-file-length.mjs', import.meta.url));
let root: string;

/** A file of `count` lines, each ending in a newline as an editor saves it. */
function write(file: string, count: number) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, Array.from({ length: count }, (_, i) => `export const line${i} = ${i};\n`).join(''));
}
const track = () => execFileSync('git', ['add', '--all'], { cwd: root });
const lint = () => spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8', timeout: 15_000 });

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-length-'));
  execFileSync('git', ['init', '--quiet'], { cwd: root });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the file-length lint', () => {
  it('counts lines as an editor numbers them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\n')).toBe(2);
  });

  it('passes source files of 400 lines', () => {
    write('server/features/polls/polls.service.ts', 400);
    write('renderer/features/polls/PollPage.tsx', 400);
    track();
    expect(filesTooLong(root)).toEqual([]);
    const run = lint();
    expect(run.status).toBe(0);
  });

  it('fails on a source file of 401 lines, tests and scripts included, naming each with its length', () => {
    write('server/features/polls/polls.service.ts', 401);
    write('server/features/polls/deadlines.test.ts', 450);
    write('build/bundle.mjs', 401);
    write('server/features/polls/tally.ts', 400);
    track();
    const run = lint();
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('3 source files are over 400 lines');
    expect(run.stderr).toContain('server/features/polls/deadlines.test.ts: 450 lines');
    expect(run.stderr).toContain('server/features/polls/polls.service.ts: 401 lines');
    expect(run.stderr).toContain('build/bundle.mjs: 401 lines');
    expect(run.stderr).not.toContain('tally.ts');
  });

  it('reads only the tracked sources of the source folders', () => {
    write('server/untracked.ts', 401);
    write('dist/server/main.js', 401);
    write('docs/notes.md', 401);
    write('server/db/data.json', 401);
    execFileSync('git', ['add', 'dist', 'docs', 'server/db'], { cwd: root });
    expect(filesTooLong(root)).toEqual([]);
    expect(lint().status).toBe(0);
  });
});
