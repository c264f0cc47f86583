import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../shared/api/discussions';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import { startReadingClub, type ReadingClub } from '../test-support/reading-club';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { encodingFor } from './answer-encoding';

let reading: ReadingClub;
let openPollId: number;
let discussionId: number;

beforeAll(async () => {
  reading = await startReadingClub();
  const { club, mod, ann, ben } = reading;
  // A second round whose poll is open: Ann has voted, Ben has not, so the poll's answer differs for them.
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Autumn' });
  discussionId = round.bookDiscussionId!;
  const dune = await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, ann.token, bookSuggestion('Dune', { text: 'Sand. '.repeat(400) }));
  await ok(club, 'POST', `/api/discussions/${discussionId}`, ben.token, bookSuggestion('Emma'));
  openPollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${discussionId}`, mod)).discussion!.pollId!;
  await ok(club, 'POST', `/api/polls/${openPollId}/vote`, ann.token, { postIds: [dune.postId] });
});
afterAll(() => reading.club.close());

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, still encoded. */
  raw: Buffer;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode for us). */
function get(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(reading.club.url + path, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, raw: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.raw.toString('utf8');
}

const asMember = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });

describe('compressed answers', () => {
  const READS = ['/api/home', '/api/discussions/1', '/api/rounds', '/api/users', '/api/books', '/api/polls/1'];

  it('are the same JSON as uncompressed ones, in brotli and in gzip, for every big read', async () => {
    for (const path of [...READS, `/api/discussions/${discussionId}`]) {
      const plain = await get(path, asMember(reading.ann.token, { 'Accept-Encoding': 'identity' }));
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        const compressed = await get(path, asMember(reading.ann.token, { 'Accept-Encoding': encoding }));
        expect(compressed.status, path).toBe(200);
        expect(compressed.headers.vary, path).toMatch(/Accept-Encoding/i);
        expect(JSON.parse(decoded(compressed)), `${path} in ${encoding}`).toEqual(JSON.parse(decoded(plain)));
        if (plain.raw.length > 1024) {
          expect(compressed.headers['content-encoding'], path).toBe(encoding);
          expect(compressed.raw.length, `${path} in ${encoding}`).toBeLessThan(plain.raw.length);
        }
      }
    }
  });

  it('prefer brotli when both are accepted, and leave small answers as they are', async () => {
    const discussion = await get(`/api/discussions/${discussionId}`, asMember(reading.ann.token, { 'Accept-Encoding': 'gzip, deflate, br' }));
    expect(discussion.headers['content-encoding']).toBe('br');
    const small = await get('/api/newsletters', asMember(reading.ann.token, { 'Accept-Encoding': 'gzip, br' }));
    expect(small.status).toBe(200);
    expect(small.raw.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('the encoding a client gets', () => {
  it('is brotli where it is weighed at least as gladly as gzip, else gzip, else none', () => {
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(encodingFor('gzip')).toBe('gzip');
    expect(encodingFor('GZIP;q=1, br;q=0.5')).toBe('gzip');
    expect(encodingFor('br;q=0')).toBeNull();
    expect(encodingFor('*')).toBe('br');
    expect(encodingFor('gzip;q=0.2, identity')).toBeNull();
    expect(encodingFor('deflate')).toBeNull();
    expect(encodingFor('')).toBeNull();
    expect(encodingFor(undefined)).toBeNull();
    expect(encodingFor('br;q=junk, gzip')).toBe('gzip');
  });

  it('of a kept answer is compressed once and its bytes reused, and a 304 costs no compression', async () => {
    const path = `/api/discussions/${discussionId}`;
    const first = await get(path, asMember(reading.ben.token, { 'Accept-Encoding': 'br' }));
    const second = await get(path, asMember(reading.ben.token, { 'Accept-Encoding': 'br' }));
    expect(second.raw.equals(first.raw)).toBe(true);
    const revalidated = await get(path, asMember(reading.ben.token, { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! }));
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect(revalidated.raw.length).toBe(0);
  });
});

describe('tagged answers (ETag, 304)', () => {
  it('are private and revalidated, and an unchanged answer is a 304 with no body', async () => {
    const first = await get('/api/rounds', asMember(reading.ann.token));
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const tag = first.headers.etag!;
    expect(tag).toMatch(/^"/);
    const again = await get('/api/rounds', asMember(reading.ann.token, { 'If-None-Match': tag }));
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
  });

  it('a write that changes the answer changes the tag: the old tag gets the new answer, others stay 304', async () => {
    const home = await get('/api/home', asMember(reading.ben.token));
    const rounds = await get('/api/rounds', asMember(reading.ben.token));
    await ok(reading.club, 'POST', '/api/admin/noticeboard', reading.mod, { text: 'Meeting moved to **Friday**.' });
    const after = await get('/api/home', asMember(reading.ben.token, { 'If-None-Match': home.headers.etag! }));
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(home.headers.etag);
    expect(decoded(after)).toContain('Meeting moved to');
    expect((await get('/api/rounds', asMember(reading.ben.token, { 'If-None-Match': rounds.headers.etag! }))).status).toBe(304);
  });

  it("one member's tag never gets another member a 304 for a different answer (my vote stays mine)", async () => {
    const path = `/api/polls/${openPollId}`;
    const anns = await get(path, asMember(reading.ann.token));
    const bens = await get(path, asMember(reading.ben.token, { 'If-None-Match': anns.headers.etag! }));
    expect(bens.status).toBe(200);
    expect(JSON.parse(decoded(bens))).not.toEqual(JSON.parse(decoded(anns)));
    expect(bens.headers.etag).not.toBe(anns.headers.etag);
  });

  it('writes and refusals are neither tagged nor answered 304', async () => {
    const refused = await get('/api/polls/99999', asMember(reading.ann.token, { 'If-None-Match': '*' }));
    expect(refused.status).toBe(404);
    expect(refused.headers.etag).toBeUndefined();
  });
});
