import type { OutgoingMail } from './mail-transport';

/** The fields nodemailer takes, from ours (it wants a missing html left out, not null). */
export function toNodemailerMessage(mail: OutgoingMail & { from: string }) {
  return { from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined };
}
