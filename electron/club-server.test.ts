import { describe, expect, it, vi } from 'vitest';
import { superviseServer } from './club-server';
import { ServerStartError } from './server-host';
import { FakeChild, testConfig } from './test-fakes';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A supervisor whose server processes are fakes, handed out in the order they are forked. */
async function runningClub(port = 8081) {
  const children: FakeChild[] = [];
  const fork = vi.fn(() => {
    const child = new FakeChild();
    children.push(child);
    return child;
  });
  const club = superviseServer({
    fork,
    config: testConfig({ port: 8080 }),
    portAttempts: 10,
    closeTimeoutMs: 500,
    log: { warn: vi.fn() },
  });
  children[0]!.answer({ type: 'started', port, urls: [`http://localhost:${port}`] });
  await club.started;
  return { club, children, fork };
}

describe('restarting the club to restore a backup', () => {
  it('closes the server, then restores and starts in a fresh process on the same port', async () => {
    const { club, children } = await runningClub(8081);

    const restarted = club.restartRestoring('/backups/club.db');
    await settle();
    expect(children[0]!.posted.at(-1)).toEqual({ type: 'close' });
    expect(children).toHaveLength(1);

    children[0]!.answer({ type: 'closed' });
    await settle();
    expect(children[0]!.killed).toBe(true);
    expect(children).toHaveLength(2);
    expect(children[1]!.posted).toEqual([
      { type: 'start', config: testConfig({ port: 8081 }), portAttempts: 1, restoreFrom: '/backups/club.db' },
    ]);

    children[1]!.answer({ type: 'restored', keptAs: '/data/bookclub.db.before-restore-1' });
    children[1]!.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081'] });
    await expect(restarted).resolves.toEqual({
      port: 8081,
      urls: ['http://localhost:8081'],
      restore: { restored: true, keptAs: '/data/bookclub.db.before-restore-1' },
    });
  });

  it('then backs up, stops and reports crashes with the new process', async () => {
    const { club, children } = await runningClub();
    const crashed = vi.fn();
    club.onCrash(crashed);
    const restarted = club.restartRestoring('/backups/club.db');
    await settle();
    children[0]!.answer({ type: 'closed' });
    await settle();
    children[1]!.answer({ type: 'started', port: 8081, urls: [] });
    await restarted;

    const backup = club.backup('/backups/again.db');
    expect(children[1]!.posted.at(-1)).toEqual({ type: 'backup', file: '/backups/again.db' });
    children[1]!.emit('exit', 139);
    expect(crashed).toHaveBeenCalledExactlyOnceWith(139);
    await expect(backup).rejects.toThrow('The club server stopped before the backup was finished.');
  });

  it('reports a club that cannot start again', async () => {
    const { club, children } = await runningClub();
    const restarted = club.restartRestoring('/backups/club.db');
    await settle();
    children[0]!.answer({ type: 'closed' });
    await settle();

    children[1]!.answer({ type: 'failed', message: 'Port 8081 is in use by another program.' });

    await expect(restarted).rejects.toMatchObject({ reason: 'failed' });
  });

  it('stopped (the app quits) while the old server closes, starts nothing new', async () => {
    const { club, children } = await runningClub();
    const restarted = club.restartRestoring('/backups/club.db');
    await settle();

    const stopped = club.stop();
    children[0]!.answer({ type: 'closed' });

    await expect(stopped).resolves.toBe('closed');
    await expect(restarted).rejects.toBeInstanceOf(ServerStartError);
    await expect(restarted).rejects.toMatchObject({ reason: 'stopped' });
    expect(children).toHaveLength(1);
  });

  it('one at a time', async () => {
    const { club } = await runningClub();

    void club.restartRestoring('/backups/one.db');

    await expect(club.restartRestoring('/backups/two.db')).rejects.toThrow('A restore is already under way.');
  });
});
