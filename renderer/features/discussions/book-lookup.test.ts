import { describe, expect, it } from 'vitest';
import type { FoundBook } from '../../../shared/api/lookup';
import { foundBookDetails, lookupTermOf, withFoundBook } from './book-lookup';
import { checkPostForm, emptyPostForm } from './post-form';

const dune: FoundBook = {
  key: '/works/OL893415W',
  title: 'Dune',
  author: 'Frank Herbert',
  year: 1965,
  pageCount: 604,
  url: 'https://openlibrary.org/works/OL893415W',
  coverId: 8231856,
  isbn: '0441172717',
};

describe('the book lookup in a suggestion form', () => {
  it('looks up from three letters, or an ISBN, with spaces folded', () => {
    expect(lookupTermOf('du')).toBeNull();
    expect(lookupTermOf('   ')).toBeNull();
    expect(lookupTermOf('  Frank   Herbert ')).toBe('Frank Herbert');
    expect(lookupTermOf('0-441-17271-7')).toBe('0-441-17271-7');
    expect(lookupTermOf('x'.repeat(500))).toHaveLength(200);
  });

  it("says a found book's author, year and pages as far as they are known", () => {
    const pages = (count: number) => `${count} pages`;
    expect(foundBookDetails(dune, pages)).toBe('Frank Herbert · 1965 · 604 pages');
    expect(foundBookDetails({ ...dune, author: null, pageCount: null }, pages)).toBe('1965');
  });

  it('a picked book fills the fields; what Open Library does not know keeps what was typed', () => {
    const typed = {
      ...emptyPostForm,
      title: 'dune?',
      author: 'F. H.',
      pageCount: '600',
      year: '1966',
      comment: 'Read it!',
      imageUrl: 'https://example.org/c.jpg',
    };
    expect(withFoundBook(typed, dune)).toMatchObject({
      title: 'Dune',
      author: 'Frank Herbert',
      pageCount: '604',
      year: '1965',
      url: dune.url,
      // Its cover comes once the club has kept it: never Open Library's own address.
      imageUrl: '',
      comment: 'Read it!',
    });
    expect(withFoundBook(typed, { ...dune, author: null, pageCount: null, year: null, coverId: null })).toMatchObject({
      author: 'F. H.',
      pageCount: '600',
      year: '1966',
      imageUrl: typed.imageUrl,
    });
  });

  it("a picked book with the club's copy of its cover passes the form's checks", () => {
    const values = { ...withFoundBook(emptyPostForm, dune, '/images/covers/ol-8231856.webp'), comment: 'Spice.' };
    expect(checkPostForm(values, 'Books', 'new', 'About the book')).toMatchObject({
      ok: true,
      sent: { imageUrl: '/images/covers/ol-8231856.webp', year: 1965 },
    });
    expect(checkPostForm({ ...values, imageUrl: '/images/avatars/x.webp' }, 'Books', 'new', 'About the book')).toMatchObject({
      ok: false,
      errors: { imageUrl: 'validation:linkInvalid' },
    });
  });
});
