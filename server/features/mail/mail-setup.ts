import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { ServerConfig } from '../../settings';
import { defaultMailFrom } from './mail-from';
import { DEFAULT_SENDS_AT_ONCE, MailQueue } from './mail-queue';
import { createMailTransport } from './mail-transport';

export type MailConfig = Pick<ServerConfig, 'dataDir' | 'smtpUrl' | 'mailFrom' | 'siteName' | 'publicUrl' | 'quiet'>;

/** The club's mail queue as the server config describes it: SMTP_URL, or .eml files in DATA_DIR/outbox. */
export function createMailQueue(db: DataSource, config: MailConfig): MailQueue {
  return new MailQueue(db, {
    // One SMTP connection for each mail on its way.
    transport: createMailTransport({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), connections: DEFAULT_SENDS_AT_ONCE }),
    // MAIL_FROM, else the site name at PUBLIC_URL's host.
    from: config.mailFrom || defaultMailFrom(config.siteName, config.publicUrl),
    log: config.quiet ? () => {} : (message, error) => console.warn(message, error ?? ''),
  });
}
