import type { ParameterizedContext } from 'koa';
import type { Language } from '../../shared/constants';

/**
 * What the http layer needs to know of a signed-in account: who it is (answers kept per member) and its
 * roles (the guards). The accounts feature's User is one; the composition (server/app.ts) says which, so
 * this layer imports no feature and a handler still gets the whole account.
 */
export interface SignedIn {
  id: string;
  isBot: boolean;
  isModerator: boolean;
  isAdmin: boolean;
}

/** What the middleware chain puts on ctx.state for every request. */
export interface AppState<M extends SignedIn = SignedIn> {
  language: Language;
  /** The signed-in account, or null for a visitor. */
  user: M | null;
  /** A bearer token came and was refused (forged, expired, or its session ended). */
  tokenRejected: boolean;
  /** On the club host's own machine (loopback, and not forwarded by an untrusted proxy). */
  fromHostMachine: boolean;
  /** The client's address as attempts are counted (see client-address.ts). */
  clientAddress: string;
  /** The bytes of a route's uploaded file (server/http/upload.ts). */
  upload?: Buffer;
  /** The path of a route's uploaded file stored on disk (storage 'disk'); deleted after the handler. */
  uploadFile?: string;
}

export type AppContext<M extends SignedIn = SignedIn> = ParameterizedContext<AppState<M>>;
