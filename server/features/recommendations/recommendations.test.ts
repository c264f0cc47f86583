import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { Recommendation } from '../../../shared/api/recommendations';
import type { Round } from '../../../shared/api/rounds';
import type { TestMember } from '../../test-support/members';
import { startReadingClub } from '../../test-support/reading-club';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import type { TestServer } from '../../test-support/test-server';

let club: TestServer;
let mod: string;
let ann: TestMember;
let ben: TestMember;

beforeAll(async () => {
  ({ club, mod, ann, ben } = await startReadingClub());
});
afterAll(async () => {
  await club.close();
});

describe('recommendations', () => {
  let rec: Recommendation;

  it('a member adds one; the list is newest first', async () => {
    rec = await ok<Recommendation>(
      club,
      'POST',
      '/api/recommendations/',
      ann.token,
      bookSuggestion('Piranesi', { author: 'Susanna Clarke', text: 'A house of endless halls and tides.' }),
    );
    expect(rec).toMatchObject({ ownerId: ann.userId, ownerName: 'Ann', title: 'Piranesi', renderedText: '<p>A house of endless halls and tides.</p>' });
    await ok(club, 'POST', '/api/recommendations/', ben.token, bookSuggestion('Stoner', { author: 'John Williams' }));
    const list = await ok<Recommendation[]>(club, 'GET', '/api/recommendations/', ann.token);
    expect(list.map((r) => r.title).slice(0, 2)).toEqual(['Stoner', 'Piranesi']);
    expect((await ok<Recommendation>(club, 'GET', `/api/recommendations/${rec.recommendationId}`, ben.token)).title).toBe('Piranesi');
    const invalid = await club.call('POST', '/api/recommendations/', { token: ann.token, body: { title: 'No author' } });
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['author', 'pageCount', 'text']);
  });

  it("its owner edits it; another member may not; a moderator may; Obskurnee's postId works too", async () => {
    expect((await ok<Recommendation>(club, 'PATCH', '/api/recommendations/', ann.token, { ...rec, title: 'Piranesi (2020)' })).title).toBe('Piranesi (2020)');
    const refused = await club.call('PATCH', '/api/recommendations/', { token: ben.token, body: { ...rec, title: 'Mine now' } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('You can only edit your own recommendations.');
    const { recommendationId, ...rest } = rec;
    expect((await ok<Recommendation>(club, 'PATCH', '/api/recommendations/', mod, { ...rest, postId: recommendationId, title: 'Piranesi' })).title).toBe(
      'Piranesi',
    );
    expect((await club.call('PATCH', '/api/recommendations/', { token: ann.token, body: { ...rec, recommendationId: 9999 } })).status).toBe(404);
  });

  it("carries a publication year: an edit without it (as Obskurnee's client sends one) keeps it, null clears it, nonsense is a 400", async () => {
    const stoner = await ok<Recommendation>(club, 'POST', '/api/recommendations/', ben.token, bookSuggestion('Stoner', { year: '1965' }));
    expect(stoner.year).toBe(1965);
    expect((await ok<Recommendation>(club, 'GET', `/api/recommendations/${stoner.recommendationId}`, ann.token)).year).toBe(1965);
    const { year: _year, recommendationId, ...asObskurneeSendsIt } = stoner;
    const kept = await ok<Recommendation>(club, 'PATCH', '/api/recommendations/', ben.token, {
      ...asObskurneeSendsIt,
      postId: recommendationId,
      title: 'Stoner!',
    });
    expect(kept).toMatchObject({ title: 'Stoner!', year: 1965 });
    expect((await ok<Recommendation>(club, 'PATCH', '/api/recommendations/', ben.token, { ...stoner, year: 1966 })).year).toBe(1966);
    expect((await ok<Recommendation>(club, 'PATCH', '/api/recommendations/', ben.token, { ...stoner, year: null })).year).toBeNull();
    const refused = await club.call('PATCH', '/api/recommendations/', { token: ben.token, body: { ...stoner, year: 'MCMLXV' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ year: ['The year must be a whole number no later than next year (a year BC as a negative number, from -3000).'] });
    expect((await ok<Recommendation>(club, 'GET', `/api/recommendations/${stoner.recommendationId}`, ann.token)).year).toBeNull();
    expect((await ok<Recommendation>(club, 'POST', '/api/recommendations/', ben.token, bookSuggestion('No year'))).year).toBeNull();
  });

  it('seeds a suggestion in the ongoing Books discussion through parentRecommendationId', async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'From recs' });
    const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ben.token, {
      ...bookSuggestion('Piranesi'),
      parentRecommendationId: rec.recommendationId,
    });
    expect(post.parentRecommendationId).toBe(rec.recommendationId);
    const ghost = await club.call('POST', `/api/discussions/${round.bookDiscussionId}`, {
      token: ben.token,
      body: { ...bookSuggestion('Ghost'), parentRecommendationId: 99999 },
    });
    expect(ghost.status).toBe(400);
  });
});
