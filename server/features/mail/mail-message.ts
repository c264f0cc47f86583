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

/** The fields nodemailer takes, from ours (it wants a missing html left out, not null). */
export function toNodemailerMessage(mail: OutgoingMail & { from: string }) {
  return { from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined };
}
