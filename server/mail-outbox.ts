/** A mail as features write it; the mail queue adds the sender and delivers it in the background. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Where features put mail: queuing is instant and never fails because a mail server is down. */
export interface MailOutbox {
  enqueue(mails: MailMessage[]): void;
}

/** The queue as the server runs it: features only enqueue; the server starts, stops and prunes it. */
export interface RunningOutbox extends MailOutbox {
  pruneSent(before: Date): number;
}
