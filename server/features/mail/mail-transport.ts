import { outboxTransport } from './outbox-transport';
import { smtpTransport } from './smtp-transport';

/** One mail as a feature hands it to the queue. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Delivers one mail or throws; the queue records the failure and tries again later. */
export interface MailTransport {
  send(mail: OutgoingMail & { from: string }): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise .eml files in the outbox, so a host without mail still sees the links. */
export function createMailTransport(options: { smtpUrl: string | null; outboxDir: string }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : outboxTransport(options.outboxDir);
}
