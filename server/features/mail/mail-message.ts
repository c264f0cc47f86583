import type { MailAttachment } from '../../mail-outbox';

/** One mail as a feature hands it to the queue. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Files it carries (a meeting's .ics); none when absent, as in mail queued before attachments existed. */
  attachments?: MailAttachment[] | null;
}

/** Delivers one mail or throws; the queue records the failure and tries again later. */
export interface MailTransport {
  send(mail: OutgoingMail & { from: string }): Promise<void>;
}

/** The fields nodemailer takes, from ours (it wants a missing html or attachment list left out, not null). */
export function toNodemailerMessage(mail: OutgoingMail & { from: string }) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: mail.attachments?.length ? mail.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })) : undefined,
  };
}
