import { describe, expect, it, vi } from 'vitest';
import { judgeNavigation, navigationGuard, windowOpenGuard } from './navigation';

const club = 'http://localhost:8081';

function navigation(url: string) {
  return { url, preventDefault: vi.fn() };
}

describe('judgeNavigation', () => {
  it.each([
    ['http://localhost:8081/', 'in-app'],
    ['http://localhost:8081/discussions/3?post=5#end', 'in-app'],
    ['https://www.goodreads.com/book/show/1', 'external'],
    ['http://localhost:8080/', 'external'],
    ['http://127.0.0.1:8081/', 'external'],
    ['https://localhost:8081/', 'external'],
    ['mailto:club@example.org', 'external'],
    ['file:///etc/passwd', 'blocked'],
    ['javascript:alert(1)', 'blocked'],
    ['smb://server/share', 'blocked'],
    ['not a url', 'blocked'],
  ] as const)('%s is %s', (url, verdict) => {
    expect(judgeNavigation(url, club)).toBe(verdict);
  });
});

describe('navigating the window', () => {
  it('stays in the app within the club', () => {
    const openExternal = vi.fn(async () => {});
    const event = navigation('http://localhost:8081/polls/2');

    navigationGuard(club, openExternal)(event);

    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('to another origin is refused and opened in the system browser', () => {
    const openExternal = vi.fn(async () => {});
    const event = navigation('https://www.goodreads.com/book/show/1');

    navigationGuard(club, openExternal)(event);

    expect(event.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://www.goodreads.com/book/show/1');
  });

  it('to a local file is refused and not handed to the system', () => {
    const openExternal = vi.fn(async () => {});
    const log = { warn: vi.fn() };
    const event = navigation('file:///home/me/.ssh/id_rsa');

    navigationGuard(club, openExternal, log)(event);

    expect(event.preventDefault).toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalled();
  });

  it('logs, rather than throws, when the system cannot open a link', async () => {
    const log = { warn: vi.fn() };
    const openExternal = vi.fn(() => Promise.reject(new Error('no browser')));

    navigationGuard(club, openExternal, log)(navigation('https://example.org/'));
    await Promise.resolve();
    await Promise.resolve();

    expect(log.warn).toHaveBeenCalledWith('Could not open https://example.org/ outside the app:', expect.any(Error));
  });
});

describe('opening a new window', () => {
  /** What the guard answers a page's request to open `url`, and where it sent the link. */
  function openWindow(url: string) {
    const openExternal = vi.fn(async () => {});
    const openInApp = vi.fn();
    const answer = windowOpenGuard(club, openExternal, openInApp, { warn: vi.fn() })({ url });
    return { answer, openExternal, openInApp };
  }

  it('is always denied; a club link opens in the one window', () => {
    const { answer, openExternal, openInApp } = openWindow('http://localhost:8081/books/1');

    expect(answer).toEqual({ action: 'deny' });
    expect(openInApp).toHaveBeenCalledWith('http://localhost:8081/books/1');
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('to another origin is denied and opened in the system browser', () => {
    const { answer, openExternal, openInApp } = openWindow('https://matrix.to/#/#club:example.org');

    expect(answer).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://matrix.to/#/#club:example.org');
    expect(openInApp).not.toHaveBeenCalled();
  });

  it('to anything but the web or mail is denied outright', () => {
    const { answer, openExternal, openInApp } = openWindow('about:blank');

    expect(answer).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(openInApp).not.toHaveBeenCalled();
  });
});
