import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../settings';
import { startTestServer, type TestServer } from './test-server';

/**
 * A club for all of a file's tests, serving a renderer build that holds just `files` (each a path inside
 * the build folder, and its content); the club is not set up. Call once at the top of a test file; the
 * club is there once the file's tests run, and it and the folder are removed after them.
 */
export function useClubServing(files: Record<string, string | Buffer>, overrides: Partial<ServerConfig> = {}): { club: TestServer; rendererDir: string } {
  const given = {} as { club: TestServer; rendererDir: string };
  let rendererDir: string | undefined;
  beforeAll(async () => {
    rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-renderer-'));
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(rendererDir, file)), { recursive: true });
      fs.writeFileSync(path.join(rendererDir, file), content);
    }
    given.rendererDir = rendererDir;
    given.club = await startTestServer({ ...overrides, rendererDir });
  });
  afterAll(async () => {
    await given.club?.close();
    if (rendererDir) fs.rmSync(rendererDir, { recursive: true, force: true });
  });
  return given;
}
