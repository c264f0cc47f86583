import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startClubServer } from './club-server';

// The built headless server, as `npm start` runs it: SIGTERM closes connections and the database cleanly.
test('SIGTERM stops the server cleanly and leaves a checkpointed database', async () => {
  const club = await startClubServer();
  try {
    const setup = await fetch(`${club.url}/api/accounts/registerfirstadmin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'host@riverside.test', password: 'long enough password' }),
    });
    expect(setup.status).toBe(200);
    const { exitCode, output } = await club.terminate();
    expect(exitCode).toBe(0);
    expect(output).toContain('Stopped cleanly.');
    // A clean close checkpoints the write-ahead log into the database file and removes it.
    expect(fs.existsSync(path.join(club.dataDir, 'bookclub.db-wal'))).toBe(false);
    const secret = fs.statSync(path.join(club.dataDir, 'token-secret.key'));
    expect(secret.mode & 0o077).toBe(0);
  } finally {
    await club.stop();
  }
});
