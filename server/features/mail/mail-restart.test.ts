import { describe, expect, it } from 'vitest';
import { parseMail, startSmtpSink } from '../../test-support/mail';
import { setUpClub, startTestServer } from '../../test-support/test-server';

describe("the club's mail when the mail server is down", () => {
  it('never fails or slows the request, survives a restart, and delivers once the server is back', async () => {
    // A port with nothing listening: the club's mail server is down.
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close();

    const club = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const dataDir = club.dataDir;
    const mod = await setUpClub(club);
    const started = performance.now();
    const res = await club.call('POST', '/api/admin/registeruser', { token: mod, body: { email: 'later@club.test', name: 'Later' } });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    // Give the worker its failed try, then stop the club with the mail still queued.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await club.server.close();

    const smtp = await startSmtpSink(port);
    const again = await startTestServer({ dataDir, smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const deadline = Date.now() + 10_000;
      while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['later@club.test']);
      expect(parseMail(smtp.received[0]!.raw).headers.get('subject')).toContain('invited');
    } finally {
      await again.close();
      await smtp.close();
    }
  });
});
