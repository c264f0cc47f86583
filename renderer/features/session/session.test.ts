import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { HomeData } from '../../../shared/api/home';
import { createLiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { api, server, testQueryClient } from '../../test-support/fake-api';
import { homeData } from '../../test-support/home';
import { profile, userListEntry } from '../../test-support/profiles';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));
vi.mock('../../lib/notify', () => ({ notifyNotice: vi.fn(), handleError: vi.fn(), notifySuccess: vi.fn() }));
// Tests run in node: applying home's language only sets <html lang>.
vi.stubGlobal('document', { documentElement: { lang: 'en' } });

const { notifyNotice } = await import('../../lib/notify');
// The language's catalogues come as a chunk of their own; the app renders once they are in, and so do these tests.
await (
  await import('../../lib/i18n')
).i18nReady;
const { useSessionStore } = await import('../../store/session-store');
const { useLoginForm } = await import('./login-form.store');
const { createSession } = await import('./session');

const me = profile({ userId: 'bea', email: 'bea@riverside.test', name: 'Bea Reader' });

/** A cache as the app has it: home is read from the server (the home feature's query does that in the app). */
function appQueryClient() {
  const client = testQueryClient();
  client.setQueryDefaults(routeKey('home', 'get'), { queryFn: () => api.home.get() });
  return client;
}

let queryClient = appQueryClient();
let session = createSession(queryClient, createLiveUpdates());

describe('a session the server ended', () => {
  beforeEach(async () => {
    server.reset();
    queryClient = appQueryClient();
    session = createSession(queryClient, createLiveUpdates());
    vi.mocked(notifyNotice).mockClear();
    useLoginForm.getState().cancel();
    useSessionStore.setState({ token: 'revoked', myProfile: me });
    queryClient.setQueryData(routeKey('home', 'get'), homeData({ notice: '<p>Members only</p>', myProfile: me }));
    queryClient.setQueryData(routeKey('users', 'list'), [userListEntry({ userId: 'bea' })]);
    // The visitor's home, once the member's token is gone.
    server.on(API.home.get, () => homeData({}));
  });

  it('signs the member out as logout does, says so once, and opens the login form with their email', async () => {
    session.sessionEnded('revoked');
    session.sessionEnded('revoked');
    expect(useSessionStore.getState()).toMatchObject({ token: null, myProfile: null });
    expect(notifyNotice).toHaveBeenCalledExactlyOnceWith('Your session has ended. Please sign in again.', 'session-ended');
    expect(useLoginForm.getState()).toMatchObject({ open: true, email: 'bea@riverside.test' });
    // Nobody's member list is kept, and home no longer shows the members' noticeboard.
    expect(queryClient.getQueryData(routeKey('users', 'list'))).toBeUndefined();
    await queryClient.refetchQueries({ queryKey: routeKey('home', 'get') });
    expect(queryClient.getQueryData<HomeData>(routeKey('home', 'get'))?.notice).toBeNull();
  });

  it('leaves a newer sign-in alone', () => {
    useSessionStore.setState({ token: 'fresh' });
    session.sessionEnded('revoked');
    expect(useSessionStore.getState().token).toBe('fresh');
    expect(notifyNotice).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(routeKey('users', 'list'))).toHaveLength(1);
  });
});

describe('signing in', () => {
  beforeEach(() => {
    server.reset();
    queryClient = appQueryClient();
    session = createSession(queryClient, createLiveUpdates({ connect: () => ({ on() {}, removeAllListeners() {}, disconnect() {} }) as never }));
    useSessionStore.setState({ token: null, myProfile: null });
    queryClient.setQueryData(routeKey('home', 'get'), homeData({}));
  });

  it('keeps the token, and answers once home shows the member’s club', async () => {
    server.on(API.accounts.login, () => ({ ...me, token: 'fresh' }));
    server.on(API.home.get, () => homeData({ notice: '<p>Members only</p>', myProfile: me }));
    const signedIn = await session.login(me.email, 'correct horse');
    expect(signedIn.userId).toBe('bea');
    expect(useSessionStore.getState().token).toBe('fresh');
    expect(queryClient.getQueryData<HomeData>(routeKey('home', 'get'))?.notice).toBe('<p>Members only</p>');
  });
});
