import { create } from 'zustand';
import type { Book } from '../../../shared/api/books';
import type { LoadStatus } from '../../lib/load-status';
import { booksService } from './books.service';

interface BooksState {
  books: Book[];
  status: LoadStatus;
  error: unknown;
  /** The book page's book. */
  bookId: number | null;
  book: Book | null;
  bookStatus: LoadStatus;
  bookError: unknown;
  load(): Promise<void>;
  loadBook(bookId: number): Promise<void>;
}

export const useBooksStore = create<BooksState>()((set, get) => ({
  books: [],
  status: 'idle',
  error: null,
  bookId: null,
  book: null,
  bookStatus: 'idle',
  bookError: null,

  async load() {
    set({ status: get().status === 'ready' ? 'ready' : 'loading', error: null });
    try {
      set({ books: await booksService.list(), status: 'ready' });
    } catch (error) {
      // SPEC section 8: a failed book list is only logged; the page says it could not load.
      console.error(error);
      set({ status: 'failed', error });
    }
  },

  async loadBook(bookId) {
    // A book the list already has shows at once; the fetch brings it up to date.
    const known = get().books.find((b) => b.bookId === bookId) ?? (get().book?.bookId === bookId ? get().book : null);
    set({ bookId, book: known, bookStatus: known ? 'ready' : 'loading', bookError: null });
    try {
      const book = await booksService.get(bookId);
      if (get().bookId === bookId) set({ book, bookStatus: 'ready' });
    } catch (error) {
      if (get().bookId === bookId) set({ book: null, bookStatus: 'failed', bookError: error });
    }
  },
}));
