import { describe, expect, it, vi } from 'vitest';
import { superviseServer, type ClubServer, type ClubServerOptions } from './club-server';
import { ServerStartError, type StartedServer } from './server-host';
import { FakeChild, testConfig } from './test-support/server-process-fakes';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A supervisor whose server processes are fakes, handed out in the order they are forked; `restarted`
 * and `crashed` are told of what it reports.
 */
async function runningClub(port = 8081, options: Pick<ClubServerOptions, 'now'> = {}) {
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
    ...options,
  });
  const restarted = vi.fn();
  const crashed = vi.fn();
  club.onRestarted(restarted);
  club.onCrash(crashed);
  children[0]!.answer({ type: 'started', port, urls: [`http://localhost:${port}`] });
  await club.started;
  return { club, children, fork, restarted, crashed };
}

/** Asks for a restore and has the running process close; the next process is forked and not yet started. */
async function restoreUntilClosed(club: ClubServer, children: FakeChild[]): Promise<{ restored: Promise<StartedServer> }> {
  const restored = club.restartRestoring('/backups/club.db');
  await settle();
  children.at(-1)!.answer({ type: 'closed' });
  await settle();
  return { restored };
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
    expect(children[1]!.posted).toEqual([{ type: 'start', config: testConfig({ port: 8081 }), portAttempts: 1, restoreFrom: '/backups/club.db' }]);

    children[1]!.answer({ type: 'restored', keptAs: '/data/bookclub.db.before-restore-1' });
    children[1]!.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081'] });
    await expect(restarted).resolves.toEqual({
      port: 8081,
      urls: ['http://localhost:8081'],
      setupCode: null,
      restore: { restored: true, keptAs: '/data/bookclub.db.before-restore-1' },
    });
  });

  it('then backs up with the new process, and restarts it when it dies', async () => {
    const { club, children, crashed } = await runningClub();
    const { restored } = await restoreUntilClosed(club, children);
    children[1]!.answer({ type: 'started', port: 8081, urls: [] });
    await restored;

    const backup = club.backup('/backups/again.db');
    expect(children[1]!.posted.at(-1)).toEqual({ type: 'backup', file: '/backups/again.db' });
    children[1]!.emit('exit', 139);
    await expect(backup).rejects.toThrow('The club server stopped before the backup was finished.');
    expect(children[2]!.posted).toEqual([{ type: 'start', config: testConfig({ port: 8081 }), portAttempts: 1 }]);
    expect(crashed).not.toHaveBeenCalled();
  });

  it('reports a club that cannot start again', async () => {
    const { club, children } = await runningClub();
    const { restored } = await restoreUntilClosed(club, children);

    children[1]!.answer({ type: 'failed', message: 'Port 8081 is in use by another program.' });

    await expect(restored).rejects.toMatchObject({ reason: 'failed' });
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

describe('a server process that dies unexpectedly', () => {
  /** A clock the test moves by hand, in milliseconds. */
  function clock() {
    let time = 0;
    return { now: () => time, advance: (ms: number) => void (time += ms) };
  }

  /** Kills the server process running now, and has the next one start. */
  async function crashAndRestart(children: FakeChild[], port = 8081) {
    children.at(-1)!.emit('exit', 139);
    children.at(-1)!.answer({ type: 'started', port, urls: [`http://localhost:${port}`] });
    await settle();
  }

  /** A club whose server process dies and starts again `times` times, `apartMs` after one another. */
  async function crashingClub(times: number, apartMs: number) {
    const time = clock();
    const running = await runningClub(8081, { now: time.now });
    for (let crash = 1; crash <= times; crash++) {
      await crashAndRestart(running.children);
      time.advance(apartMs);
    }
    return running;
  }

  it('is started again on the port it had, and the app is told where it runs', async () => {
    const { children, restarted, crashed } = await runningClub(8081);

    children[0]!.emit('exit', 139);

    expect(children).toHaveLength(2);
    // Port 8080 was taken when the club first started; members have the addresses with 8081.
    expect(children[1]!.posted).toEqual([{ type: 'start', config: testConfig({ port: 8081 }), portAttempts: 1 }]);
    expect(restarted).not.toHaveBeenCalled();
    children[1]!.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081'], setupCode: 'ABCD-EFGH' });
    await settle();
    expect(restarted).toHaveBeenCalledExactlyOnceWith({ port: 8081, urls: ['http://localhost:8081'], setupCode: 'ABCD-EFGH' });
    expect(crashed).not.toHaveBeenCalled();
  });

  it('runs the club on in the new process: backups and stop go there', async () => {
    const { club, children } = await runningClub();
    await crashAndRestart(children);

    const backup = club.backup('/backups/club.db');
    children[1]!.answer({ type: 'backup-done', bytes: 4096 });
    const stopped = club.stop();
    children[1]!.answer({ type: 'closed' });

    expect(children[1]!.posted.slice(1)).toEqual([{ type: 'backup', file: '/backups/club.db' }, { type: 'close' }]);
    await expect(backup).resolves.toEqual({ bytes: 4096 });
    await expect(stopped).resolves.toBe('closed');
  });

  it('is given up on when it dies a fourth time within a minute, and only then reported', async () => {
    const { children, crashed } = await crashingClub(3, 19_000);
    expect(children).toHaveLength(4);
    expect(crashed).not.toHaveBeenCalled();

    children[3]!.emit('exit', 134);

    expect(children).toHaveLength(4);
    expect(crashed).toHaveBeenCalledExactlyOnceWith(new Error('The club server stopped unexpectedly 4 times within 60 seconds (exit code 134 the last time).'));
  });

  it('is started again as often as it takes when the crashes are more than a minute apart', async () => {
    const { children, crashed } = await crashingClub(6, 20_001);

    expect(children).toHaveLength(7);
    expect(crashed).not.toHaveBeenCalled();
  });

  it('is given up on, and reported, when it cannot start again', async () => {
    const { children, restarted, crashed } = await runningClub();

    children[0]!.emit('exit', 139);
    children[1]!.answer({ type: 'failed', message: 'Port 8081 is in use by another program.' });
    await settle();

    expect(crashed).toHaveBeenCalledExactlyOnceWith(
      new Error(
        'The club server stopped unexpectedly (exit code 139), and starting it again failed. ' +
          'The club server could not start: Port 8081 is in use by another program.',
      ),
    );
    expect(restarted).not.toHaveBeenCalled();
    expect(children).toHaveLength(2);
  });

  it('is given up on when it dies again while starting again', async () => {
    const { children, crashed } = await runningClub();

    children[0]!.emit('exit', 139);
    children[1]!.emit('exit', 1);
    await settle();

    expect(crashed).toHaveBeenCalledExactlyOnceWith(
      new Error(
        'The club server stopped unexpectedly (exit code 139), and starting it again failed. ' +
          'The club server stopped unexpectedly while starting (exit code 1).',
      ),
    );
    expect(children).toHaveLength(2);
  });

  it('stopped (the app quits) while it starts again: the restart is stopped, nothing is reported', async () => {
    const { club, children, restarted, crashed } = await runningClub();
    children[0]!.emit('exit', 139);

    const stopped = club.stop();
    expect(children[1]!.posted.at(-1)).toEqual({ type: 'close' });
    children[1]!.answer({ type: 'started', port: 8081, urls: [] });
    children[1]!.answer({ type: 'closed' });

    await expect(stopped).resolves.toBe('closed');
    await settle();
    expect(restarted).not.toHaveBeenCalled();
    expect(crashed).not.toHaveBeenCalled();
    expect(children).toHaveLength(2);
  });

  it('is not started again once the club was stopped', async () => {
    const { club, children, crashed } = await runningClub();

    const stopped = club.stop();
    children[0]!.emit('exit', 139);

    await expect(stopped).resolves.toBe('exited');
    expect(children).toHaveLength(1);
    expect(crashed).not.toHaveBeenCalled();
  });

  it('can then be restored from a backup, on the port it runs on', async () => {
    const { club, children } = await runningClub(8081);
    await crashAndRestart(children);

    const { restored } = await restoreUntilClosed(club, children);
    children[2]!.answer({ type: 'started', port: 8081, urls: [] });

    await expect(restored).resolves.toMatchObject({ port: 8081 });
    expect(children[2]!.posted[0]).toEqual({
      type: 'start',
      config: testConfig({ port: 8081 }),
      portAttempts: 1,
      restoreFrom: '/backups/club.db',
    });
  });
});
