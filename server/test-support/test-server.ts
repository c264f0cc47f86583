import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../settings';
import { startServer, type RunningServer, type StartOptions } from '../start-server';

export interface TestServer {
  url: string;
  dataDir: string;
  server: RunningServer;
  /** A JSON call; answers the status, headers and parsed body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads the body it asserts on; one that wants it checked names T
  call<T = any>(method: string, apiPath: string, options?: CallOptions): Promise<CallResult<T>>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  /** A raw body sent as is, with its own content type. */
  rawBody?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** A real club server on a free port with a fresh data folder, for tests over real HTTP. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, startOptions: StartOptions = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-test-'));
  const server = await startServer(
    {
      dataDir,
      port: 0,
      host: '127.0.0.1',
      siteName: 'Test Club',
      defaultLanguage: 'en',
      matrixRoomLink: null,
      smtpUrl: null,
      rendererDir: null,
      quiet: true,
      // Daily backups only where a test is about them: others move the clock on by days.
      backupsKept: 0,
      // Tests never reach the internet: a test of the book lookup gives a fake Open Library.
      openLibrary: null,
      ...overrides,
    },
    startOptions,
  );
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    dataDir,
    server,
    async call<T>(method: string, apiPath: string, options: CallOptions = {}): Promise<CallResult<T>> {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) {
        body = options.rawBody;
        headers['Content-Type'] = options.contentType ?? 'application/json';
      } else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['Content-Type'] = 'application/json';
      }
      const response = await fetch(url + apiPath, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body: parsed as T };
    },
    async close() {
      await server.close();
      if (!overrides.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const ADMIN = { email: 'host@club.test', password: 'correct horse battery' };

/** Sets the club up and signs its first admin in; answers the admin's token. */
export async function setUpClub(club: TestServer): Promise<string> {
  const setup = await club.call('POST', '/api/accounts/registerfirstadmin', { body: ADMIN });
  if (setup.status !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
  const login = await club.call('POST', '/api/accounts/login', { body: ADMIN });
  return login.body.token as string;
}
