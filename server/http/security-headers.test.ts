import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useClubServing } from '../test-support/club-serving';
import { setUpClub, startTestServer } from '../test-support/test-server';

const given = useClubServing({ 'index.html': '<!doctype html><script type="module" src="/assets/app.js"></script>', 'assets/app.js': 'console.log(1)' });
let token: string;
beforeAll(async () => {
  token = await setUpClub(given.club);
});

describe('security headers', () => {
  it.each(['/', '/navrhy/3', '/assets/app.js', '/api/home', '/api/nothing-here', '/images/avatars/none.webp', '/hubs/eventsX'])(
    '%s answers with nosniff, a Referrer-Policy and framing refused',
    async (where) => {
      const answer = await fetch(given.club.url + where);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('same-origin');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('pages carry a Content-Security-Policy with script-src self, no inline script, and frame-ancestors none', async () => {
    const page = await fetch(given.club.url + '/navrhy');
    const csp = page.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('the API docs keep their own, stricter policy', async () => {
    const docs = await fetch(given.club.url + '/api/docs');
    expect(docs.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
  });

  it('the built app has no inline script, so the policy lets it run', () => {
    const built = path.join(__dirname, '..', '..', 'renderer', 'index.html');
    const html = fs.readFileSync(built, 'utf8');
    for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
      expect(script).toMatch(/\ssrc=/);
      expect(script.replace(/<script\b[^>]*>|<\/script>/g, '').trim()).toBe('');
    }
  });
});

describe('request bodies', () => {
  const post = (body: Uint8Array, encoding: string) =>
    fetch(given.club.url + '/api/recommendations/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding, Authorization: `Bearer ${token}` },
      body: new Uint8Array(body),
    });
  const json = Buffer.from(JSON.stringify({ title: 'Dune', author: 'Frank Herbert', pageCount: 412, text: 'Spice.' }));

  it.each(['gzip', 'deflate', 'br'])('a body that says %s but is not is a 400 in problem details, and nothing is stored', async (encoding) => {
    const answer = await post(json, encoding);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/problem\+json/);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/compression/);
    const recs = await given.club.call('GET', '/api/recommendations/', { token });
    expect(recs.body).toEqual([]);
  });

  it('a truly gzipped body is read', async () => {
    const answer = await post(zlib.gzipSync(json), 'gzip');
    expect(answer.status).toBe(200);
  });
});

describe('avatar uploads', () => {
  /** Files formidable would have written: 25-character ids, in the temp folder. */
  const uploadLeftovers = () => new Set(fs.readdirSync(os.tmpdir()).filter((name) => /^[a-z0-9]{25}$/.test(name)));

  it.each(['photo', 'avatar'])('leave no temporary file behind, whatever the field ("%s") and the outcome', async (field) => {
    const before = uploadLeftovers();
    const form = new FormData();
    form.append(field, new Blob([Buffer.alloc(20_000, 7)], { type: 'image/png' }), 'not-really.png');
    const answer = await fetch(given.club.url + '/api/users/avatar', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(answer.status).toBe(400);
    const after = [...uploadLeftovers()].filter((name) => !before.has(name));
    expect(after).toEqual([]);
  });
});

describe('requests Node itself refuses', () => {
  it('are answered in problem details in the club language, with an ASCII status line', async () => {
    const slovak = await startTestServer({ defaultLanguage: 'sk' });
    try {
      const net = await import('node:net');
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(slovak.url).port), '127.0.0.1', () => socket.write('GET /api/ho me HTTP/1.1\r\nHost: club\r\n\r\n'));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });
      expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({
        status: 400,
        detail: 'Požiadavka sa nedá prečítať: nie je to platné HTTP.',
      });
    } finally {
      await slovak.close();
    }
  });
});
