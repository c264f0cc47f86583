import crypto from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server';
import { ANSWER_WITHIN_MS, HUB, expectPromptClose, within, useWatchedClub } from './test-support/foreign-clients';

// Clients other than our own renderer, talking to the hub the way they do (test-support/foreign-clients.ts).
const hub = useWatchedClub();

describe('websocket upgrade requests', () => {
  beforeAll(hub.start);
  afterAll(() => hub.club.close());
  afterEach(hub.forgetTroubles);

  /** Sends a websocket upgrade request; `onUpgrade` gets the socket after a 101. */
  function requestUpgrade(url: string, onUpgrade: (socket: Duplex, head: Buffer) => void): http.ClientRequest {
    const request = http.request(url, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
      },
    });
    request.on('upgrade', (_, socket, head) => onUpgrade(socket, head));
    request.end();
    return request;
  }

  /**
   * How an upgrade request ends: 'open' (101, then engine.io's open packet), 'upgraded, then close frame'
   * (101, then a websocket close frame), 'upgraded, then closed' (101, then the server hung up), 'answered
   * <status>', or 'closed' (the server hung up without answering). Anything left waiting longer than
   * ANSWER_WITHIN_MS fails.
   */
  function upgrade(path: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        request.destroy();
        reject(new Error(`upgrade to ${path}: nothing settled within ${ANSWER_WITHIN_MS} ms`));
      }, ANSWER_WITHIN_MS);
      const settle = (outcome: string) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      const request = requestUpgrade(hub.club.url + path, (socket, head) => {
        let received = head;
        const check = () => {
          // Server frames are unmasked: the first byte is FIN + opcode (0x81 text, 0x88 close).
          if (received.toString('latin1').includes('0{"sid"')) settle('open');
          else if (received[0] === 0x88) settle('upgraded, then close frame');
          else return;
          socket.destroy();
        };
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          check();
        });
        socket.on('close', () => settle('upgraded, then closed'));
        socket.on('error', () => {});
        check();
      });
      request.on('response', (response) => {
        response.resume();
        settle(`answered ${response.statusCode}`);
      });
      request.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') settle('closed');
        else {
          clearTimeout(timer);
          reject(error);
        }
      });
    });
  }

  it('on the hub: upgraded (101), then the engine.io open packet', async () => {
    expect(await upgrade(`${HUB}?EIO=4&transport=websocket`)).toBe('open');
    await hub.expectAlive('a websocket upgrade on the hub');
  });

  // engine.io checks the protocol version and the transport only after the 101, then hangs up.
  it.each([
    [`${HUB}?EIO=3&transport=websocket`, 'upgraded, then closed'],
    [`${HUB}?EIO=4&transport=polling`, 'upgraded, then close frame'],
    [`${HUB}?EIO=4&transport=foo`, 'answered 400'],
    [`${HUB}?EIO=4&transport=websocket&sid=no-such-session`, 'answered 400'],
    // Without EIO= it is SignalR's: a WebSocket that skips negotiate needs a live session's token, an id a connection.
    [HUB, 'answered 401'],
    [`${HUB}?id=no-such-connection`, 'answered 404'],
  ])('on the hub with a bad query (%s): %s', async (path, outcome) => {
    expect(await upgrade(path)).toBe(outcome);
    await hub.expectAlive(`a websocket upgrade to ${path}`);
  });

  // Nobody upgrades these: engine.io hangs up after its destroyUpgradeTimeout (1 s), not never.
  it.each(['/hubs/eventsX', '/hubs/', '/api/home'])('near the hub (%s): the server hangs up promptly', async (path) => {
    const started = performance.now();
    expect(await upgrade(path)).toBe('closed');
    expect(performance.now() - started).toBeLessThan(3_000);
    await hub.expectAlive(`a websocket upgrade to ${path}`);
  });

  // A client that went silent (a laptop asleep, a frozen tab, a broken proxy) never answers the websocket close
  // frame. Closing the server (quitting the desktop app, a restore restarting the club) should not wait on it.
  it('closing the server does not wait for a silent websocket peer', async () => {
    const own = await startTestServer();
    const silent = await within(
      new Promise<Duplex>((resolve) => requestUpgrade(`${own.url}${HUB}?EIO=4&transport=websocket`, resolve)),
      ANSWER_WITHIN_MS,
      'upgrade',
    );
    silent.on('error', () => {});
    silent.resume(); // reads and ignores everything, the close frame included
    await expectPromptClose(own, 'a silent websocket peer', () => silent.destroy());
  });
});
