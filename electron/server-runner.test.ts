import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../server/settings';
import type { RunningServer } from '../server/start-server';
import { EventEmitter } from 'node:events';
import { serveParent, surviveUnhandledRejections, type ClubMaintenance } from './server-runner';
import { FakeParentPort, testConfig } from './test-support/server-process-fakes';

const quietLog = { warn: vi.fn(), error: vi.fn() };

/** A stand-in for startServer that really listens, so ports are really taken. */
async function listeningServer(config: ServerConfig): Promise<RunningServer & { closed: boolean }> {
  const server = http.createServer((_request, response) => response.end('club'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const running = {
    port,
    urls: [`http://localhost:${port}`],
    setupCode: null,
    closed: false,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          running.closed = true;
          resolve();
        }),
      ),
  };
  return running;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the server process', () => {
  it('starts the server and tells the main process its port and addresses', async () => {
    const parent = new FakeParentPort();
    const startServer = vi.fn(async (config: ServerConfig) => ({
      port: config.port,
      urls: ['http://localhost:8080'],
      setupCode: null,
      close: vi.fn(),
    }));
    serveParent(parent, startServer, quietLog);

    parent.send({ type: 'start', config: testConfig({ port: 8080 }), portAttempts: 5 });

    expect(await parent.next('started')).toEqual({ type: 'started', port: 8080, urls: ['http://localhost:8080'], setupCode: null });
    expect(startServer).toHaveBeenCalledWith(expect.objectContaining({ port: 8080, dataDir: '/tmp/bookclub-test/data' }));
  });

  it('passes on the setup code the club asks another computer for', async () => {
    const parent = new FakeParentPort();
    serveParent(parent, async (config) => ({ port: config.port, urls: [], setupCode: 'ABCD-EFGH', close: vi.fn() }), quietLog);

    parent.send({ type: 'start', config: testConfig({ port: 8080 }), portAttempts: 1 });

    expect(await parent.next('started')).toEqual({ type: 'started', port: 8080, urls: [], setupCode: 'ABCD-EFGH' });
  });

  it('starts on the next port when the first one is busy', async () => {
    const other = await listeningServer(testConfig({ host: '127.0.0.1', port: 0 }));
    const parent = new FakeParentPort();
    const servers: Awaited<ReturnType<typeof listeningServer>>[] = [];
    serveParent(
      parent,
      async (config) => {
        const server = await listeningServer(config);
        servers.push(server);
        return server;
      },
      quietLog,
    );

    parent.send({ type: 'start', config: testConfig({ host: '127.0.0.1', port: other.port }), portAttempts: 20 });
    const started = await parent.next('started');

    expect(started.port).toBeGreaterThan(other.port);
    expect(started.urls).toEqual([`http://localhost:${started.port}`]);
    parent.send({ type: 'close' });
    await parent.next('closed');
    expect(servers[0]?.closed).toBe(true);
    await other.close();
  });

  it('reports a failure to start as a readable message', async () => {
    const parent = new FakeParentPort();
    serveParent(parent, async () => Promise.reject(new Error('The data folder is not writable.')), quietLog);

    parent.send({ type: 'start', config: testConfig(), portAttempts: 5 });

    expect(await parent.next('failed')).toEqual({ type: 'failed', message: 'The data folder is not writable.' });
  });

  it('reports every port taken as a failure', async () => {
    const parent = new FakeParentPort();
    const busy = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    serveParent(parent, async () => Promise.reject(busy), quietLog);

    parent.send({ type: 'start', config: testConfig({ port: 8080 }), portAttempts: 2 });

    expect(await parent.next('failed')).toEqual({
      type: 'failed',
      message: 'Ports 8080 to 8081 are all in use by other programs.',
    });
  });

  it('closes the server and its database when asked, then says so', async () => {
    const parent = new FakeParentPort();
    const close = vi.fn(async () => {});
    serveParent(parent, async () => ({ port: 8080, urls: [], setupCode: null, close }), quietLog);
    parent.send({ type: 'start', config: testConfig(), portAttempts: 1 });
    await parent.next('started');

    parent.send({ type: 'close' });
    await parent.next('closed');

    expect(close).toHaveBeenCalledOnce();
  });

  it('a close during start waits for the start to finish, then closes', async () => {
    const parent = new FakeParentPort();
    const close = vi.fn(async () => {});
    const gate = deferred<void>();
    serveParent(
      parent,
      async () => {
        await gate.promise;
        return { port: 8080, urls: [], setupCode: null, close };
      },
      quietLog,
    );
    parent.send({ type: 'start', config: testConfig(), portAttempts: 1 });
    parent.send({ type: 'close' });
    const closed = parent.next('closed');

    await Promise.resolve();
    expect(close).not.toHaveBeenCalled();
    gate.resolve();
    await closed;

    expect(close).toHaveBeenCalledOnce();
    expect(parent.posted).toEqual([{ type: 'closed' }]);
  });

  it('says closed at once when nothing was started', async () => {
    const parent = new FakeParentPort();
    serveParent(parent, vi.fn(), quietLog);
    parent.send({ type: 'close' });
    expect(await parent.next('closed')).toEqual({ type: 'closed' });
  });

  it('says closed even when closing fails, so the main process does not wait for nothing', async () => {
    const parent = new FakeParentPort();
    const log = { warn: vi.fn(), error: vi.fn() };
    serveParent(parent, async () => ({ port: 8080, urls: [], setupCode: null, close: () => Promise.reject(new Error('busy')) }), log);
    parent.send({ type: 'start', config: testConfig(), portAttempts: 1 });
    await parent.next('started');

    parent.send({ type: 'close' });

    expect(await parent.next('closed')).toEqual({ type: 'closed' });
    expect(log.error).toHaveBeenCalled();
  });

  it('ignores unknown messages and a second start', async () => {
    const parent = new FakeParentPort();
    const log = { warn: vi.fn(), error: vi.fn() };
    const startServer = vi.fn(async () => ({ port: 8080, urls: [], setupCode: null, close: vi.fn() }));
    serveParent(parent, startServer, log);

    parent.send({ type: 'launch-missiles' });
    parent.send({ type: 'start', config: testConfig(), portAttempts: 1 });
    parent.send({ type: 'start', config: testConfig(), portAttempts: 1 });
    await parent.next('started');

    expect(log.warn).toHaveBeenCalledOnce();
    expect(startServer).toHaveBeenCalledOnce();
  });
});

class Refused extends Error {}

function fakeMaintenance(overrides: Partial<ClubMaintenance> = {}): ClubMaintenance {
  return {
    backup: vi.fn(async () => ({ bytes: 4096 })),
    restore: vi.fn(async () => ({ keptAs: '/tmp/bookclub-test/data/before-restore-1', sessionsKept: true })),
    isRefusal: (error) => error instanceof Refused,
    ...overrides,
  };
}

const runningServer = (config: ServerConfig) => Promise.resolve({ port: config.port, urls: [], setupCode: null, close: vi.fn(async () => {}) });

describe('a backup in the server process', () => {
  it("copies the running club's database with the config it runs with", async () => {
    const parent = new FakeParentPort();
    const maintenance = fakeMaintenance();
    serveParent(parent, runningServer, quietLog, maintenance);
    parent.send({ type: 'start', config: testConfig({ port: 8080, sqliteNativeBinding: '/electron/sqlite.node' }), portAttempts: 1 });
    await parent.next('started');

    parent.send({ type: 'backup', file: '/backups/club.db' });

    expect(await parent.next('backup-done')).toEqual({ type: 'backup-done', bytes: 4096 });
    expect(maintenance.backup).toHaveBeenCalledWith(
      expect.objectContaining({ dataDir: '/tmp/bookclub-test/data', sqliteNativeBinding: '/electron/sqlite.node' }),
      '/backups/club.db',
    );
  });

  it('reports a failure as a readable message', async () => {
    const parent = new FakeParentPort();
    const log = { warn: vi.fn(), error: vi.fn() };
    serveParent(parent, runningServer, log, fakeMaintenance({ backup: () => Promise.reject(new Error('disk full')) }));
    parent.send({ type: 'start', config: testConfig(), portAttempts: 1 });
    await parent.next('started');

    parent.send({ type: 'backup', file: '/backups/club.db' });

    expect(await parent.next('backup-failed')).toEqual({ type: 'backup-failed', message: 'disk full' });
  });

  it('is refused when no server runs', async () => {
    const parent = new FakeParentPort();
    serveParent(parent, runningServer, quietLog, fakeMaintenance());

    parent.send({ type: 'backup', file: '/backups/club.db' });

    expect(await parent.next('backup-failed')).toEqual({ type: 'backup-failed', message: 'The club server is not running.' });
  });

  it('under way when a close comes finishes before the server closes', async () => {
    const parent = new FakeParentPort();
    const gate = deferred<{ bytes: number }>();
    const close = vi.fn(async () => {});
    serveParent(parent, async () => ({ port: 8080, urls: [], setupCode: null, close }), quietLog, fakeMaintenance({ backup: () => gate.promise }));
    parent.send({ type: 'start', config: testConfig(), portAttempts: 1 });
    await parent.next('started');

    parent.send({ type: 'backup', file: '/backups/club.db' });
    parent.send({ type: 'close' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(close).not.toHaveBeenCalled();
    gate.resolve({ bytes: 10 });
    await parent.next('closed');

    expect(parent.posted.map((message) => message.type)).toEqual(['started', 'backup-done', 'closed']);
  });
});

describe('a start that restores a backup first', () => {
  it('restores before the server opens the database, then starts', async () => {
    const parent = new FakeParentPort();
    const order: string[] = [];
    const maintenance = fakeMaintenance({
      restore: vi.fn(async () => {
        order.push('restore');
        return { keptAs: '/data/before-restore-1', sessionsKept: true };
      }),
    });
    serveParent(
      parent,
      async (config) => {
        order.push('start');
        return runningServer(config);
      },
      quietLog,
      maintenance,
    );

    parent.send({ type: 'start', config: testConfig(), portAttempts: 1, restoreFrom: '/backups/club.db' });
    await parent.next('started');

    expect(order).toEqual(['restore', 'start']);
    expect(maintenance.restore).toHaveBeenCalledWith(expect.objectContaining({ dataDir: '/tmp/bookclub-test/data' }), '/backups/club.db');
    expect(parent.posted.slice(0, 2)).toEqual([
      { type: 'restored', keptAs: '/data/before-restore-1', sessionsKept: true },
      { type: 'started', port: 8080, urls: [], setupCode: null },
    ]);
  });

  it('a refused backup changes nothing and the server starts as it was', async () => {
    const parent = new FakeParentPort();
    const startServer = vi.fn(runningServer);
    serveParent(
      parent,
      startServer,
      quietLog,
      fakeMaintenance({
        restore: async () => {
          throw new Refused('/downloads/photo.jpg is not a Bookclub database.');
        },
      }),
    );

    parent.send({ type: 'start', config: testConfig(), portAttempts: 1, restoreFrom: '/downloads/photo.jpg' });
    await parent.next('started');

    expect(parent.posted[0]).toEqual({ type: 'restore-refused', message: '/downloads/photo.jpg is not a Bookclub database.' });
    expect(startServer).toHaveBeenCalledOnce();
  });

  it('a restore that fails part-way does not start the club on what is left', async () => {
    const parent = new FakeParentPort();
    const log = { warn: vi.fn(), error: vi.fn() };
    const startServer = vi.fn(runningServer);
    serveParent(
      parent,
      startServer,
      log,
      fakeMaintenance({
        restore: async () => {
          throw new Error('ENOSPC: no space left on device');
        },
      }),
    );

    const failed = parent.next('failed');
    parent.send({ type: 'start', config: testConfig(), portAttempts: 1, restoreFrom: '/backups/club.db' });

    expect(await failed).toEqual({
      type: 'failed',
      message:
        'Restoring the club from /backups/club.db failed: ENOSPC: no space left on device. The club was not started; ' +
        'check its data folder (/tmp/bookclub-test/data) before starting it again.',
    });
    expect(startServer).not.toHaveBeenCalled();
  });
});

describe('a promise rejected with nobody to handle it', () => {
  it('is logged and the server process carries on', () => {
    const process = new EventEmitter();
    const log = { error: vi.fn() };
    surviveUnhandledRejections(process, log);

    const reason = new Error('ERR_HTTP_HEADERS_SENT');
    process.emit('unhandledRejection', reason, Promise.resolve());

    expect(log.error).toHaveBeenCalledExactlyOnceWith(expect.stringContaining('the club carries on'), reason);
  });
});
