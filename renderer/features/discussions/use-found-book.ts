import { useRef, useState } from 'react';
import type { FoundBook } from '../../../shared/api/lookup';
import { api } from '../../lib/api-client';
import { withFoundBook } from './book-lookup';
import { emptyPostForm, type PostFormValues } from './post-form';

/** What picking a book changes of the suggestion's form (@mantine/form's methods). */
interface FilledForm {
  setValues(update: (typed: Partial<PostFormValues>) => PostFormValues): void;
  setFieldValue(field: 'imageUrl', value: string): void;
}

/**
 * Picking a found book: the form is filled at once, then the club keeps the book's cover (POST
 * /api/books/covers) and the cover field gets the club's own address. A newer pick wins over a cover still
 * on its way; a cover that cannot be kept leaves the field as it is, and says so.
 */
export function useFoundBook(form: FilledForm) {
  const [storingCover, setStoringCover] = useState(false);
  const [coverFailed, setCoverFailed] = useState(false);
  const picks = useRef(0);

  async function pick(book: FoundBook) {
    const pickNumber = ++picks.current;
    form.setValues((typed) => withFoundBook({ ...emptyPostForm, ...typed }, book));
    setCoverFailed(false);
    if (book.coverId === null) return setStoringCover(false);
    setStoringCover(true);
    try {
      const { imageUrl } = await api.lookup.storeCover({ body: { coverId: book.coverId } });
      if (pickNumber === picks.current) form.setFieldValue('imageUrl', imageUrl);
    } catch {
      if (pickNumber === picks.current) setCoverFailed(true);
    } finally {
      if (pickNumber === picks.current) setStoringCover(false);
    }
  }

  function reset() {
    picks.current++;
    setStoringCover(false);
    setCoverFailed(false);
  }

  return { pick, storingCover, coverFailed, reset };
}
