import http from 'node:http';
import net from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../shared/constants';
import { ANSWER_WITHIN_MS, POLLING, expectPromptClose, within, useWatchedClub } from './test-support/foreign-clients';

const hub = useWatchedClub();

// Stopping the club (Ctrl-C, SIGTERM from a service manager, the desktop app quitting) while members still
// have it open: their browsers do not go quiet. socket.io-client reconnects at once, and a page keeps using
// its open keep-alive connections. Neither may hold the server's close open.
describe('closing the server while clients keep talking', () => {
  it('finishes promptly while a default socket.io client reconnects and a keep-alive client keeps asking', async () => {
    await hub.start();
    const { club, token } = hub;
    // Reconnection left on, as a real page has it.
    const socket: Socket = connect(club.url, { path: HUB_PATH, auth: { token }, reconnectionDelay: 50, reconnectionDelayMax: 100 });
    await within(new Promise<void>((resolve) => socket.once('connect', () => resolve())), ANSWER_WITHIN_MS, 'connect');

    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    let asking = true;
    let answered = 0;
    const keepAsking = (async () => {
      while (asking) {
        await new Promise<void>((resolve) => {
          http
            .get(`${club.url}/api/home`, { agent }, (response) => {
              response.resume();
              response.on('end', () => {
                answered += 1;
                resolve();
              });
            })
            .on('error', () => resolve());
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBeGreaterThan(0);

    await expectPromptClose(club, 'clients still talking', async () => {
      asking = false;
      socket.close();
      agent.destroy();
      await keepAsking;
    });
  });

  // What a browser tab does, which socket.io-client under Node does not: its long-polls reuse keep-alive
  // connections, and a session that ends is replaced at once by a new handshake over the same connection.
  it('finishes promptly while a browser-like client long-polls over keep-alive connections', async () => {
    await hub.start();
    const { club } = hub;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const get = (path: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(`${club.url}${path}`, { agent }, (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve(text));
            response.on('error', reject);
          })
          .on('error', reject);
      });
    let polling = true;
    let sessions = 0;
    const pollForever = (async () => {
      while (polling) {
        try {
          const open = await get(POLLING);
          const { sid } = JSON.parse(open.slice(1)) as { sid: string };
          sessions += 1;
          for (;;) {
            const packets = await get(`${POLLING}&sid=${sid}`);
            if (!polling || packets.split('\x1e').includes('1') || packets.startsWith('{')) break;
          }
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    })();
    await within(
      (async () => {
        // Its first long-poll is then under way, held open by the server until there is something to say.
        while (sessions === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      })(),
      ANSWER_WITHIN_MS,
      'first engine.io session',
    );

    await expectPromptClose(club, 'a client long-polling over keep-alive', async () => {
      polling = false;
      agent.destroy();
      await pollForever;
    });
  });

  // Chromium opens a connection or two ahead of need and may send nothing on them for minutes. This is what
  // held a browser test's server open past its 60 s on CI.
  it.each([
    ['a preconnected socket that has sent nothing', ''],
    ['a request whose headers never end', 'GET /api/home HTTP/1.1\r\nHost: club\r\n'],
    ['a request whose body never comes', 'POST /api/session HTTP/1.1\r\nHost: club\r\nContent-Length: 100\r\n\r\n{'],
  ])('finishes promptly with %s', async (_, sent) => {
    await hub.start();
    const { club } = hub;
    const peer = net.connect(Number(new URL(club.url).port), '127.0.0.1');
    peer.on('error', () => {});
    await within(new Promise((resolve) => peer.once('connect', resolve)), ANSWER_WITHIN_MS, 'TCP connect');
    peer.write(sent);
    await new Promise((resolve) => setTimeout(resolve, 100));

    await expectPromptClose(club, 'a silent peer', () => peer.destroy());
  });
});
