import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchServer, ServerStartError, type LaunchOptions } from './server-host';
import { serveParent } from './server-runner';
import { FakeChild, FakeParentPort, testConfig } from './test-support/server-process-fakes';

const quietLog = { warn: vi.fn(), error: vi.fn() };

function launch(child: FakeChild, options: Partial<LaunchOptions> = {}) {
  return launchServer({
    fork: () => child,
    config: testConfig(),
    portAttempts: 10,
    startTimeoutMs: 1_000,
    closeTimeoutMs: 500,
    log: quietLog,
    ...options,
  });
}

/** A server process that has reported it started; `crashed` is told of every crash. */
async function running() {
  const child = new FakeChild();
  const host = launch(child);
  const crashed = vi.fn();
  host.onCrash(crashed);
  child.answer({ type: 'started', port: 8080, urls: [] });
  await host.started;
  return { child, host, crashed };
}

async function startFailure(promise: Promise<unknown>): Promise<ServerStartError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the start to fail');
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ServerStartError);
  return error as ServerStartError;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('starting the server process', () => {
  it('sends the config first and resolves with the port and addresses it reports', async () => {
    const child = new FakeChild();
    const host = launch(child);

    expect(child.posted).toEqual([{ type: 'start', config: testConfig(), portAttempts: 10 }]);
    child.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081', 'http://192.168.1.5:8081'] });

    await expect(host.started).resolves.toEqual({
      port: 8081,
      urls: ['http://localhost:8081', 'http://192.168.1.5:8081'],
      setupCode: null,
    });
  });

  it('resolves with the setup code the server reports', async () => {
    const child = new FakeChild();
    const host = launch(child);

    child.answer({ type: 'started', port: 8080, urls: [], setupCode: 'ABCD-EFGH' });

    await expect(host.started).resolves.toEqual({ port: 8080, urls: [], setupCode: 'ABCD-EFGH' });
  });

  it('reports a start the server gave up on, and ends the process', async () => {
    const child = new FakeChild();
    const host = launch(child);

    child.answer({ type: 'failed', message: 'Ports 8080 to 8089 are all in use by other programs.' });

    const error = await startFailure(host.started);
    expect(error.reason).toBe('failed');
    expect(error.message).toBe('The club server could not start: Ports 8080 to 8089 are all in use by other programs.');
    expect(child.killed).toBe(true);
  });

  it('reports a crash while starting', async () => {
    const child = new FakeChild();
    const host = launch(child);

    child.emit('exit', 1);

    const error = await startFailure(host.started);
    expect(error.reason).toBe('crashed');
    expect(error.message).toBe('The club server stopped unexpectedly while starting (exit code 1).');
  });

  it('reports a start that takes too long, and ends the process', async () => {
    const child = new FakeChild();
    const host = launch(child, { startTimeoutMs: 20_000 });
    const failure = startFailure(host.started);

    await vi.advanceTimersByTimeAsync(19_999);
    expect(child.killed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await failure;
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The club server did not start within 20 seconds.');
    expect(child.killed).toBe(true);
  });

  it('waits longer for a start that restores a backup first: it unpacks and checks the whole club', async () => {
    const plain = new FakeChild();
    const plainFailure = startFailure(launch(plain, { startTimeoutMs: undefined }).started);
    const restoring = new FakeChild();
    const restoringFailure = startFailure(launch(restoring, { startTimeoutMs: undefined, restoreFrom: '/backups/club.tar.gz' }).started);

    await vi.advanceTimersByTimeAsync(30_000);
    expect((await plainFailure).reason).toBe('timeout');
    expect(restoring.killed).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 30_000);

    expect((await restoringFailure).message).toBe('The club server did not start within 600 seconds.');
    expect(restoring.killed).toBe(true);
  });

  it('does not time out once started', async () => {
    const { child, crashed } = await running();

    await vi.advanceTimersByTimeAsync(60_000);

    expect(child.killed).toBe(false);
    expect(crashed).not.toHaveBeenCalled();
  });

  it('ignores messages it does not understand', async () => {
    const child = new FakeChild();
    const log = { warn: vi.fn() };
    const host = launch(child, { log });

    child.answer({ type: 'started', port: 'eighty' });
    child.answer({ type: 'started', port: 8080, urls: [] });

    await expect(host.started).resolves.toEqual({ port: 8080, urls: [], setupCode: null });
    expect(log.warn).toHaveBeenCalledOnce();
  });
});

describe('a crash after start', () => {
  it('is reported with the exit code', async () => {
    const { child, crashed } = await running();

    child.emit('exit', 134);

    expect(crashed).toHaveBeenCalledWith(134);
  });

  it('is not reported when the process ends because it was asked to', async () => {
    const { child, host, crashed } = await running();

    const stopped = host.stop();
    child.emit('exit', 0);

    await expect(stopped).resolves.toBe('exited');
    expect(crashed).not.toHaveBeenCalled();
  });
});

describe('stopping the server process', () => {
  it('asks the server to close and waits until it says it has, then ends the idle process', async () => {
    const { child, host } = await running();
    const outcome = vi.fn();

    host.stop().then(outcome);
    expect(child.posted.at(-1)).toEqual({ type: 'close' });
    await vi.advanceTimersByTimeAsync(100);
    expect(outcome).not.toHaveBeenCalled();
    expect(child.killed).toBe(false);

    child.answer({ type: 'closed' });
    await vi.advanceTimersByTimeAsync(0);

    expect(outcome).toHaveBeenCalledWith('closed');
    expect(child.killed).toBe(true);
    await expect(host.exited).resolves.toBe(15);
  });

  it('kills the process when it does not answer in time', async () => {
    const { child, host } = await running();
    const outcome = vi.fn();

    host.stop().then(outcome);
    await vi.advanceTimersByTimeAsync(499);
    expect(child.killed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(outcome).toHaveBeenCalledWith('killed');
    expect(child.killed).toBe(true);
  });

  it('sends close once however often it is asked', async () => {
    const { child, host } = await running();

    const first = host.stop();
    const second = host.stop();
    child.answer({ type: 'closed' });

    expect(second).toBe(first);
    await expect(first).resolves.toBe('closed');
    expect(child.posted.filter((message) => message.type === 'close')).toHaveLength(1);
  });

  it('during start gives up waiting for "started" and still closes cleanly', async () => {
    const child = new FakeChild();
    const host = launch(child);

    const stopped = host.stop();
    child.answer({ type: 'started', port: 8080, urls: [] });
    child.answer({ type: 'closed' });

    expect((await startFailure(host.started)).reason).toBe('stopped');
    await expect(stopped).resolves.toBe('closed');
  });

  it('after a failed start has nothing left to do', async () => {
    const child = new FakeChild();
    const host = launch(child);
    child.answer({ type: 'failed', message: 'no' });
    await startFailure(host.started);

    await expect(host.stop()).resolves.toBe('exited');
    expect(child.posted.filter((message) => message.type === 'close')).toHaveLength(0);
  });
});

describe('a backup', () => {
  it('is asked of the running server, which answers with its size', async () => {
    const { child, host } = await running();

    const backup = host.backup('/backups/club.db');
    expect(child.posted.at(-1)).toEqual({ type: 'backup', file: '/backups/club.db' });
    child.answer({ type: 'backup-done', bytes: 40_960 });

    await expect(backup).resolves.toEqual({ bytes: 40_960 });
  });

  it("fails with the server's reason", async () => {
    const { child, host } = await running();

    const backup = host.backup('/read-only/club.db');
    child.answer({ type: 'backup-failed', message: 'EACCES: permission denied' });

    await expect(backup).rejects.toThrow('EACCES: permission denied');
  });

  it('answers come in the order they were asked for', async () => {
    const { child, host } = await running();

    const first = host.backup('/backups/one.db');
    const second = host.backup('/backups/two.db');
    child.answer({ type: 'backup-done', bytes: 1 });
    child.answer({ type: 'backup-failed', message: 'disk full' });

    await expect(first).resolves.toEqual({ bytes: 1 });
    await expect(second).rejects.toThrow('disk full');
  });

  it('is refused before the server runs, and fails when it dies before answering', async () => {
    const child = new FakeChild();
    const host = launch(child);
    await expect(host.backup('/backups/club.db')).rejects.toThrow('The club server is not running.');

    child.answer({ type: 'started', port: 8080, urls: [] });
    await host.started;
    const backup = host.backup('/backups/club.db');
    child.emit('exit', 139);

    await expect(backup).rejects.toThrow('The club server stopped before the backup was finished.');
  });
});

describe('a launch that restores a backup first', () => {
  it('asks for the restore with the start, and reports what became of it', async () => {
    const child = new FakeChild();
    const host = launch(child, { restoreFrom: '/backups/club.db' });

    expect(child.posted).toEqual([{ type: 'start', config: testConfig(), portAttempts: 10, restoreFrom: '/backups/club.db' }]);
    child.answer({ type: 'restored', keptAs: '/data/before-restore-1', sessionsKept: true });
    child.answer({ type: 'started', port: 8080, urls: [] });

    await expect(host.started).resolves.toEqual({
      port: 8080,
      urls: [],
      setupCode: null,
      restore: { restored: true, keptAs: '/data/before-restore-1', sessionsKept: true },
    });
  });

  it('reports a refused backup with its reason, the server started all the same', async () => {
    const child = new FakeChild();
    const host = launch(child, { restoreFrom: '/downloads/photo.jpg' });

    child.answer({ type: 'restore-refused', message: '/downloads/photo.jpg is not a Bookclub database.' });
    child.answer({ type: 'started', port: 8080, urls: [] });

    await expect(host.started).resolves.toMatchObject({
      restore: { restored: false, reason: '/downloads/photo.jpg is not a Bookclub database.' },
    });
  });
});

describe('both ends of the channel together', () => {
  it('start on a busy port ends on the next one, and stop closes the server', async () => {
    vi.useRealTimers();
    const parent = new FakeParentPort();
    const child = new FakeChild();
    // Wire the two fakes into one channel, asynchronous like a real one.
    child.postMessage = (message) => {
      child.posted.push(message);
      setImmediate(() => parent.send(message));
    };
    parent.on('posted', (message) => setImmediate(() => child.answer(message)));
    const close = vi.fn(async () => {});
    serveParent(
      parent,
      async (config) => {
        if (config.port === 8080) throw Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
        return { port: config.port, urls: [`http://localhost:${config.port}`], setupCode: null, close };
      },
      quietLog,
    );

    const host = launch(child, { config: testConfig({ port: 8080 }) });

    await expect(host.started).resolves.toEqual({ port: 8081, urls: ['http://localhost:8081'], setupCode: null });
    await expect(host.stop()).resolves.toBe('closed');
    expect(close).toHaveBeenCalledOnce();
  });
});
