import type { Transporter } from 'nodemailer';
import type { MailTransport } from './mail-message';

/**
 * Connect, greeting and idle timeouts of a few seconds: a dead or hung mail server fails the attempt fast
 * (nodemailer's defaults are minutes), and the queue retries later rather than holding its workers.
 */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000, dnsTimeout: 5_000 };

/**
 * smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start); credentials go in the URL.
 * Up to `connections` connections are kept open while there is mail to send, each carrying mail after mail
 * (a connection, its TLS and login for every mail took a tenth of a second each), and closed once the queue
 * has nothing left for now.
 */
export function smtpTransport(smtpUrl: string, connections = 1): MailTransport {
  const protocol = URL.canParse(smtpUrl) ? new URL(smtpUrl).protocol : null;
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    // Thrown at start-up, where the host reads it, rather than at the first mail. Never echoes the URL: it may hold a password.
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  let pool: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      // nodemailer is loaded with the first mail, not at start (a cold start is a host waiting).
      // The URL's own query parameters (nodemailer reads them) still override these settings.
      pool ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ ...TIMEOUTS, pool: true, maxConnections: connections, url: smtpUrl }),
      );
      // Already written (mail-mime.ts): nodemailer sends the bytes as they are.
      await (await pool).sendMail({ envelope: { from: mail.from, to: [mail.to] }, raw: mail.message });
    },
    async release() {
      const open = pool;
      pool = undefined;
      (await open)?.close();
    },
  };
}
