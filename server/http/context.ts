import type { ParameterizedContext } from 'koa';
import type { Language } from '../../shared/constants';
import type { User } from '../features/accounts/user.entity';

/** What the middleware chain puts on ctx.state for every request. */
export interface AppState {
  language: Language;
  /** The signed-in account, or null for a visitor. */
  user: User | null;
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

export type AppContext = ParameterizedContext<AppState>;
