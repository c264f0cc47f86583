import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { parseMail } from '../../test-support/mail';
import { attachmentsOf } from '../../test-support/mail-attachments';
import { composeMessage, envelopeAddress, type MailToCompose } from './mail-mime';

const SLOVAK = {
  from: '"Knižný klub" <bookclub@club.test>',
  to: 'ann@club.test',
  subject: '[Knižný klub] Nový návrh: Majster a Margaréta, a subject long enough to be folded over several lines',
  text: `Nový návrh v diskusii Jarné kolo: ${'veľmi dlhý riadok '.repeat(8)}\n\nhttps://club.example.org/diskusie/12#post-7\n\n— Knižný klub\n`,
  messageKey: 'mail-42.20261122T061000000Z',
  date: new Date('2026-11-22T06:10:00.000Z'),
} satisfies MailToCompose;

const CALENDAR = 'BEGIN:VCALENDAR\r\nSUMMARY:Stretnutie č. 1\r\nEND:VCALENDAR\r\n';

/** What nodemailer's own composer writes for the same mail. */
async function byNodemailer(mail: MailToCompose): Promise<string> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const { message } = await composer.sendMail({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: mail.attachments?.map((file) => ({ ...file })),
  });
  return (message as Buffer).toString('utf8');
}

describe('a mail written as MIME', () => {
  it('reads back as nodemailer writes it: encoded headers, quoted-printable text, CRLF lines', async () => {
    const raw = composeMessage(SLOVAK).toString('utf8');
    const ours = parseMail(raw);
    const theirs = parseMail(await byNodemailer(SLOVAK));
    for (const name of ['from', 'to', 'subject', 'mime-version', 'content-type', 'content-transfer-encoding']) {
      expect([name, ours.headers.get(name)]).toEqual([name, theirs.headers.get(name)]);
    }
    expect(ours.headers.get('subject')).toBe(SLOVAK.subject);
    expect(ours.headers.get('from')).toBe('Knižný klub <bookclub@club.test>');
    expect(ours.text).toBe(SLOVAK.text.replace(/\n/g, '\r\n'));
    expect(ours.headers.get('message-id')).toBe('<mail-42.20261122T061000000Z@club.test>');
    expect(ours.headers.get('date')).toBe('Sun, 22 Nov 2026 06:10:00 +0000');
    // Every line within the 78 characters RFC 5322 asks for, every line break CRLF.
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('sends short plain ASCII as it is', () => {
    const raw = composeMessage({ ...SLOVAK, from: 'bookclub@localhost', subject: 'Hello', text: 'Hello\nworld' }).toString('utf8');
    expect(parseMail(raw).headers.get('content-transfer-encoding')).toBe('7bit');
    expect(raw.endsWith('\r\n\r\nHello\r\nworld\r\n')).toBe(true);
  });

  it('carries html beside the text, and files as attachments with their name and type', async () => {
    const mail = {
      ...SLOVAK,
      html: '<p>Nový <b>návrh</b></p>',
      attachments: [{ filename: 'meeting-7.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: CALENDAR }],
    };
    const raw = composeMessage(mail).toString('utf8');
    expect(parseMail(raw).headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=/);
    expect(parseMail(raw).text).toBe(SLOVAK.text.replace(/\n/g, '\r\n'));
    expect(parseMail(raw).html).toBe('<p>Nový <b>návrh</b></p>');
    expect(attachmentsOf(raw)).toEqual(attachmentsOf(await byNodemailer(mail)));
    expect(attachmentsOf(raw)).toEqual([
      { filename: 'meeting-7.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH; name=meeting-7.ics', content: CALENDAR },
    ]);
  });

  it('takes the envelope sender from a From with a display name', () => {
    expect(envelopeAddress('"Knižný klub" <bookclub@club.test>')).toBe('bookclub@club.test');
    expect(envelopeAddress('bookclub@localhost')).toBe('bookclub@localhost');
  });
});
