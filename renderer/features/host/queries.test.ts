import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { HostStatus } from '../../../shared/api/host';
import { server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { endSessionsMutation, hostStatusQuery, restoreMutation, retryMailMutation } = await import('./queries');
const { useSessionStore } = await import('../../store/session-store');

const status = (pending: number): HostStatus => ({
  siteName: 'Riverside Readers',
  version: '0.1.0',
  startedAt: '2026-03-01T08:00:00.000Z',
  dataDir: '/srv/bookclub',
  databaseBytes: 1_200_000,
  imagesBytes: 300_000,
  membersOnline: 2,
  addresses: [{ url: 'http://192.168.1.5:8080', kind: 'lan' }],
  mail: { transport: 'smtp', pending, failing: 0, lastError: null, lastErrorAt: null },
  backups: {
    last: null,
    scheduled: { enabled: true, folder: '/srv/bookclub/backups', kept: 7, nextDueAt: null, lastFailure: null, files: [] },
  },
});

let queryClient = testQueryClient();

describe('the host page’s mail queue', () => {
  beforeEach(() => {
    server.reset();
    queryClient = testQueryClient();
  });

  it('is read again after a retry, which answers how many mails go again', async () => {
    let pending = 3;
    server.on(API.host.status, () => status(pending));
    server.on(API.host.retryMail, () => {
      pending = 0;
      return { retried: 3 };
    });
    // The page shows the queue: the query has an observer.
    const shown = new QueryObserver(queryClient, hostStatusQuery);
    const unsubscribe = shown.subscribe(() => {});
    await vi.waitFor(() => expect(shown.getCurrentResult().data?.mail.pending).toBe(3));
    const answer = await new MutationObserver(queryClient, retryMailMutation(queryClient)).mutate();
    expect(answer).toEqual({ retried: 3 });
    await vi.waitFor(() => expect(queryClient.getQueryData(hostStatusQuery.queryKey)?.mail.pending).toBe(0));
    expect(server.callsOf(API.host.status)).toHaveLength(2);
    unsubscribe();
  });
});

describe('restoring a backup', () => {
  beforeEach(() => server.reset());

  it('uploads the file as the contract’s field, with the club’s name as typed', async () => {
    server.on(API.host.restore, () => ({
      kind: 'archive' as const,
      createdAt: '2026-03-01T08:00:00.000Z',
      appVersion: '0.1.0',
      counts: { members: 5 },
      sessionsKept: true,
      keptAs: 'replaced-2026-03-02T100000',
      bringsBack: {
        asOf: '2026-03-01T08:00:00.000Z',
        what: ['passwords' as const, 'sessions' as const, 'calendarFeeds' as const],
        notice: 'The club is now as it was…',
      },
    }));
    const backup = new File([new Uint8Array([0x1f, 0x8b])], 'bookclub-backup.tar.gz', { type: 'application/gzip' });
    const restored = await new MutationObserver(testQueryClient(), restoreMutation).mutate({ backup, clubName: ' riverside readers ' });
    expect(restored.keptAs).toBe('replaced-2026-03-02T100000');
    const [call] = server.callsOf(API.host.restore);
    expect(call?.query.get('clubName')).toBe(' riverside readers ');
    const sent = (call?.body as FormData).get('backup');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('bookclub-backup.tar.gz');
  });
});

describe('ending every session and calendar feed after a restore', () => {
  beforeEach(() => server.reset());

  it('keeps this browser signed in with the fresh token the answer carries', async () => {
    const profile = { userId: 'admin-1' } as Parameters<ReturnType<typeof useSessionStore.getState>['signedIn']>[1];
    useSessionStore.getState().signedIn('old-token', profile);
    server.on(API.host.endSessions, () => ({ sessionsEnded: 4, feedsRevoked: 2, token: 'fresh-token' }));
    const ended = await new MutationObserver(testQueryClient(), endSessionsMutation).mutate();
    expect(ended).toEqual({ sessionsEnded: 4, feedsRevoked: 2, token: 'fresh-token' });
    expect(server.callsOf(API.host.endSessions)).toHaveLength(1);
    expect(useSessionStore.getState().token).toBe('fresh-token');
    expect(useSessionStore.getState().myProfile).toBe(profile);
  });
});
