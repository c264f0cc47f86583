import { Combobox, Group, Loader, Text, TextInput, VisuallyHidden, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOOKUP_QUERY_MAX, type FoundBook } from '../../../shared/api/lookup';
import { ApiError } from '../../lib/api';
import { bookLookupQuery, foundBookDetails, lookupTermOf } from './book-lookup';

const TYPING_PAUSE_MS = 350;

/**
 * "Find the book": a combobox over Open Library's books (through the club), from three letters or an ISBN,
 * 350 ms after typing stops. Arrow keys move through the books, Enter or a click picks one, Escape closes
 * the list. The list shows words only (no pictures from elsewhere). When the lookup fails or is slow, a
 * quiet note says to fill the fields in by hand: never a toast, the form works as ever.
 */
export function BookLookupBox({ onPick }: { onPick(book: FoundBook): void }) {
  const { t } = useTranslation('discussions');
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const term = lookupTermOf(debounced);
  const lookup = useQuery(bookLookupQuery(term));
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setActive(-1);
    },
  });
  // The combobox's ARIA is ours: Mantine's keeps the option last reached by arrow keys as the active one
  // after a pick, naming an option that is gone (axe: aria-valid-attr-value).
  const listId = `${useId()}-books`;
  const [active, setActive] = useState(-1);
  const books = term && lookup.data ? lookup.data.books : [];
  const failed = term !== null && lookup.isError;
  // A query the server refuses says why (its own words); anything else is "not available right now".
  const refused = failed && lookup.error instanceof ApiError && lookup.error.status === 400 ? lookup.error.problem?.detail : undefined;
  const loading = term !== null && lookup.isFetching;
  const answered = term !== null && !!lookup.data && !loading;
  const listShown = combobox.dropdownOpened && answered && !failed;

  function pick(key: string) {
    const book = books.find((found) => found.key === key);
    combobox.closeDropdown();
    setActive(-1);
    if (!book) return;
    setTyped('');
    onPick(book);
  }

  return (
    <div data-testid="book-lookup">
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
        <Combobox.Target withAriaAttributes={false}>
          <TextInput
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listShown}
            aria-controls={listShown ? listId : undefined}
            aria-activedescendant={listShown && active >= 0 && active < books.length ? `${listId}-${active}` : undefined}
            type="search"
            label={t('lookup.label')}
            description={t('lookup.hint')}
            placeholder={t('lookup.placeholder')}
            leftSection={<IconSearch size={16} />}
            rightSection={loading ? <Loader size="xs" role="status" aria-label={t('lookup.searching')} /> : null}
            value={typed}
            maxLength={LOOKUP_QUERY_MAX}
            autoComplete="off"
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            error={refused}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
              setActive(-1);
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              // Enter picks the highlighted book (the combobox does that); it never submits the suggestion.
              if (event.key === 'Enter') event.preventDefault();
              // The combobox moves to another option after this handler, within the same event.
              queueMicrotask(() => setActive(combobox.getSelectedOptionIndex()));
            }}
            name="lookup"
            data-testid="book-lookup-input"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!answered || failed}>
          <Combobox.Options id={listId} aria-label={t('lookup.results')} mah={320} style={{ overflowY: 'auto' }}>
            {books.length === 0 ? (
              <Combobox.Empty>{t('lookup.nothingFound')}</Combobox.Empty>
            ) : (
              books.map((book, index) => (
                <Combobox.Option value={book.key} key={book.key} id={`${listId}-${index}`} data-testid="book-lookup-option">
                  <Text size="sm" fw={600} lineClamp={2}>
                    {book.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {foundBookDetails(book, (count) => t('common:book.pages', { count }))}
                  </Text>
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden aria-live="polite">{answered ? t('lookup.found', { count: books.length }) : ''}</VisuallyHidden>
      {failed && !refused && <LookupNote text={t('lookup.unavailable')} />}
    </div>
  );
}

/** A quiet line under the box: the lookup could not help, and the fields are there to fill in. */
export function LookupNote({ text }: { text: string }) {
  return (
    <Group gap={6} mt={6} wrap="nowrap" align="flex-start" c="dimmed" data-testid="book-lookup-note" role="status">
      <IconInfoCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      <Text size="sm">{text}</Text>
    </Group>
  );
}
