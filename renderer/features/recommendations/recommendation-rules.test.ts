import { describe, expect, it } from 'vitest';
import type { Recommendation } from '../../../shared/api/recommendations';
import { profile } from '../../test-support/profiles';
import { canEditRecommendation, recommendationInput, suggestLink, valuesForEdit } from './recommendation-rules';

const member = profile({ userId: 'me' });
const moderator = profile({ userId: 'mod', isModerator: true });
const admin = profile({ userId: 'boss', isAdmin: true });
const mine = { recommendationId: 7, ownerId: 'me' } as Recommendation;
const theirs = { recommendationId: 8, ownerId: 'someone' } as Recommendation;
const openBooks = { discussionId: 9, title: 'Round 2: book suggestions', topic: 'Books' as const, isClosed: false };

describe('who may edit a recommendation', () => {
  it('an owner edits their own, not others’', () => {
    expect(canEditRecommendation(member, mine)).toBe(true);
    expect(canEditRecommendation(member, theirs)).toBe(false);
  });

  it('moderators and admins edit any', () => {
    expect(canEditRecommendation(moderator, theirs)).toBe(true);
    expect(canEditRecommendation(admin, theirs)).toBe(true);
  });

  it('a visitor edits nothing', () => {
    expect(canEditRecommendation(null, mine)).toBe(false);
  });
});

describe('suggesting a recommendation in the ongoing discussion', () => {
  it('leads to the open Books discussion, prefilled from the recommendation', () => {
    expect(suggestLink(openBooks, mine)).toBe('/navrhy/9?parentRecommendationId=7');
  });

  it('is not offered for a themes discussion, a closed one, or none', () => {
    expect(suggestLink({ ...openBooks, topic: 'Themes' }, mine)).toBeNull();
    expect(suggestLink({ ...openBooks, isClosed: true }, mine)).toBeNull();
    expect(suggestLink(null, mine)).toBeNull();
  });
});

describe('the recommendation form', () => {
  const recommendation = {
    recommendationId: 7,
    ownerId: 'me',
    title: 'Solaris',
    author: 'Stanisław Lem',
    pageCount: 204,
    year: 1961,
    url: null,
    imageUrl: null,
    text: 'An ocean.',
  } as Recommendation;

  it('edits the recommendation’s own fields, its text as the text, not linked to itself', () => {
    expect(valuesForEdit(recommendation)).toMatchObject({
      title: 'Solaris',
      author: 'Stanisław Lem',
      pageCount: '204',
      year: '1961',
      url: '',
      description: 'An ocean.',
      comment: '',
      parentRecommendationId: null,
      parentPostId: null,
    });
  });

  it('sends the fields of a suggestion without its links to earlier posts', () => {
    const fields = {
      title: 'Solaris',
      author: 'Lem',
      pageCount: 204,
      year: 1961,
      url: null,
      imageUrl: null,
      text: 'x',
      parentPostId: 1,
      parentRecommendationId: 2,
    };
    expect(recommendationInput(fields)).toEqual({ title: 'Solaris', author: 'Lem', pageCount: 204, year: 1961, url: null, imageUrl: null, text: 'x' });
  });
});
