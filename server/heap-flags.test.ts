import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_HEAP_FLAGS } from './heap-flags';

describe('the server heap flags', () => {
  it('are the ones `npm start` runs the server with', () => {
    const { scripts } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(new RegExp(`&& node ${SERVER_HEAP_FLAGS.join(' ')} dist/server/main\\.js$`));
  });

  it('are flags this Node accepts', () => {
    // A misspelt V8 flag would stop the server at once with "bad option".
    const run = spawnSync(process.execPath, [...SERVER_HEAP_FLAGS, '-e', 'process.stdout.write("started")'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('started');
  });
});
