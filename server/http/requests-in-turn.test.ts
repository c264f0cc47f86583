import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsInTurn } from './requests-in-turn';

// A server whose handler holds each request until the test lets it go, so what is under way can be counted.

interface Held {
  url: string;
  answer(): void;
}

let server: http.Server;
let held: Held[];
let port: number;

async function start(limit: number, turnMs?: { connection: number; request: number }): Promise<void> {
  held = [];
  server = http.createServer((request, response) => {
    if (request.url === '/poll') return void setTimeout(() => response.end('polled'), 300);
    held.push({ url: request.url!, answer: () => response.end(request.url) });
  });
  requestsInTurn(server, { limit, exempt: (request) => request.url === '/poll', turnMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A GET on a connection of its own; answers its body. */
function get(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

describe('requests in turn', () => {
  it('works on at most the limit at once; the others are read, in the order they came, as those end', async () => {
    await start(2);
    const answers = ['/1', '/2', '/3', '/4', '/5'].map(async (path, i) => {
      await settle(i * 20);
      return get(path);
    });
    await settle(250);
    expect(held.map((request) => request.url)).toEqual(['/1', '/2']);
    held.shift()!.answer();
    await settle();
    expect(held.map((request) => request.url)).toEqual(['/2', '/3']);
    while (held.length > 0) {
      held.shift()!.answer();
      await settle();
    }
    expect(await Promise.all(answers)).toEqual(['/1', '/2', '/3', '/4', '/5']);
  });

  it('does not count the requests it is told to leave out (the live hub’s long-polls)', async () => {
    await start(1);
    const polls = [get('/poll'), get('/poll')];
    await settle(50);
    const read = get('/read');
    await settle();
    expect(held.map((request) => request.url)).toEqual(['/read']);
    held.shift()!.answer();
    expect(await read).toBe('/read');
    expect(await Promise.all(polls)).toEqual(['polled', 'polled']);
  });

  it('takes back the turn of a connection that sends nothing, and of a request that takes long', async () => {
    await start(1, { connection: 50, request: 600 });
    const idle = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const read = get('/read');
    await settle(200);
    expect(held.map((request) => request.url)).toEqual(['/read']);
    const slow = get('/slow');
    await settle(200);
    expect(held.map((request) => request.url)).toEqual(['/read']);
    await settle(500);
    expect(held.map((request) => request.url)).toEqual(['/read', '/slow']);
    for (const request of held.splice(0)) request.answer();
    expect(await Promise.all([read, slow])).toEqual(['/read', '/slow']);
    idle.destroy();
  });
});
