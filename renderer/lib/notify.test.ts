import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const { notifications } = await import('@mantine/notifications');
const { ApiError } = await import('./api');
const { handleError, notifyNotice } = await import('./notify');

const problem = (status: number, detail: string) => ({ status, title: 'x', detail });

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('error toasts', () => {
  it('show the server’s detail', () => {
    handleError(new ApiError(401, problem(401, 'Wrong email or password.')));
    expect(notifications.show).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'Wrong email or password.', color: 'red' }));
  });

  it('stay quiet for requests that failed because the session ended (the app says that once)', () => {
    handleError(new ApiError(401, problem(401, 'Sign in first.'), true));
    handleError(new ApiError(401, problem(401, 'Sign in first.'), true), 'login.failed');
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

describe('a notice', () => {
  it('carries its id, so the same notice is not stacked twice', () => {
    notifyNotice('Your session has ended. Please sign in again.', 'session-ended');
    expect(notifications.show).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'session-ended', color: 'orange' }));
  });
});
