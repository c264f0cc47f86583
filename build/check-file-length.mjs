// `npm run lint` fails on a source file over 400 lines: a file that long does several things, and is read
// (and reviewed, and merged) as one. Tests count too: a long test file is several subjects in one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 400;
/** The folders that hold the project's code, tests and scripts. */
const SOURCE_FOLDERS = ['shared', 'server', 'renderer', 'electron', 'e2e', 'bench', 'build'];
const SOURCE_FILE = /\.(ts|tsx|mjs|cjs|js|css)$/;

/** Lines as an editor numbers them: a final newline ends the last line rather than starting another. */
export function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Every source file git tracks under `root`'s source folders, longest first, that is over MAX_LINES. */
export function filesTooLong(root) {
  const tracked = execFileSync('git', ['ls-files', '-z', '--', ...SOURCE_FOLDERS], { cwd: root, encoding: 'utf8' });
  const tooLong = [];
  for (const file of tracked.split('\0')) {
    if (!SOURCE_FILE.test(file)) continue;
    let text;
    try {
      text = fs.readFileSync(path.join(root, file), 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') continue; // deleted, not yet committed
      throw error;
    }
    const lines = lineCount(text);
    if (lines > MAX_LINES) tooLong.push({ file, lines });
  }
  return tooLong.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tooLong = filesTooLong(process.cwd());
  if (tooLong.length > 0) {
    console.error(`${tooLong.length} source file${tooLong.length === 1 ? ' is' : 's are'} over ${MAX_LINES} lines; split each by what it does:`);
    for (const { file, lines } of tooLong) console.error(`  ${file}: ${lines} lines`);
    process.exit(1);
  }
  console.log(`no source file over ${MAX_LINES} lines`);
}
