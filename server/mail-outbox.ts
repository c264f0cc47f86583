/** A file a mail carries, e.g. a meeting's `.ics`. Text only: what the club attaches is text it wrote. */
export interface MailAttachment {
  /** The name the reader's mail program shows and saves it as, e.g. `meeting-12.ics`. */
  filename: string;
  /** The full Content-Type, parameters included, e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  content: string;
}

/** A mail as features write it; the mail queue adds the sender and delivers it in the background. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[] | null;
}

/** Where features put mail: queuing is instant and never fails because a mail server is down. */
export interface MailOutbox {
  enqueue(mails: MailMessage[]): void;
}

/** The queue as the server runs it: features only enqueue; the server starts, stops and prunes it. */
export interface RunningOutbox extends MailOutbox {
  pruneSent(before: Date): number;
  /** Unsent mail, for the host page. */
  summary(): { pending: number; failing: number; lastError: string | null; lastErrorAt: string | null };
  /** Makes every unsent mail due now; answers how many. */
  retryNow(): number;
}
