import type { MailTransport } from './mail-message';
import { outboxTransport } from './outbox-transport';
import { smtpTransport } from './smtp-transport';

/**
 * SMTP when SMTP_URL is set, over up to `connections` connections; otherwise .eml files in the outbox, so a
 * host without mail still sees the links.
 */
export function createMailTransport(options: { smtpUrl: string | null; outboxDir: string; connections?: number }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl, options.connections) : outboxTransport(options.outboxDir);
}
