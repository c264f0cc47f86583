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

/** A queued mail written out (mail-mime.ts), with its envelope: what a transport delivers. */
export interface ComposedMail {
  /** The queue's row, and when it was queued: together they name this mail the same way on every try. */
  id: number;
  queuedOn: string;
  /** The envelope: the sender's address alone, and the one recipient. */
  from: string;
  to: string;
  message: Buffer;
}

/** Delivers one mail or throws; the queue records the failure and tries again later. */
export interface MailTransport {
  send(mail: ComposedMail): Promise<void>;
  /** Lets go of what it keeps open between mails (SMTP connections): nothing is left to send for now. */
  release?(): Promise<void>;
}
