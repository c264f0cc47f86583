import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { MailTransport } from './mail-message';

/**
 * Connect, greeting and idle timeouts of a few seconds: a dead or hung mail server fails the attempt fast
 * (nodemailer's defaults are minutes), and the queue retries later rather than holding its workers.
 */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000, dnsTimeout: 5_000 };
/** Mail servers limit the mails of one connection; nodemailer's pool closes one after as many. */
const MAILS_PER_CONNECTION = 100;

/** One open connection, logged in, between mails. */
interface Line {
  connection: SMTPConnection;
  sent: number;
  /** The server hung up or the socket failed: never used again. */
  closed: boolean;
  /** Fails the send under way when the connection goes. */
  onLost?: (error: Error) => void;
}

/** What the URL says (nodemailer's reading of it): the connection's options and the login. */
type Settings = SMTPConnection.Options & { auth?: { user?: string; pass?: string } };

/**
 * The server refused the command because it is closing the connection (421: too many mails on it, shutting
 * down): nothing of the mail was taken, so it may go at once on another connection. A connection that just
 * broke may have delivered the mail before it did: that one waits for the queue's retry, not sent twice now.
 */
function serverClosing(error: unknown): boolean {
  return (error as { responseCode?: number }).responseCode === 421;
}

/**
 * smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start); credentials go in the URL,
 * and the URL's query parameters (as nodemailer reads them, e.g. `?tls.rejectUnauthorized=false`) override
 * the timeouts above.
 *
 * Up to `connections` connections stay open while there is mail to send, each carrying mail after mail, and
 * close once the queue has nothing left for now (`release`). A connection and its login for every mail took
 * a tenth of a second of waiting each; nodemailer's own pool took a millisecond and a half of CPU a mail to
 * put an already written mail through its composer's streams, nodemailer's connection alone a third of it.
 */
export function smtpTransport(smtpUrl: string, connections = 1): MailTransport {
  const protocol = URL.canParse(smtpUrl) ? new URL(smtpUrl).protocol : null;
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    // Thrown at start-up, where the host reads it, rather than at the first mail. Never echoes the URL: it may hold a password.
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  const idle: Line[] = [];
  let free = connections;
  const waiting: (() => void)[] = [];
  // nodemailer is loaded with the first mail, not at start (a cold start is a host waiting).
  let loaded: Promise<{ Connection: typeof SMTPConnection; options: Settings }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('nodemailer/lib/smtp-connection'), import('nodemailer/lib/shared')]).then(([connection, shared]) => ({
      Connection: connection.default,
      options: { ...TIMEOUTS, ...(shared.parseConnectionUrl(smtpUrl) as Settings) },
    })));

  async function connect(): Promise<Line> {
    const { Connection, options } = await load();
    return new Promise<Line>((resolve, reject) => {
      const connection = new Connection(options);
      const line: Line = { connection, sent: 0, closed: false };
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve(line);
      };
      // Every failure is heard here, for the life of the connection: an 'error' nobody listens to would end the server.
      const lost = (error: Error) => {
        line.closed = true;
        settle(error);
        line.onLost?.(error);
      };
      connection.on('error', lost);
      connection.once('end', () => {
        line.closed = true;
        // A moment later: a mail on its way hears the server's own reason first (its reply to the command).
        setImmediate(() => lost(Object.assign(new Error('the mail server closed the connection'), { code: 'ECONNECTION' })));
      });
      connection.connect((error) => {
        if (error) return lost(error);
        const { user, pass } = options.auth ?? {};
        if (!(user || pass) || !connection.allowsAuth) return settle();
        connection.login({ user, credentials: { user: user ?? '', pass: pass ?? '' } }, (error) => {
          // The refusal is the reason, not the hang-up that follows it.
          settle(error ?? undefined);
          if (error) connection.close();
        });
      });
    });
  }

  function deliver(line: Line, envelope: { from: string; to: string[] }, message: Buffer): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      line.onLost = reject;
      // A copy for each try: the connection notes its progress on the envelope it is given.
      line.connection.send({ from: envelope.from, to: [...envelope.to] }, message, (error) => (error ? reject(error) : resolve()));
    }).finally(() => (line.onLost = undefined));
  }

  async function sendOnce(envelope: { from: string; to: string[] }, message: Buffer, fresh: boolean): Promise<void> {
    let line = fresh ? undefined : idle.pop();
    while (line?.closed) line = idle.pop();
    const reused = line !== undefined;
    line ??= await connect();
    try {
      await deliver(line, envelope, message);
    } catch (error) {
      line.connection.close();
      if (reused && serverClosing(error)) return sendOnce(envelope, message, true);
      throw error;
    }
    if (++line.sent >= MAILS_PER_CONNECTION) line.connection.quit();
    else idle.push(line);
  }

  return {
    async send(mail) {
      if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
      else free--;
      try {
        await sendOnce({ from: mail.from, to: [mail.to] }, mail.message, false);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free++;
      }
    },
    async release() {
      for (const line of idle.splice(0)) if (!line.closed) line.connection.quit();
    },
  };
}
