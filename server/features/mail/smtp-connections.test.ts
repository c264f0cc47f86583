import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMail } from '../../test-support/mail';
import { composeMessage } from './mail-mime';
import type { ComposedMail } from './mail-message';
import { smtpTransport } from './smtp-transport';

// How the SMTP transport uses its connections: a few, kept open while there is mail, logged in once each,
// given up when the server drops them.

interface Server {
  url: (credentials?: string) => string;
  /** Connections opened, logins, mails accepted (recipient and subject), and the most sessions open at once. */
  connections: number;
  logins: string[];
  accepted: { to: string; subject: string }[];
  mostAtOnce: number;
  /** The connections open now. */
  open: Set<Socket>;
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function mailServer(options: Partial<SMTPServerOptions> & { holdMs?: number } = {}): Promise<Server> {
  const { holdMs = 0, ...serverOptions } = options;
  let atOnce = 0;
  const server: Server = { url: () => '', connections: 0, logins: [], accepted: [], mostAtOnce: 0, open: new Set(), close: async () => {} };
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      server.connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      server.logins.push(`${auth.username}:${auth.password}`);
      callback(auth.password === 'secret' ? null : new Error('bad login'), { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      callback(address.address.startsWith('nobody@') ? Object.assign(new Error('no such mailbox'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      atOnce++;
      server.mostAtOnce = Math.max(server.mostAtOnce, atOnce);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        setTimeout(() => {
          atOnce--;
          const subject = parseMail(Buffer.concat(chunks).toString('utf8')).headers.get('subject') ?? '';
          server.accepted.push({ to: session.envelope.rcptTo.map((r) => r.address).join(), subject });
          callback();
        }, holdMs),
      );
    },
    ...serverOptions,
  });
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  server.url = (credentials) => `smtp://${credentials ? `${credentials}@` : ''}127.0.0.1:${port}`;
  smtp.server.on('connection', (socket) => {
    server.open.add(socket);
    socket.on('close', () => server.open.delete(socket));
  });
  server.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  servers.push(server);
  return server;
}

let nextId = 1;
function mail(to: string, subject = `Mail ${nextId}`): ComposedMail {
  const id = nextId++;
  const queuedOn = new Date().toISOString();
  const message = composeMessage({ from: 'bookclub@club.test', to, subject, text: 'Hello', messageKey: `m${id}`, date: new Date(queuedOn) });
  return { id, queuedOn, from: 'bookclub@club.test', to, message };
}

describe('the SMTP transport', () => {
  it('carries mail after mail over a few connections, logged in once each, and closes them when released', async () => {
    const server = await mailServer({ holdMs: 20 });
    const transport = smtpTransport(server.url('club:secret'), 2);
    await Promise.all(Array.from({ length: 8 }, (_, i) => transport.send(mail(`m${i}@club.test`))));
    expect(server.accepted.map((m) => m.to).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `m${i}@club.test`).sort());
    expect(server.connections).toBe(2);
    expect(server.mostAtOnce).toBe(2);
    expect(server.logins).toEqual(['club:secret', 'club:secret']);

    await transport.send(mail('later@club.test'));
    expect(server.connections).toBe(2);
    await transport.release!();
    await expect.poll(() => server.open.size).toBe(0);
    await transport.send(mail('again@club.test'));
    expect(server.connections).toBe(3);
    await transport.release!();
  });

  it('a refused login or recipient fails that mail only; the next one goes', async () => {
    const server = await mailServer();
    await expect(smtpTransport(server.url('club:wrong')).send(mail('ann@club.test'))).rejects.toThrow(/bad login|Invalid login/);
    const transport = smtpTransport(server.url('club:secret'));
    await expect(transport.send(mail('nobody@club.test'))).rejects.toThrow(/no such mailbox/);
    await transport.send(mail('ann@club.test', 'After the refusal'));
    expect(server.accepted).toEqual([{ to: 'ann@club.test', subject: 'After the refusal' }]);
    await transport.release!();
  });

  it('a connection the server closed while idle is not used again: the mail goes on a new one', async () => {
    const server = await mailServer();
    const transport = smtpTransport(server.url());
    await transport.send(mail('ann@club.test', 'First'));
    // The server hangs up on the idle connection (as servers do after a while).
    for (const socket of server.open) socket.destroy();
    await expect.poll(() => server.open.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50)); // for the hang-up to reach the club
    await transport.send(mail('ann@club.test', 'Second'));
    expect(server.accepted.map((m) => m.subject)).toEqual(['First', 'Second']);
    expect(server.connections).toBe(2);
    await transport.release!();
  });

  it('a server that takes only so many mails on a connection (421) gets the rest on a new one, at once', async () => {
    // By the client's port: one per connection.
    const perConnection = new Map<number, number>();
    const server = await mailServer({
      onMailFrom(_address, session, callback) {
        const count = (perConnection.get(session.remotePort) ?? 0) + 1;
        perConnection.set(session.remotePort, count);
        callback(count > 2 ? Object.assign(new Error('Too many mails on this connection'), { responseCode: 421 }) : undefined);
      },
    });
    const transport = smtpTransport(server.url());
    for (let i = 0; i < 5; i++) await transport.send(mail(`m${i}@club.test`, `Mail to m${i}`));
    expect(server.accepted.map((m) => m.to)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4'].map((n) => `${n}@club.test`));
    expect(server.connections).toBe(3);
    await transport.release!();
  });

  it('a server that is down fails the mail with the reason, and does not bring the club down', async () => {
    const server = await mailServer();
    const url = server.url();
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    await expect(smtpTransport(url).send(mail('ann@club.test'))).rejects.toThrow(/ECONNREFUSED/);
  });
});
