import { Button, Checkbox, Group, Loader, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostFields, Topic } from '../../../shared/api/discussions';
import type { FoundBook } from '../../../shared/api/lookup';
import { goodreadsUrl } from '../../../shared/api/scrape';
import { BookCover } from '../../components/BookCover';
import { api } from '../../lib/api-client';
import { checkedForm, placeFailure } from '../../lib/form-errors';
import { handleError } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useBookLookupOn } from '../home';
import { BookLookupBox, LookupNote } from './BookLookupBox';
import { MarkdownPreview } from './MarkdownPreview';
import { useFoundBook } from './use-found-book';
import { FORM_FIELD_OF, checkPostForm, composeText, emptyPostForm, formLayout, withScrapedBook, type PostFormMode, type PostFormValues } from './post-form';

const SCRAPE_DELAY_MS = 350;

interface PostFormProps {
  topic: Topic;
  mode: PostFormMode;
  initialValues: PostFormValues;
  submitLabel: string;
  /** The toast's title when the server refuses (SPEC section 8: 'Failed to add suggestion', 'Update failed'). */
  failureKey: string;
  /** Throws on failure; the form then keeps what was typed and shows why. */
  onSubmit(fields: PostFields): Promise<unknown>;
  onCancel?(): void;
  /** A suggestion may be marked "contains spoilers" (a recommendation's form, which shares this one, may not). */
  offerSpoilerMark?: boolean;
}

/**
 * A suggestion's fields for a topic (book: link, title, author, pages, year, description, comment; theme: title
 * and text), checked with the shared schema before sending. A Goodreads link fills in the book, and so does
 * a book found on Open Library (a new suggestion or recommendation, when the club has the lookup on).
 */
export function PostForm({ topic, mode, initialValues, submitLabel, failureKey, onSubmit, onCancel, offerSpoilerMark = false }: PostFormProps) {
  const { t } = useTranslation('discussions');
  const layout = formLayout(topic, mode);
  const heading = t('form.descriptionHeading');
  const form = useForm({ initialValues, ...checkedForm((values: PostFormValues) => checkPostForm(values, topic, mode, heading), t) });
  const [scraping, setScraping] = useState(false);
  const [filledFrom, setFilledFrom] = useState<'goodreads' | 'openLibrary' | null>(null);
  const offerLookup = useBookLookupOn() && layout.bookFields && mode === 'new';
  const lastScraped = useRef<string | null>(initialValues.url || null);
  const scrapeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const found = useFoundBook(form);
  const { onSubmit: submitPost, busy } = useFormSubmit(form, {
    async action(fields) {
      await onSubmit(fields);
      if (mode === 'new') {
        form.setValues(emptyPostForm);
        lastScraped.current = null;
        setFilledFrom(null);
        found.reset();
      }
    },
    failureKey,
    fieldOf: FORM_FIELD_OF,
  });
  const values = form.values;

  useEffect(
    () => () => {
      if (scrapeTimer.current) clearTimeout(scrapeTimer.current);
    },
    [],
  );

  async function scrape(url: string) {
    lastScraped.current = url;
    setScraping(true);
    try {
      // The server reads the Goodreads page (the browser cannot reach Goodreads itself).
      const book = await api.scrape.scrape({ query: { goodreadsUrl: url } });
      form.setValues((typed) => withScrapedBook({ ...emptyPostForm, ...typed }, book));
      setFilledFrom('goodreads');
    } catch (error) {
      // SPEC section 8: the server's reason is shown; what was typed stays.
      handleError(error);
      const { fieldErrors, formError } = placeFailure(error, ['goodreadsUrl']);
      form.setFieldError('url', fieldErrors.goodreadsUrl ?? formError ?? t('common:error.generic'));
      setFilledFrom(null);
    } finally {
      setScraping(false);
    }
  }

  /** Entering or pasting a Goodreads link reads the book, once per link. */
  function changeUrl(value: string) {
    form.setFieldValue('url', value);
    setFilledFrom(null);
    if (scrapeTimer.current) clearTimeout(scrapeTimer.current);
    const url = value.trim();
    if (!layout.bookFields || !goodreadsUrl(url) || url === lastScraped.current) return;
    scrapeTimer.current = setTimeout(() => void scrape(url), SCRAPE_DELAY_MS);
  }

  function pickBook(book: FoundBook) {
    // Its Open Library link is not a Goodreads one: nothing to read from it.
    lastScraped.current = book.url;
    setFilledFrom('openLibrary');
    void found.pick(book);
  }

  const previewText = layout.comment ? composeText(values.comment, values.description, heading) : values.description;

  return (
    <form onSubmit={submitPost} noValidate data-testid={`post-form-${mode}`}>
      <Stack gap="sm">
        {offerLookup && <BookLookupBox onPick={pickBook} />}
        {layout.bookFields && (
          <TextInput
            type="url"
            label={t('form.url')}
            description={t('form.urlHint')}
            placeholder="https://www.goodreads.com/book/show/…"
            leftSection={<IconLink size={16} />}
            rightSection={scraping ? <Loader size="xs" role="status" aria-label={t('form.scraping')} /> : null}
            {...form.getInputProps('url')}
            onChange={(e) => changeUrl(e.currentTarget.value)}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            name="url"
          />
        )}
        {filledFrom && (
          <Group gap={6} wrap="nowrap" align="flex-start" c="var(--mantine-color-success)" data-testid="scraped-note">
            <IconCircleCheck size={16} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">{filledFrom === 'goodreads' ? t('form.scraped') : t('lookup.filled')}</Text>
          </Group>
        )}
        <TextInput label={layout.bookFields ? t('form.bookTitle') : t('form.themeTitle')} required {...form.getInputProps('title')} name="title" />
        {layout.bookFields && (
          <>
            <TextInput label={t('form.author')} required {...form.getInputProps('author')} name="author" />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label={t('form.pageCount')} required inputMode="numeric" {...form.getInputProps('pageCount')} name="pageCount" />
              <TextInput label={t('form.year')} inputMode="numeric" {...form.getInputProps('year')} name="year" />
            </SimpleGrid>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput type="url" label={t('form.imageUrl')} {...form.getInputProps('imageUrl')} style={{ flex: 1, minWidth: 0 }} name="imageUrl" />
              {found.storingCover ? (
                <Loader size="sm" mt={30} role="status" aria-label={t('lookup.storingCover')} />
              ) : (
                values.imageUrl.trim() &&
                !form.errors.imageUrl && <BookCover src={values.imageUrl.trim()} width={40} height={60} alt={t('form.coverPreview')} />
              )}
            </Group>
            {found.coverFailed && <LookupNote text={t('lookup.coverFailed')} />}
          </>
        )}
        <Textarea
          label={layout.comment ? t('form.description') : t('form.text')}
          description={layout.comment ? t('form.descriptionHint') : t('form.markdownHint')}
          required={layout.bookFields && !layout.comment}
          autosize
          minRows={3}
          maxRows={14}
          {...form.getInputProps('description')}
          name="description"
        />
        {layout.comment && (
          <Textarea
            label={t('form.comment')}
            description={t('form.commentHint')}
            autosize
            minRows={2}
            maxRows={10}
            {...form.getInputProps('comment')}
            name="comment"
          />
        )}
        <MarkdownPreview text={previewText} />
        {offerSpoilerMark && (
          <Checkbox
            label={t('progress:mark.label')}
            description={t('progress:mark.postHint')}
            {...form.getInputProps('hasSpoilers', { type: 'checkbox' })}
            name="hasSpoilers"
            data-testid="post-has-spoilers"
          />
        )}
        <Group gap="sm" mt={4}>
          <Button type="submit" loading={busy} disabled={scraping || found.storingCover}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('form.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
