import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsInTurn } from './requests-in-turn';

// A server whose handler holds each request until the test lets it go, so what is under way can be counted.

interface Held {
  url: string;
  /** The body as the handler read it. */
  body: Promise<string>;
  answer(): void;
}

let server: http.Server;
let held: Held[];
let port: number;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

async function start(limit: number, options: { turnMs?: number; maxWaiting?: number } = {}): Promise<void> {
  held = [];
  const handle: http.RequestListener = (request, response) => {
    if (request.url === '/poll') return void setTimeout(() => response.end('polled'), 300);
    // More than the system buffers between the two ends of a connection.
    if (request.url === '/big') return void response.end(Buffer.alloc(16 * 1024 * 1024));
    held.push({ url: request.url!, body: readBody(request), answer: () => response.end(request.url) });
  };
  const inTurn = requestsInTurn(handle, {
    limit,
    bufferedBodyBytes: 1024,
    ...options,
    refuse: (_request, response) => {
      response.statusCode = 503;
      response.end('busy');
    },
  });
  // As the club's hub does: the long-polls of its path are answered before the app's listener sees them.
  server = http.createServer((request, response) => (request.url === '/poll' ? handle(request, response) : inTurn(request, response)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A request on a connection of its own; answers its status and body. */
function send(path: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, agent: false, method: body === undefined ? 'GET' : 'POST' }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(response.statusCode === 200 ? text : `${response.statusCode} ${text}`));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A raw connection that sends `head` now and holds the rest back. */
async function rawConnection(head: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => {});
  socket.write(head);
  return socket;
}

const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));
const urls = () => held.map((request) => request.url);

describe('requests in turn', () => {
  it('works on at most the limit at once; the others wait, in the order they came, until those end', async () => {
    await start(2);
    const answers = ['/1', '/2', '/3', '/4', '/5'].map(async (path, i) => {
      await settle(i * 20);
      return send(path);
    });
    await settle(250);
    expect(urls()).toEqual(['/1', '/2']);
    held.shift()!.answer();
    await settle();
    expect(urls()).toEqual(['/2', '/3']);
    while (held.length > 0) {
      held.shift()!.answer();
      await settle();
    }
    expect(await Promise.all(answers)).toEqual(['/1', '/2', '/3', '/4', '/5']);
  });

  it('does not count the requests the hub takes before the app (its long-polls)', async () => {
    await start(1);
    const polls = [send('/poll'), send('/poll')];
    await settle(50);
    const read = send('/read');
    await settle();
    expect(urls()).toEqual(['/read']);
    held.shift()!.answer();
    expect(await read).toBe('/read');
    expect(await Promise.all(polls)).toEqual(['polled', 'polled']);
  });

  it('gives no turn to a connection that sends nothing, nor to a body still arriving', async () => {
    await start(1);
    const idle = await rawConnection('');
    const slow = await rawConnection('POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc');
    const read = send('/read');
    await settle(200);
    expect(urls()).toEqual(['/read']);
    held.shift()!.answer();
    expect(await read).toBe('/read');
    // Once the body is whole, the request takes its turn, and the app reads the body as it was sent.
    slow.write('defghij');
    await settle();
    expect(urls()).toEqual(['/slow']);
    expect(await held[0]!.body).toBe('abcdefghij');
    held.shift()!.answer();
    idle.destroy();
    slow.destroy();
  });

  it('reads a chunked body whole before its turn too, and hands it to the app as it was sent', async () => {
    await start(1);
    const chunked = await rawConnection('POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n');
    const read = send('/read');
    await settle();
    expect(urls()).toEqual(['/read']);
    held.shift()!.answer();
    expect(await read).toBe('/read');
    chunked.write('2\r\nde\r\n0\r\n\r\n');
    await settle();
    expect(urls()).toEqual(['/chunked']);
    expect(await held[0]!.body).toBe('abcde');
    held.shift()!.answer();
    chunked.destroy();
  });

  it('hands a long body to the app at once, without a turn, to read as it arrives', async () => {
    await start(1);
    const read = send('/read');
    await settle();
    const upload = await rawConnection('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 3000\r\n\r\n' + 'a'.repeat(1000));
    await settle();
    expect(urls()).toEqual(['/read', '/upload']);
    upload.write('b'.repeat(2000));
    expect(await held[1]!.body).toBe('a'.repeat(1000) + 'b'.repeat(2000));
    for (const request of held.splice(0)) request.answer();
    expect(await read).toBe('/read');
    upload.destroy();
  });

  it('gives the turn back once the answer is handed to the connection, though its client reads none of it', async () => {
    await start(1);
    const reader = await rawConnection('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
    reader.pause();
    await settle();
    const read = send('/read');
    await settle();
    expect(urls()).toEqual(['/read']);
    held.shift()!.answer();
    expect(await read).toBe('/read');
    reader.destroy();
  });

  it('takes back the turn of a request that takes long', async () => {
    await start(1, { turnMs: 300 });
    const read = send('/read');
    await settle(100);
    const next = send('/next');
    await settle(100);
    expect(urls()).toEqual(['/read']);
    await settle(300);
    expect(urls()).toEqual(['/read', '/next']);
    for (const request of held.splice(0)) request.answer();
    expect(await Promise.all([read, next])).toEqual(['/read', '/next']);
  });

  it('answers 503 to a request beyond those that may wait', async () => {
    await start(1, { maxWaiting: 1 });
    const first = send('/1');
    await settle(50);
    const second = send('/2');
    await settle(50);
    expect(await send('/3')).toBe('503 busy');
    for (let i = 0; i < 2; i++) {
      held.shift()!.answer();
      await settle();
    }
    expect(await Promise.all([first, second])).toEqual(['/1', '/2']);
  });
});
