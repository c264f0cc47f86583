import { describe, expect, it } from 'vitest';
import { sendToReceiver } from './chat-request';
import { startReceiver } from './chat-receivers';
import { kindOfIp, refusedIp } from './receiver-addresses';
import { maskedAddress } from './masked-address';

describe('where the chat may send', () => {
  it('knows this machine and link-local addresses however a resolver writes them', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '0.0.0.0', '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', '::127.0.0.1', '64:ff9b::7f00:1'])
      expect([ip, kindOfIp(ip)]).toEqual([ip, 'local']);
    for (const ip of ['169.254.169.254', 'fe80::1', 'fe80::1%eth0', 'FEBF::1', '::ffff:169.254.0.1', '::ffff:a9fe:a9fe'])
      expect([ip, kindOfIp(ip)]).toEqual([ip, 'linkLocal']);
    for (const ip of ['93.184.216.34', '2606:2800:220:1::', 'fec0::1', '::ffff:93.184.216.34']) expect([ip, kindOfIp(ip)]).toEqual([ip, null]);
    // This machine is refused only on the club's own ports: a receiver on another port of it is fine.
    expect(refusedIp('127.0.0.1', 3000, new Set([3000]), new Set())).toBe('club');
    expect(refusedIp('127.0.0.1', 3001, new Set([3000]), new Set())).toBeNull();
    expect(refusedIp('169.254.169.254', 80, new Set([3000]), new Set())).toBe('linkLocal');
  });

  it('checks what a name resolves to at every send: a name that points home is refused before connecting', async () => {
    const club = await startReceiver(() => ({ status: 204 }));
    try {
      const port = Number(new URL(club.url).port);
      const send = (url: string) =>
        sendToReceiver({ url, method: 'POST', headers: {}, body: '{}', timeoutMs: 2_000, club: { ports: new Set([port]), ips: new Set() } });
      await expect(send(`http://localhost:${port}/hook`)).rejects.toThrow('the club itself');
      await expect(send(`http://[::ffff:127.0.0.1]:${port}/hook`)).rejects.toThrow('the club itself');
      await expect(send('http://169.254.169.254/latest/meta-data')).rejects.toThrow('a link-local address');
      expect(club.received).toHaveLength(0);
      // Sent with its length, as fetch sent it, not in chunks; and asked for uncompressed.
      await sendToReceiver({
        url: `${club.url}/hook`,
        method: 'POST',
        headers: {},
        body: '{"é":1}',
        timeoutMs: 2_000,
        club: { ports: new Set([1]), ips: new Set() },
      });
      expect(club.received[0]!.headers).toMatchObject({ 'content-length': '8', 'accept-encoding': 'identity' });
      expect(club.received[0]!.headers['transfer-encoding']).toBeUndefined();
      expect(
        (
          await sendToReceiver({
            url: `${club.url}/hook`,
            method: 'POST',
            headers: {},
            body: '{}',
            timeoutMs: 2_000,
            club: { ports: new Set([1]), ips: new Set() },
          })
        ).status,
      ).toBe(204);
    } finally {
      await club.close();
    }
  });

  it('masks the parts of an address that are its key', () => {
    expect(maskedAddress('https://discord.com/api/webhooks/123456/AbCdEfGh-IjKl_MnOp?wait=true', 'discord')).toBe(
      'https://discord.com/api/webhooks/123456/…?wait=…',
    );
    expect(maskedAddress('https://hooks.slack.com/services/T0001/B0001/xoxbxoxb', 'json')).toBe('https://hooks.slack.com/services/T0001/B0001/…');
    expect(maskedAddress('https://bots.example.org/club/4f9a2c1e8b7d6a5f4e3d2c1b/in', 'json')).toBe('https://bots.example.org/club/…/in');
    expect(maskedAddress('https://bots.example.org/bookclub/events', 'json')).toBe('https://bots.example.org/bookclub/events');
  });
});
