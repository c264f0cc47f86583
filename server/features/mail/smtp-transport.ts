import type { Transporter } from 'nodemailer';
import { type MailTransport, toNodemailerMessage } from './mail-message';

/**
 * Connect, greeting and idle timeouts of a few seconds: a dead or hung mail server fails the attempt fast
 * (nodemailer's defaults are minutes), and the queue retries later rather than holding its one worker.
 */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000, dnsTimeout: 5_000 };

/** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start); credentials go in the URL. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const protocol = URL.canParse(smtpUrl) ? new URL(smtpUrl).protocol : null;
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    // Thrown at start-up, where the host reads it, rather than at the first mail. Never echoes the URL: it may hold a password.
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  let transporter: Transporter | undefined;
  return {
    async send(mail) {
      // nodemailer is loaded with the first mail, not at start (a cold start is a host waiting).
      // The URL's own query parameters (nodemailer reads them) still override these timeouts.
      transporter ??= (await import('nodemailer')).default.createTransport({ ...TIMEOUTS, url: smtpUrl });
      await transporter.sendMail(toNodemailerMessage(mail));
    },
  };
}
