import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { GOODREADS_HOSTS } from '../../../shared/api/scrape';

/**
 * Tests never touch the live site: this local server answers Goodreads paths with the saved pages in
 * fixtures/ and with the misbehaviours a scraper must survive, and `fetch` sends Goodreads URLs to it,
 * so the scraper's own checks still see https://www.goodreads.com/… addresses.
 */
export interface FakeGoodreads {
  fetch: typeof fetch;
  /** Every URL the scraper asked for, as it asked. */
  requested: string[];
  close(): Promise<void>;
}

export const BOOKS = {
  full: '/book/show/12345678-the-baker-s-daughter-the-sea',
  noDescription: '/book/show/555.Quiet_Hours',
  noData: '/book/show/777-sign-in-wall',
};

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));
const PAGES: Record<string, Buffer> = {
  [BOOKS.full]: fixture('book-full.html'),
  [BOOKS.noDescription]: fixture('book-no-description.html'),
  [BOOKS.noData]: fixture('no-structured-data.html'),
};

/** Misbehaviours by path: redirects, errors, huge and slow pages. */
const ROUTES: Record<string, (res: http.ServerResponse) => unknown> = {
  // Goodreads' short form of a book link forwards to the slugged one, here with tracking on it.
  '/book/show/12345678': (res) => redirect(res, 301, `${BOOKS.full}?from_search=true&qid=abc`),
  '/book/show/1-to-elsewhere': (res) => redirect(res, 302, 'https://goodreads.example.net/book/show/1'),
  '/book/show/2-to-http': (res) => redirect(res, 302, 'http://www.goodreads.com/book/show/2'),
  '/book/show/3-loop': (res) => redirect(res, 302, '/book/show/3-loop'),
  '/book/show/4-no-location': (res) => res.writeHead(302).end(),
  '/book/show/404': (res) => res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Page not found</h1>'),
  '/book/show/503': (res) => res.writeHead(503, { 'Content-Type': 'text/html' }).end('<h1>Be right back</h1>'),
  // Four megabytes, streamed without a Content-Length, as a runaway page would come.
  '/book/show/8-huge': async (res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let i = 0; i < 64 && !res.destroyed; i++) {
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    res.end();
  },
  '/book/show/9-declared-huge': (res) => res.writeHead(200, { 'Content-Length': String(50 * 1024 * 1024) }).write('<html>'),
  // Starts the page, then stalls: the time limit must cover the body too.
  '/book/show/10-stalls': (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).write('<html><head>'),
  '/book/show/11-silent': () => {},
  // Two megabytes of script tags that never close: reading it on the club's thread took minutes.
  '/book/show/12-hostile': (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>'.repeat(250_000)),
};

function drainedOrClosed(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

function redirect(res: http.ServerResponse, status: number, location: string) {
  res.writeHead(status, { Location: location }).end();
}

export async function startFakeGoodreads(): Promise<FakeGoodreads> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const page = PAGES[pathname];
    if (page) res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    else void (ROUTES[pathname] ?? ROUTES['/book/show/404']!)(res);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const requested: string[] = [];
  return {
    requested,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requested.push(url.href);
      // A test that lets the scraper leave Goodreads must fail loudly, not reach the internet.
      if (url.protocol !== 'https:' || !GOODREADS_HOSTS.includes(url.hostname)) throw new Error(`left Goodreads: ${url}`);
      return fetch(base + url.pathname + url.search, init);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
