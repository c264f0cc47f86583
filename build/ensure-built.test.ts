import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAMP, ensureBuilt, needsBuild } from './ensure-built.mjs';

let root: string;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 12, minutes));
function write(file: string, minutes: number) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, file);
  fs.utimesSync(full, at(minutes), at(minutes));
}
function age(folder: string, minutes: number) {
  fs.utimesSync(path.join(root, folder), at(minutes), at(minutes));
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-built-'));
  write('renderer/features/home/HomePage.tsx', 0);
  write('server/main.ts', 0);
  write('package-lock.json', 0);
  for (const folder of ['renderer/features/home', 'renderer/features', 'renderer', 'server']) age(folder, 0);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when it must', () => {
  it('builds when there is no build yet', () => {
    expect(needsBuild(root)).toBe(true);
  });

  it('starts at once on a build newer than every source', () => {
    write(STAMP, 10);
    expect(needsBuild(root)).toBe(false);
  });

  it('builds again after a source, the lockfile or a deletion is newer than the build', () => {
    write(STAMP, 10);
    write('renderer/features/home/HomePage.tsx', 11);
    expect(needsBuild(root)).toBe(true);

    write(STAMP, 20);
    write('package-lock.json', 21);
    expect(needsBuild(root)).toBe(true);

    write(STAMP, 30);
    fs.rmSync(path.join(root, 'server/main.ts'));
    age('server', 31);
    expect(needsBuild(root)).toBe(true);
  });
});

describe('npm run build', () => {
  it('builds whatever the stamp says, and leaves the stamp, so npm start after it starts at once', () => {
    // Build parts that only say they ran.
    const scripts = {
      'build:renderer': "node -e \"require('fs').appendFileSync('ran', 'renderer ')\"",
      'build:server': "node -e \"require('fs').appendFileSync('ran', 'server')\"",
    };
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'fixture', scripts }));
    fs.mkdirSync(path.join(root, 'dist'));
    write(STAMP, 10);
    expect(needsBuild(root)).toBe(false);
    expect(ensureBuilt(root, { always: true })).toBe(true);
    expect(fs.readFileSync(path.join(root, 'ran'), 'utf8')).toBe('renderer server');
    expect(needsBuild(root)).toBe(false);
    expect(ensureBuilt(root)).toBe(false);
  });
});
