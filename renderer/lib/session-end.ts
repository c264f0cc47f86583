export interface SessionEndOptions {
  /** The token the app is signed in with now (null when signed out). */
  currentToken(): string | null;
  /** Signs out here, as logout does: token and profile cleared, live connection stopped. */
  signOut(): void;
  /** Tells the member their session has ended. */
  notify(): void;
}

/**
 * What happens when the server stops accepting a member's token (a 401 from the API, or the hub refusing
 * it): the app signs them out and says so once. Every other request that was in flight with the same token
 * fails too, and a reply for a token that is no longer the app's (signed out already, or signed in again
 * since) changes nothing.
 */
export function sessionEndHandler(options: SessionEndOptions): (token: string) => void {
  return function sessionEnded(token) {
    if (!token || options.currentToken() !== token) return;
    options.signOut();
    options.notify();
  };
}
