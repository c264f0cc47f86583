import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import { profile } from '../test-support/profiles';

vi.mock('../features/home/home.service', () => ({ homeService: { load: vi.fn() } }));
vi.mock('../lib/notify', () => ({ notifyNotice: vi.fn(), handleError: vi.fn(), notifySuccess: vi.fn() }));
// Tests run in node: the store only sets <html lang>.
vi.stubGlobal('document', { documentElement: { lang: 'en' } });

const { homeService } = await import('../features/home/home.service');
const { notifyNotice } = await import('../lib/notify');
const { useLoginForm } = await import('../features/session/login-form.store');
const { useAppStore } = await import('./app-store');

const pushed = (overrides: Partial<Discussion>): Discussion =>
  ({ discussionId: 3, roundId: 1, title: 'Winter reads: book suggestions', topic: 'Books', isClosed: false, pollId: null, posts: [], ...overrides }) as Discussion;

describe('a DiscussionChanged push', () => {
  beforeEach(() => {
    vi.mocked(homeService.load).mockResolvedValue({
      books: [],
      notice: null,
      currentPoll: { pollId: 4, discussionId: 3, title: 'vote', topic: 'Books', isClosed: false },
      currentDiscussion: null,
      myProfile: null,
      siteName: 'Club',
      defaultLanguage: 'en',
      matrixRoomLink: null,
      needsSetup: false,
      setupNeedsCode: false,
    });
    useAppStore.setState({ currentDiscussion: null, currentPoll: null });
  });

  it('makes an open discussion the club’s current one', () => {
    useAppStore.getState().discussionChanged(pushed({}));
    expect(useAppStore.getState().currentDiscussion).toEqual({ discussionId: 3, title: 'Winter reads: book suggestions', topic: 'Books', isClosed: false });
  });

  it('keeps a newer open discussion current over an older one', () => {
    useAppStore.getState().discussionChanged(pushed({ discussionId: 5, title: 'Newer' }));
    useAppStore.getState().discussionChanged(pushed({ discussionId: 3, title: 'Older' }));
    expect(useAppStore.getState().currentDiscussion?.title).toBe('Newer');
  });

  it('clears the current discussion when it closes, and fetches the poll it opened', async () => {
    useAppStore.getState().discussionChanged(pushed({}));
    useAppStore.getState().discussionChanged(pushed({ isClosed: true, pollId: 4 }));
    expect(useAppStore.getState().currentDiscussion).toBeNull();
    await vi.waitFor(() => expect(useAppStore.getState().currentPoll?.pollId).toBe(4));
  });
});

describe('a session the server ended', () => {
  const me = profile({ userId: 'bea' });

  beforeEach(() => {
    vi.mocked(notifyNotice).mockClear();
    useLoginForm.getState().cancel();
    useAppStore.setState({ token: 'revoked', myProfile: me, noticeboardHtml: '<p>Members only</p>' });
  });

  it('signs the member out as logout does, says so once, and opens the login form with their email', () => {
    useAppStore.getState().sessionEnded('revoked');
    useAppStore.getState().sessionEnded('revoked');
    const state = useAppStore.getState();
    expect(state.token).toBeNull();
    expect(state.myProfile).toBeNull();
    expect(state.noticeboardHtml).toBeNull();
    expect(notifyNotice).toHaveBeenCalledExactlyOnceWith('Your session has ended. Please sign in again.', 'session-ended');
    expect(useLoginForm.getState()).toMatchObject({ open: true, email: 'bea@riverside.test' });
  });

  it('leaves a newer sign-in alone', () => {
    useAppStore.setState({ token: 'fresh' });
    useAppStore.getState().sessionEnded('revoked');
    expect(useAppStore.getState().token).toBe('fresh');
    expect(notifyNotice).not.toHaveBeenCalled();
  });
});
