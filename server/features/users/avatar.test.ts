import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type TestMember } from '../../test-support/members';
import { startTestServer, setUpClub, type TestServer } from '../../test-support/test-server';

let club: TestServer;
let member: TestMember;

beforeAll(async () => {
  club = await startTestServer();
  await setUpClub(club);
  member = await addMember(club, { name: 'Pic' });
});
afterAll(async () => {
  await club.close();
});

async function upload(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${club.url}/api/users/avatar`, { method: 'POST', headers: { Authorization: `Bearer ${member.token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { avatarUrl: string; detail: string } };
}

/** A noisy photo, so it compresses like a real one. */
function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg') {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

describe('avatars', () => {
  it('a large photo becomes a 100 x 100 avatar, served from the club', async () => {
    const res = await upload(await photo(3000, 2000));
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toMatch(/^\/images\/avatars\/[\w-]+\.webp$/);
    const image = await fetch(club.url + res.body.avatarUrl);
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([100, 100, 'webp']);
    // The profile carries it too.
    expect((await club.call('GET', '/api/accounts/context', { token: member.token })).body.avatarUrl).toBe(res.body.avatarUrl);
  });

  it('accepts PNG, WebP and GIF, and replaces the previous file', async () => {
    const first = await upload(await photo(300, 300, 'png'), 'a.png', 'image/png');
    const second = await upload(await photo(200, 400, 'webp'), 'b.webp', 'image/webp');
    const third = await upload(await photo(120, 120, 'gif'), 'c.gif', 'image/gif');
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    const dir = path.join(club.dataDir, 'images', 'avatars');
    expect(fs.readdirSync(dir)).toEqual([path.basename(third.body.avatarUrl)]);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const res = await upload(Buffer.from('just some text, not a picture'), 'photo.jpg');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('That file is not a JPEG, PNG, WebP or GIF image.');
  });

  it('refuses an image in another format (SVG)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await upload(svg, 'x.svg', 'image/svg+xml')).status).toBe(400);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const res = await upload(Buffer.alloc(6 * 1024 * 1024, 1), 'huge.jpg');
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('The image is too large: at most 5 MB.');
  });

  it('refuses a truncated image', async () => {
    const whole = await photo(800, 600);
    const res = await upload(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The image could not be read; it may be damaged or incomplete.');
  });

  it('refuses a form without the avatar field', async () => {
    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array(await photo(50, 50))]), 'p.jpg');
    const res = await fetch(`${club.url}/api/users/avatar`, { method: 'POST', headers: { Authorization: `Bearer ${member.token}` }, body: form });
    expect(res.status).toBe(400);
  });
});
