import { describe, expect, it, vi } from 'vitest';
import { sessionEndHandler } from './session-end';

function signedIn(token: string | null) {
  const state = { token };
  const signOut = vi.fn(() => {
    state.token = null;
  });
  const notify = vi.fn();
  const sessionEnded = sessionEndHandler({ currentToken: () => state.token, signOut, notify });
  return { state, signOut, notify, sessionEnded };
}

describe('a session the server ended', () => {
  it('signs the member out and says so', () => {
    const { state, signOut, notify, sessionEnded } = signedIn('revoked');
    sessionEnded('revoked');
    expect(signOut).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledOnce();
    expect(state.token).toBeNull();
  });

  it('says so once, however many requests failed with the token', () => {
    const { signOut, notify, sessionEnded } = signedIn('revoked');
    sessionEnded('revoked');
    sessionEnded('revoked');
    sessionEnded('revoked');
    expect(signOut).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledOnce();
  });

  it('leaves a newer session alone when a request with the old token fails late', () => {
    const { state, signOut, notify, sessionEnded } = signedIn('new');
    sessionEnded('old');
    expect(signOut).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    expect(state.token).toBe('new');
  });

  it('does nothing for a visitor', () => {
    const { signOut, notify, sessionEnded } = signedIn(null);
    sessionEnded('stale');
    sessionEnded('');
    expect(signOut).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });
});
