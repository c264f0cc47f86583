import { describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import { checkPostForm, composeText, emptyPostForm, postInputOf, valuesForRepost, withScrapedBook, type PostFormValues } from './post-form';

const HEADING = 'About the book';
const book: PostFormValues = { ...emptyPostForm, title: 'Solaris', author: 'Stanisław Lem', pageCount: '204', comment: 'A classic.' };

const post: Post = {
  postId: 7,
  discussionId: 2,
  ownerId: 'u1',
  ownerName: 'Ada',
  title: 'Solaris',
  author: 'Stanisław Lem',
  pageCount: 204,
  year: 1961,
  url: 'https://www.goodreads.com/book/show/95558',
  imageUrl: null,
  text: 'A planet-sized ocean.',
  renderedText: '<p>A planet-sized ocean.</p>',
  parentPostId: null,
  parentRecommendationId: null,
  hasSpoilers: true,
  createdOn: '2026-11-01T10:00:00.000Z',
  modifiedOn: '2026-11-01T10:00:00.000Z',
};

describe('a suggestion form', () => {
  it('composes the text from the comment, then the description under a heading', () => {
    expect(composeText('Let us read it.', 'A planet-sized ocean.', HEADING)).toBe(`Let us read it.\n\n#### ${HEADING}\n\nA planet-sized ocean.`);
    expect(composeText('  ', 'Only the blurb.', HEADING)).toBe('Only the blurb.');
    expect(composeText('Only my words.', '', HEADING)).toBe('Only my words.');
  });

  it('accepts a book with title, author, page count and a text', () => {
    const check = checkPostForm(book, 'Books', 'new', HEADING);
    expect(check).toEqual({ ok: true, sent: expect.objectContaining({ title: 'Solaris', pageCount: 204, text: 'A classic.' }) });
  });

  it("sends the spoiler mark as ticked, unticked by default, and an edit starts from the post's mark", () => {
    expect(checkPostForm(book, 'Books', 'new', HEADING)).toMatchObject({ ok: true, sent: { hasSpoilers: false } });
    expect(checkPostForm({ ...book, hasSpoilers: true }, 'Books', 'new', HEADING)).toMatchObject({ ok: true, sent: { hasSpoilers: true } });
    expect(valuesForRepost(post).hasSpoilers).toBe(true);
  });

  it('asks a book for its author, page count and text, and shows the text error at the description', () => {
    const check = checkPostForm({ ...emptyPostForm, title: 'Solaris' }, 'Books', 'new', HEADING);
    expect(check).toEqual({
      ok: false,
      errors: { author: 'validation:authorRequired', pageCount: 'validation:pageCountRequired', description: 'validation:textRequired' },
    });
  });

  it('says everything that is missing at once, even beside a malformed field', () => {
    const check = checkPostForm({ ...emptyPostForm, title: 'Solaris', pageCount: 'many' }, 'Books', 'new', HEADING);
    expect(!check.ok && check.errors).toEqual({
      pageCount: 'validation:pageCountInvalid',
      author: 'validation:authorRequired',
      description: 'validation:textRequired',
    });
  });

  it('needs a title before anything else', () => {
    const check = checkPostForm({ ...book, title: '  ' }, 'Books', 'new', HEADING);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors.title).toBe('validation:titleRequired');
  });

  it('refuses a page count that is not a whole number and a link that is not one', () => {
    const check = checkPostForm({ ...book, pageCount: '12.5', url: 'goodreads' }, 'Books', 'new', HEADING);
    expect(!check.ok && check.errors).toEqual({ pageCount: 'validation:pageCountInvalid', url: 'validation:linkInvalid' });
  });

  it('lets a theme through with a title alone, and sends no book fields', () => {
    const values = { ...emptyPostForm, title: 'Memory', author: 'left over', pageCount: 'x' };
    expect(checkPostForm(values, 'Themes', 'new', HEADING).ok).toBe(true);
    expect(postInputOf(values, 'Themes', 'new', HEADING)).toMatchObject({ author: null, pageCount: null, url: null, imageUrl: null, text: '' });
  });

  it('edits the text as it is, without a comment', () => {
    const values = { ...book, comment: 'ignored when editing', description: 'The whole text.' };
    expect(postInputOf(values, 'Books', 'edit', HEADING).text).toBe('The whole text.');
  });

  it('copies an earlier suggestion for a repost and keeps the link to it', () => {
    expect(valuesForRepost(post)).toMatchObject({
      title: 'Solaris',
      pageCount: '204',
      year: '1961',
      description: 'A planet-sized ocean.',
      parentPostId: 7,
      comment: '',
    });
    expect(valuesForRepost({ ...post, year: null }).year).toBe('');
  });

  it('sends the year as a number, and an empty year as null so that an edit clears it', () => {
    expect(checkPostForm({ ...book, year: '1961' }, 'Books', 'new', HEADING)).toMatchObject({ ok: true, sent: { year: 1961 } });
    const edited = { ...book, description: 'The whole text.' };
    expect(checkPostForm({ ...edited, year: ' ' }, 'Books', 'edit', HEADING)).toMatchObject({ ok: true, sent: { year: null } });
    expect(checkPostForm(edited, 'Books', 'edit', HEADING)).toMatchObject({ ok: true, sent: { year: null } });
    expect(postInputOf({ ...book, year: '1961' }, 'Themes', 'new', HEADING).year).toBeNull();
  });

  it('refuses a year that is not a whole number up to next year', () => {
    for (const year of ['sixties', '1961.5', String(new Date().getUTCFullYear() + 2)])
      expect(checkPostForm({ ...book, year }, 'Books', 'new', HEADING)).toEqual({ ok: false, errors: { year: 'validation:yearInvalid' } });
  });

  it('fills what Goodreads knows and keeps what was typed where it knows nothing', () => {
    const filled = withScrapedBook(
      { ...emptyPostForm, comment: 'Mine', pageCount: '300', url: 'https://goodreads.com/book/show/1' },
      {
        title: 'Solaris',
        author: 'Stanisław Lem',
        pageCount: null,
        imageUrl: 'https://i.gr-assets.com/s.jpg',
        url: 'https://www.goodreads.com/book/show/1',
        description: 'Ocean.',
      },
    );
    expect(filled).toMatchObject({
      title: 'Solaris',
      author: 'Stanisław Lem',
      pageCount: '300',
      imageUrl: 'https://i.gr-assets.com/s.jpg',
      description: 'Ocean.',
      comment: 'Mine',
    });
  });
});
