import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMail, startSmtpSink, type SmtpSink } from '../../test-support/mail';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let smtp: SmtpSink;
let club: TestServer;
let mod: string;

beforeEach(async () => {
  smtp = await startSmtpSink();
  club = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'https://club.example.org', siteName: 'Riverside Readers' });
  mod = await setUpClub(club);
});
afterEach(async () => {
  await club.close();
  await smtp.close();
});

async function waitForMail(to: string, count = 1) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = smtp.received.filter((mail) => mail.to.includes(to));
    if (mails.length >= count) return parseMail(mails[count - 1]!.raw);
    if (Date.now() > deadline) throw new Error(`no mail to ${to}; got ${smtp.received.map((m) => m.to).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function linkIn(text: string): { userId: string; token: string } {
  const match = /https:\/\/club\.example\.org\/passwordreset\/([\w-]+)\/([\w-]+)/.exec(text);
  if (!match) throw new Error(`no set-password link in:\n${text}`);
  return { userId: match[1]!, token: match[2]! };
}

describe('invitations over real SMTP', () => {
  it('a moderator registers a member, who sets a password from the mail and signs in', async () => {
    const registered = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'newbie@club.test', name: 'Nora' } });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ email: 'newbie@club.test', name: 'Nora', isModerator: false });

    const mail = await waitForMail('newbie@club.test');
    expect(mail.headers.get('subject')).toBe('You are invited to Riverside Readers');
    expect(mail.headers.get('from')).toContain('bookclub@club.example.org');
    expect(mail.text).not.toMatch(/password:/i);
    const { userId, token } = linkIn(mail.text!);
    expect(userId).toBe(registered.body.userId);

    // No password yet: signing in fails until the link is used.
    expect((await club.call('POST', '/api/accounts/login', { body: { email: 'newbie@club.test', password: 'whatever123' } })).status).toBe(401);
    const set = await club.call('POST', `/api/accounts/passwordreset/token/${userId}`, { body: { resetToken: token, password: 'my new password' } });
    expect(set.status).toBe(200);
    const login = await club.call('POST', '/api/accounts/login', { body: { email: 'newbie@club.test', password: 'my new password' } });
    expect(login.status).toBe(200);
    // New members start on the basic newsletter.
    expect((await club.call('GET', '/api/newsletters', { token: login.body.token })).body).toEqual(['basicevents']);

    // Single use.
    const again = await club.call('POST', `/api/accounts/passwordreset/token/${userId}`, { body: { resetToken: token, password: 'another password' } });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('This link is invalid, already used or expired. Ask for a new one.');
  });

  it('an email already in the club is refused with 409', async () => {
    const taken = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: ADMIN.email.toUpperCase(), name: 'Copy' } });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe('Someone already uses this email address.');
  });
});

describe('password reset over real SMTP', () => {
  it('mails a link that sets a new password once; the old one stops working', async () => {
    const start = await club.call('POST', `/api/accounts/passwordreset/${encodeURIComponent(ADMIN.email)}`);
    expect(start.status).toBe(200);
    expect(start.body).toBe(true);
    const mail = await waitForMail(ADMIN.email);
    expect(mail.headers.get('subject')).toBe('Choose a new password for Riverside Readers');
    const { userId, token } = linkIn(mail.text!);

    const wrong = await club.call('POST', `/api/accounts/passwordreset/token/${userId}`, {
      body: { resetToken: token.slice(0, -2) + 'xx', password: 'brand new pass' },
    });
    expect(wrong.status).toBe(400);
    const short = await club.call('POST', `/api/accounts/passwordreset/token/${userId}`, { body: { resetToken: token, password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toEqual(['The password needs at least 8 characters.']);

    expect((await club.call('POST', `/api/accounts/passwordreset/token/${userId}`, { body: { resetToken: token, password: 'brand new pass' } })).status).toBe(
      200,
    );
    expect((await club.call('POST', '/api/accounts/login', { body: ADMIN })).status).toBe(401);
    expect((await club.call('POST', '/api/accounts/login', { body: { email: ADMIN.email, password: 'brand new pass' } })).status).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const unknown = await club.call('POST', '/api/accounts/passwordreset/nobody%40club.test');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(0);
    expect((await club.call('POST', '/api/accounts/passwordreset/not-an-email')).status).toBe(400);
  });

  it("writes the mail in the member's language", async () => {
    await club.call('POST', '/api/users/language', { token: mod, body: { language: 'sk' } });
    await club.call('POST', `/api/accounts/passwordreset/${encodeURIComponent(ADMIN.email)}`);
    const mail = await waitForMail(ADMIN.email);
    expect(mail.headers.get('subject')).toBe('Zvoľte si nové heslo do klubu Riverside Readers');
  });
});
