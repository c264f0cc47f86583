// What other features may use of books; the rest of the folder is its own (npm run lint holds them to this).
export { createNextBook } from './book-writes';
export { bookTable, type BookRow } from './book.entity';
export type { BooksService } from './books.service';
