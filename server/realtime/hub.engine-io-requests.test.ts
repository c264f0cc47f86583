import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import { HUB_EVENTS } from '../../shared/events';
import { BAD_PROTOCOL, HUB, POLLING, TEXT, TRANSPORT_UNKNOWN, UNKNOWN_SID, engineError, useWatchedClub } from './test-support/foreign-clients';

// Clients other than our own renderer, talking to the hub the way they do (test-support/foreign-clients.ts).
const hub = useWatchedClub();

describe('raw engine.io requests to the hub', () => {
  beforeAll(hub.start);
  afterAll(() => hub.club.close());
  afterEach(hub.forgetTroubles);

  it('the polling handshake answers a session', async () => {
    const answer = await hub.send('GET', POLLING);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text.slice(1))).toMatchObject({
      sid: expect.any(String),
      upgrades: ['websocket'],
      pingInterval: 15_000,
      pingTimeout: 30_000,
      maxPayload: 1_000_000,
    });
    await hub.expectAlive('the handshake');
  });

  it('a CONNECT packet with a valid token connects, and the session receives broadcasts', async () => {
    const sid = await hub.handshake();
    const session = `${POLLING}&sid=${sid}`;
    expect(await hub.send('POST', session, { body: `40${JSON.stringify({ token: hub.token })}`, headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    const ack = await hub.send('GET', session);
    expect(ack.status).toBe(200);
    expect(ack.text).toMatch(/^40\{"sid":"[^"]+"\}$/);
    await hub.expectAlive('a CONNECT with a valid token');

    const discussionId = await hub.startRound(`Raw ${crypto.randomUUID().slice(0, 6)}`);
    const pushed = await hub.send('GET', session);
    expect(pushed.status).toBe(200);
    const event = pushed.text.split('\x1e').find((packet) => packet.startsWith(`42["${HUB_EVENTS.discussionChanged}"`));
    expect(event, pushed.text).toBeDefined();
    expect((JSON.parse(event!.slice(2)) as [string, Discussion])[1].discussionId).toBe(discussionId);
    await hub.expectAlive('a broadcast over raw long-polling');
  });

  it.each([
    ['a bad token', `40${JSON.stringify({ token: 'forged' })}`],
    ['no token', '40'],
    ['a non-string token', '40{"token":12345}'],
  ])('a CONNECT packet with %s is refused: unauthorized', async (_, packet) => {
    const session = `${POLLING}&sid=${await hub.handshake()}`;
    expect(await hub.send('POST', session, { body: packet, headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    expect(await hub.send('GET', session)).toEqual({ status: 200, text: '44{"message":"unauthorized"}' });
    await hub.expectAlive(`a CONNECT with ${_}`);
  });

  it('a CONNECT packet that is not JSON closes that session only', async () => {
    const session = `${POLLING}&sid=${await hub.handshake()}`;
    expect(await hub.send('POST', session, { body: '40{not json', headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    const closing = await hub.send('GET', session);
    expect(closing.status).toBe(200);
    expect(closing.text.split('\x1e')).toContain('1'); // engine.io "close"
    expect(await hub.send('GET', session)).toEqual({ status: 400, text: UNKNOWN_SID });
    await hub.expectAlive('a CONNECT that is not JSON');
  });

  it('binary junk is refused as binary (400), and as text it closes the session', async () => {
    // Fixed bytes, not random ones: random junk now and then starts with a packet type ('0' to '6') and
    // parses, and the session then stays open (a poll that waited 25 s failed CI once).
    const junk = Buffer.from(Array.from({ length: 512 }, (_, i) => (0xf7 + i * 131) % 256));
    const first = `${POLLING}&sid=${await hub.handshake()}`;
    expect((await hub.send('POST', first, { body: junk, headers: { 'Content-Type': 'application/octet-stream' } })).status).toBe(400);
    expect(await hub.send('GET', first)).toEqual({ status: 400, text: UNKNOWN_SID });
    await hub.expectAlive('binary junk as application/octet-stream');

    const second = `${POLLING}&sid=${await hub.handshake()}`;
    expect(await hub.send('POST', second, { body: junk, headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    expect(await hub.send('GET', second)).toEqual({ status: 400, text: UNKNOWN_SID });
    await hub.expectAlive('binary junk as text');
  });

  it('an empty body closes the session', async () => {
    const session = `${POLLING}&sid=${await hub.handshake()}`;
    expect(await hub.send('POST', session, { body: '', headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    expect(await hub.send('GET', session)).toEqual({ status: 400, text: UNKNOWN_SID });
    await hub.expectAlive('an empty body');
  });

  it('a body over maxHttpBufferSize (1 MB) is answered 413, and the session still works', async () => {
    const session = `${POLLING}&sid=${await hub.handshake()}`;
    const huge = `42${JSON.stringify(['x', 'y'.repeat(2_000_000)])}`;
    expect((await hub.send('POST', session, { body: huge, headers: TEXT })).status).toBe(413);
    await hub.expectAlive('a 2 MB body');
    expect(await hub.send('POST', session, { body: `40${JSON.stringify({ token: hub.token })}`, headers: TEXT })).toEqual({ status: 200, text: 'ok' });
    expect((await hub.send('GET', session)).text).toMatch(/^40\{"sid":/);
    await hub.expectAlive('a CONNECT after a 413');
  });

  it('a handshake by POST is refused: 400 bad handshake method', async () => {
    expect(await hub.send('POST', POLLING, { body: '40', headers: TEXT })).toEqual({ status: 400, text: engineError(2, 'Bad handshake method') });
    await hub.expectAlive('a handshake by POST');
  });

  it.each(['GET', 'POST'])('an unknown sid is answered 400 (%s)', async (method) => {
    const body = method === 'POST' ? '40' : undefined;
    expect(await hub.send(method, `${POLLING}&sid=no-such-session`, { body, headers: TEXT })).toEqual({ status: 400, text: UNKNOWN_SID });
    await hub.expectAlive(`${method} with an unknown sid`);
  });

  it.each(['3', '5', 'abc', ''])('EIO=%s is answered 400 unsupported protocol version', async (eio) => {
    expect(await hub.send('GET', `${HUB}?EIO=${eio}&transport=polling`)).toEqual({ status: 400, text: BAD_PROTOCOL });
    await hub.expectAlive(`EIO=${eio}`);
  });

  it.each([
    ['transport=foo', `${HUB}?EIO=4&transport=foo`, TRANSPORT_UNKNOWN],
    ['transport=websocket without an upgrade', `${HUB}?EIO=4&transport=websocket`, engineError(3, 'Bad request')],
    ['no transport', `${HUB}?EIO=4`, TRANSPORT_UNKNOWN],
  ])('%s is answered 400', async (what, path, text) => {
    expect(await hub.send('GET', path)).toEqual({ status: 400, text });
    await hub.expectAlive(what);
  });
});

describe('every path near the hub, with every method', () => {
  beforeAll(hub.start);
  afterAll(() => hub.club.close());
  afterEach(hub.forgetTroubles);

  // socket.io owns /hubs/events/ and everything under it (engine.io matches the prefix); the app the rest.
  // Without EIO=, /hubs/events, /hubs/events/ and /hubs/events/negotiate are SignalR's (signalr.raw-requests.test.ts).
  const paths: [string, number][] = [
    ['/hubs/eventsX', 404],
    ['/hubs/events/x', 400],
    ['/hubs/', 404],
    ['/hubs', 404],
    ['/hubs/events/?EIO=4', 400],
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  const cases = paths.flatMap(([path, status]) => methods.map((method) => [method, path, status] as const));

  it.each(cases)('%s %s is answered %i', async (method, path, status) => {
    const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
    const answer = await hub.send(method, path, withBody ? { body: '{"token":"x"}', headers: { 'Content-Type': 'application/json' } } : {});
    expect(answer.status).toBe(status);
    await hub.expectAlive(`${method} ${path}`);
  });
});
