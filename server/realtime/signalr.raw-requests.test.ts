import crypto from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import { HUB_PATH } from '../../shared/constants';
import { HUB_EVENTS } from '../../shared/events';
import { setUpClub, startTestServer } from '../test-support/test-server';
import {
  ANSWER_WITHIN_MS,
  HUB,
  NEGOTIATE,
  RS,
  SIGNALR_HANDSHAKE,
  TEXT,
  expectPromptClose,
  signalRConnection,
  useWatchedClub,
  within,
} from './test-support/foreign-clients';

// SignalR requests written by hand, well-formed or hostile: each is answered promptly with what the protocol
// says or problem details, and the server answers GET /api/home afterwards (test-support/foreign-clients.ts).
const hub = useWatchedClub();
const bearer = () => ({ Authorization: `Bearer ${hub.token}` });
const problem = (text: string) => JSON.parse(text) as { status: number; title: string; detail: string };

describe('SignalR negotiate', () => {
  beforeAll(hub.start);
  afterAll(() => hub.club.close());
  afterEach(hub.forgetTroubles);

  it('version 1 answers a connection id, a separate secret token and the three transports, text only', async () => {
    const answer = await hub.send('POST', NEGOTIATE, { headers: bearer() });
    expect(answer.status).toBe(200);
    const negotiated = JSON.parse(answer.text);
    expect(negotiated).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text'] },
      ],
    });
    expect(negotiated.connectionToken).not.toBe(negotiated.connectionId);
    await hub.expectAlive('a negotiate');
  });

  it('takes the token as access_token in the query, as browsers send it', async () => {
    expect((await hub.send('POST', `${NEGOTIATE}&access_token=${encodeURIComponent(hub.token)}`)).status).toBe(200);
  });

  it('without negotiateVersion answers version 0: the id is the token', async () => {
    const answer = await hub.send('POST', `${HUB_PATH}/negotiate`, { headers: bearer() });
    expect(answer.status).toBe(200);
    const negotiated = JSON.parse(answer.text);
    expect(negotiated).toMatchObject({ negotiateVersion: 0, connectionId: expect.any(String) });
    expect(negotiated.connectionToken).toBeUndefined();
    expect(await hub.send('GET', signalRConnection(negotiated.connectionId), { headers: bearer() })).toEqual({ status: 200, text: '' });
  });

  it('a later version than 1 is answered with version 1', async () => {
    const answer = await hub.send('POST', `${HUB_PATH}/negotiate?negotiateVersion=7`, { headers: bearer() });
    expect(JSON.parse(answer.text).negotiateVersion).toBe(1);
  });

  it.each([
    ['no token', {}, 401],
    ['a forged token', { Authorization: 'Bearer forged' }, 401],
    ['a token that is not Bearer', { Authorization: 'Basic eDp5' }, 401],
  ])('with %s: %i with problem details', async (what, headers, status) => {
    const answer = await hub.send('POST', NEGOTIATE, { headers });
    expect(answer.status).toBe(status);
    expect(problem(answer.text)).toMatchObject({ status, title: 'Not signed in' });
    await hub.expectAlive(`a negotiate with ${what}`);
  });

  it.each(['GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'])('%s is 405, allowing POST', async (method) => {
    const answer = await hub.send(method, NEGOTIATE, { headers: bearer() });
    expect(answer.status).toBe(405);
    await hub.expectAlive(`${method} negotiate`);
  });

  it.each(['abc', '-1', '1.5', '9'.repeat(40)])('negotiateVersion=%s is 400', async (version) => {
    const answer = await hub.send('POST', `${HUB_PATH}/negotiate?negotiateVersion=${version}`, { headers: bearer() });
    expect(answer.status).toBe(400);
    expect(problem(answer.text).detail).toMatch(/negotiateVersion/);
  });

  it('a huge body is 413, declared or chunked, and the club goes on', async () => {
    const huge = 'x'.repeat(2_000_000);
    expect((await hub.send('POST', NEGOTIATE, { body: huge, headers: { ...bearer(), ...TEXT } })).status).toBe(413);
    const chunked = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(50_000)));
        controller.close();
      },
    });
    const answer = await fetch(hub.club.url + NEGOTIATE, { method: 'POST', body: chunked, headers: bearer(), duplex: 'half' } as RequestInit).catch(
      (error: Error) => error,
    );
    // Answered 413 before the whole body was sent; fetch may see the answer or the connection closing.
    if (!(answer instanceof Error)) expect(answer.status).toBe(413);
    await hub.expectAlive('huge negotiate bodies');
  });
});

describe('SignalR transport requests', () => {
  beforeAll(hub.start);
  afterAll(() => hub.club.close());
  afterEach(hub.forgetTroubles);

  it.each([
    ['GET', 400],
    ['POST', 400],
    ['DELETE', 400],
    ['PUT', 405],
    ['PATCH', 405],
    ['HEAD', 405],
    ['OPTIONS', 405],
  ])('%s on the hub without an id is %i', async (method, status) => {
    for (const path of [HUB_PATH, HUB]) {
      const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
      const answer = await hub.send(method, path, withBody ? { body: SIGNALR_HANDSHAKE, headers: TEXT } : {});
      expect(answer.status, `${method} ${path}`).toBe(status);
    }
    await hub.expectAlive(`${method} without an id`);
  });

  it.each(['GET', 'POST', 'DELETE'])('%s with an unknown connection id is 404', async (method) => {
    const answer = await hub.send(method, signalRConnection('no-such-connection'), method === 'POST' ? { body: SIGNALR_HANDSHAKE, headers: TEXT } : {});
    expect(answer.status).toBe(404);
    expect(problem(answer.text).status).toBe(404);
    await hub.expectAlive(`${method} with an unknown id`);
  });

  it('long polling by hand: handshake, DiscussionChanged with the whole discussion, pings answered, a call refused, DELETE', async () => {
    const connection = await hub.longPolling();
    expect(await hub.send('GET', connection)).toEqual({ status: 200, text: `{}${RS}` });

    const discussionId = await hub.startRound(`Raw ${crypto.randomUUID().slice(0, 6)}`);
    const pushed = await hub.send('GET', connection);
    const [message] = pushed.text.split(RS);
    const invocation = JSON.parse(message!) as { type: number; target: string; arguments: Discussion[] };
    expect(invocation).toMatchObject({ type: 1, target: HUB_EVENTS.discussionChanged });
    expect(invocation.arguments).toHaveLength(1);
    expect(invocation.arguments[0]).toMatchObject({ discussionId, posts: [] });

    // A ping and a non-blocking call need no answer; a call with an id gets a completion with an error.
    const messages = `{"type":6}${RS}{"type":1,"target":"Nope","arguments":[]}${RS}{"type":1,"invocationId":"7","target":"Nope","arguments":[]}${RS}`;
    expect((await hub.send('POST', connection, { body: messages, headers: TEXT })).status).toBe(200);
    const completion = JSON.parse((await hub.send('GET', connection)).text.split(RS)[0]!);
    expect(completion).toMatchObject({ type: 3, invocationId: '7', error: expect.stringMatching(/Nope.*no such method/) });

    expect((await hub.send('DELETE', connection)).status).toBe(202);
    expect((await hub.send('GET', connection)).status).toBe(404);
    await hub.expectAlive('a long-polling connection by hand');
  });

  it.each([
    ['not JSON', `hello${RS}`, /not valid/],
    ['messagepack', `{"protocol":"messagepack","version":1}${RS}`, /'messagepack' is not available/],
    ['version 99', `{"protocol":"json","version":99}${RS}`, /version 99/],
    ['an array', `[1,2]${RS}`, /not valid/],
  ])('a handshake of %s is answered with a handshake error, and the connection ends', async (what, handshake, error) => {
    const connection = await hub.longPolling({ handshake });
    const answer = await hub.send('GET', connection);
    expect(answer.status).toBe(200);
    expect(answer.text.endsWith(RS)).toBe(true);
    expect(JSON.parse(answer.text.slice(0, -1)).error).toMatch(error);
    expect([204, 404]).toContain((await hub.send('GET', connection)).status);
    await hub.expectAlive(`a handshake of ${what}`);
  });

  it('a message that is not JSON closes the connection with an error and no invitation to reconnect', async () => {
    const connection = await hub.longPolling();
    await hub.send('GET', connection);
    expect((await hub.send('POST', connection, { body: `{not json${RS}`, headers: TEXT })).status).toBe(200);
    const close = JSON.parse((await hub.send('GET', connection)).text.split(RS)[0]!);
    expect(close).toEqual({ type: 7, error: expect.stringMatching(/not a JSON object/) });
    expect((await hub.send('GET', connection)).status).toBe(204);
    await hub.expectAlive('a message that is not JSON');
  });

  it('an oversized message is 413 and ends that connection; a poll then collects the Close message', async () => {
    const connection = await hub.longPolling();
    await hub.send('GET', connection);
    const oversized = `{"type":1,"target":"x","arguments":["${'y'.repeat(40_000)}"]}${RS}`;
    expect((await hub.send('POST', connection, { body: oversized, headers: TEXT })).status).toBe(413);
    expect(JSON.parse((await hub.send('GET', connection)).text.split(RS)[0]!)).toMatchObject({ type: 7, error: expect.stringMatching(/larger/) });
    expect((await hub.send('POST', connection, { body: `{"type":6}${RS}`, headers: TEXT })).status).toBe(404);
    await hub.expectAlive('an oversized message');
  });

  it('a message before the transport opened, or a second transport, is refused', async () => {
    const negotiated = JSON.parse((await hub.send('POST', NEGOTIATE, { headers: bearer() })).text);
    const connection = signalRConnection(negotiated.connectionToken);
    expect((await hub.send('POST', connection, { body: SIGNALR_HANDSHAKE, headers: TEXT })).status).toBe(400);
    // Opening needs the token of the account that negotiated.
    expect((await hub.send('GET', connection)).status).toBe(401);
    const stream = await fetch(hub.club.url + connection, { headers: { ...bearer(), Accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect((await hub.send('GET', connection, { headers: bearer() })).status).toBe(400);
    expect((await hub.send('DELETE', connection)).status).toBe(400);
    await stream.body?.cancel();
    await hub.expectAlive('requests out of turn');
  });

  it('a WebSocket: handshake and events; a message over 32 kB closes it with 1009; a bad handshake is answered and closed', async () => {
    const open = async (query = `access_token=${encodeURIComponent(hub.token)}`) => {
      const socket = new WebSocket(`${hub.club.url.replace('http', 'ws')}${HUB_PATH}?${query}`);
      socket.on('error', () => {});
      const received: string[] = [];
      socket.on('message', (data: Buffer) => received.push(data.toString()));
      await within(
        new Promise(
          (resolve, reject) => (
            socket.once('open', resolve),
            socket.once('unexpected-response', (_, response) => reject(new Error(`answered ${response.statusCode}`)))
          ),
        ),
        ANSWER_WITHIN_MS,
        'open',
      );
      const closed = within(new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code))), ANSWER_WITHIN_MS, 'close');
      return { socket, received, closed };
    };
    const until = (condition: () => boolean) =>
      within(
        (async () => {
          while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
        })(),
        ANSWER_WITHIN_MS,
        'message',
      );

    const good = await open();
    good.socket.send(SIGNALR_HANDSHAKE);
    await until(() => good.received.join('').includes(`{}${RS}`));
    const discussionId = await hub.startRound(`WS ${crypto.randomUUID().slice(0, 6)}`);
    await until(() => good.received.join('').includes(`"discussionId":${discussionId}`));
    good.socket.send('z'.repeat(40_000));
    expect(await good.closed).toBe(1009);

    const bad = await open();
    bad.socket.send(`{"protocol":"messagepack","version":1}${RS}`);
    expect(await bad.closed).toBe(1000);
    expect(bad.received.join('')).toMatch(/^\{"error":"Requested protocol 'messagepack' is not available/);

    await expect(open('access_token=forged')).rejects.toThrow('answered 401');
    await expect(open(`id=no-such-connection&access_token=${encodeURIComponent(hub.token)}`)).rejects.toThrow('answered 404');
    await hub.expectAlive('WebSockets by hand');
  });
});

describe('closing the server', () => {
  // Like socket.io's (hub.websocket-upgrades.test.ts): a peer that never answers the close frame, and a poll
  // or an event stream left open, do not hold the close.
  it('does not wait for a silent SignalR WebSocket peer, an open event stream or an open poll', async () => {
    const own = await startTestServer();
    const token = await setUpClub(own);
    const silent = await within(
      new Promise<Duplex>((resolve) => {
        const request = http.request(`${own.url}${HUB_PATH}?access_token=${encodeURIComponent(token)}`, {
          headers: {
            Connection: 'Upgrade',
            Upgrade: 'websocket',
            'Sec-WebSocket-Version': '13',
            'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
          },
        });
        request.on('upgrade', (_, socket) => resolve(socket));
        request.end();
      }),
      ANSWER_WITHIN_MS,
      'upgrade',
    );
    silent.on('error', () => {});
    silent.resume();
    const negotiate = async () =>
      JSON.parse(await (await fetch(own.url + NEGOTIATE, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).text()).connectionToken as string;
    const stream = await fetch(own.url + signalRConnection(await negotiate()), { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const polling = signalRConnection(await negotiate());
    await fetch(own.url + polling, { headers: { Authorization: `Bearer ${token}` } });
    const poll = fetch(own.url + polling).catch(() => null);
    // The poll is under way before the close starts (else it would be a request for a connection gone: 404).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expectPromptClose(own, 'silent SignalR clients', async () => {
      silent.destroy();
      await stream.body?.cancel().catch(() => {});
    });
    expect((await poll)?.status).toBe(204);
  });
});
