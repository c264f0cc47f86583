import { Button, Group, Loader, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCircleCheck, IconLink } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostFields, Topic } from '../../../shared/api/discussions';
import { goodreadsUrl } from '../../../shared/api/scrape';
import { BookCover } from '../../components/BookCover';
import { ApiError } from '../../lib/api';
import { apiFieldErrors } from '../../lib/api-errors';
import { handleError } from '../../lib/notify';
import { MarkdownPreview } from './MarkdownPreview';
import {
  FORM_FIELD_OF,
  checkPostForm,
  composeText,
  emptyPostForm,
  formLayout,
  withScrapedBook,
  type PostFormMode,
  type PostFormValues,
} from './post-form';
import { scrapeService } from './scrape.service';

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
}

type Errors = Partial<Record<keyof PostFormValues, string>>;

/**
 * A suggestion's fields for a topic (book: link, title, author, pages, description, comment; theme: title
 * and text), checked with the shared schema before sending. A Goodreads link fills in the book.
 */
export function PostForm({ topic, mode, initialValues, submitLabel, failureKey, onSubmit, onCancel }: PostFormProps) {
  const { t } = useTranslation('discussions');
  const layout = formLayout(topic, mode);
  const heading = t('form.descriptionHeading');
  const [values, setValues] = useState<PostFormValues>(initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [scraping, setScraping] = useState(false);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const lastScraped = useRef<string | null>(initialValues.url || null);
  const scrapeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (scrapeTimer.current) clearTimeout(scrapeTimer.current);
  }, []);

  function set<K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function scrape(url: string) {
    lastScraped.current = url;
    setScraping(true);
    try {
      const book = await scrapeService.book(url);
      setValues((v) => withScrapedBook(v, book));
      setErrors((e) => ({ ...e, url: undefined, title: undefined, author: undefined, pageCount: undefined, description: undefined }));
      setFilledFrom(book.url);
    } catch (error) {
      // SPEC section 8: the server's reason is shown; what was typed stays.
      handleError(error);
      const detail = error instanceof ApiError ? (apiFieldErrors(error).goodreadsUrl ?? error.problem?.detail) : undefined;
      setErrors((e) => ({ ...e, url: detail ?? t('common:error.generic') }));
      setFilledFrom(null);
    } finally {
      setScraping(false);
    }
  }

  /** Entering or pasting a Goodreads link reads the book, once per link. */
  function changeUrl(value: string) {
    set('url', value);
    setFilledFrom(null);
    if (scrapeTimer.current) clearTimeout(scrapeTimer.current);
    const url = value.trim();
    if (!layout.bookFields || !goodreadsUrl(url) || url === lastScraped.current) return;
    scrapeTimer.current = setTimeout(() => void scrape(url), SCRAPE_DELAY_MS);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkPostForm(values, topic, mode, heading);
    if (!check.ok) {
      setErrors(Object.fromEntries(Object.entries(check.errors).map(([field, key]) => [field, t(key)])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(check.fields);
      if (mode === 'new') {
        setValues(emptyPostForm);
        lastScraped.current = null;
        setFilledFrom(null);
      }
    } catch (error) {
      handleError(error, failureKey);
      setErrors(apiFieldErrors(error, FORM_FIELD_OF));
    } finally {
      setBusy(false);
    }
  }

  const previewText = layout.comment ? composeText(values.comment, values.description, heading) : values.description;

  return (
    <form onSubmit={submit} noValidate data-testid={`post-form-${mode}`}>
      <Stack gap="sm">
        {layout.bookFields && (
          <TextInput
            type="url"
            label={t('form.url')}
            description={t('form.urlHint')}
            placeholder="https://www.goodreads.com/book/show/…"
            leftSection={<IconLink size={16} />}
            rightSection={scraping ? <Loader size="xs" aria-label={t('form.scraping')} /> : null}
            value={values.url}
            error={errors.url}
            onChange={(e) => changeUrl(e.currentTarget.value)}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            name="url"
          />
        )}
        {filledFrom && (
          <Group gap={6} c="teal.8" data-testid="scraped-note">
            <IconCircleCheck size={16} />
            <Text size="sm">{t('form.scraped')}</Text>
          </Group>
        )}
        <TextInput
          label={layout.bookFields ? t('form.bookTitle') : t('form.themeTitle')}
          required
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          name="title"
        />
        {layout.bookFields && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('form.author')}
                required
                value={values.author}
                error={errors.author}
                onChange={(e) => set('author', e.currentTarget.value)}
                name="author"
              />
              <TextInput
                label={t('form.pageCount')}
                required
                inputMode="numeric"
                value={values.pageCount}
                error={errors.pageCount}
                onChange={(e) => set('pageCount', e.currentTarget.value)}
                name="pageCount"
              />
            </SimpleGrid>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                type="url"
                label={t('form.imageUrl')}
                value={values.imageUrl}
                error={errors.imageUrl}
                onChange={(e) => set('imageUrl', e.currentTarget.value)}
                style={{ flex: 1, minWidth: 0 }}
                name="imageUrl"
              />
              {values.imageUrl.trim() && !errors.imageUrl && (
                <BookCover src={values.imageUrl.trim()} width={40} height={60} alt={t('form.coverPreview')} />
              )}
            </Group>
          </>
        )}
        <Textarea
          label={layout.comment ? t('form.description') : t('form.text')}
          description={layout.comment ? t('form.descriptionHint') : t('form.markdownHint')}
          required={layout.bookFields && !layout.comment}
          autosize
          minRows={3}
          maxRows={14}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          name="description"
        />
        {layout.comment && (
          <Textarea
            label={t('form.comment')}
            description={t('form.commentHint')}
            autosize
            minRows={2}
            maxRows={10}
            value={values.comment}
            onChange={(e) => set('comment', e.currentTarget.value)}
            name="comment"
          />
        )}
        <MarkdownPreview text={previewText} />
        <Group gap="sm" mt={4}>
          <Button type="submit" loading={busy} disabled={scraping}>
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
