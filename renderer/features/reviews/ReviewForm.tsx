import { Button, Group, Input, Rating, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '../../../shared/api/reviews';
import { RATING_MAX } from '../../../shared/api/reviews';
import { apiFieldErrors } from '../../lib/api-errors';
import { formatDate } from '../../lib/format-date';
import { handleError, notifySuccess } from '../../lib/notify';
import { MarkdownPreview } from '../discussions/MarkdownPreview';
import { checkReviewForm, valuesFromReview, type ReviewFormValues } from './review-form';
import { useBookReviewsStore } from './book-reviews.store';

type Errors = Partial<Record<keyof ReviewFormValues, string>>;

/**
 * The member's review of a book: 1 to 5 stars (optional), markdown text with a preview, and a link to the
 * same review elsewhere. An earlier review fills the form, and saving replaces it. A refusal keeps what
 * was typed and shows the server's reason.
 */
export function ReviewForm({ bookId, existing }: { bookId: number; existing: Review | null }) {
  const { t } = useTranslation('reviews');
  const save = useBookReviewsStore((s) => s.save);
  const [values, setValues] = useState<ReviewFormValues>(() => valuesFromReview(existing));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const starsLabelId = useId();

  function set<K extends keyof ReviewFormValues>(field: K, value: ReviewFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkReviewForm(values);
    if (!check.ok) {
      setErrors(Object.fromEntries(Object.entries(check.errors).map(([field, key]) => [field, t(key)])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await save(bookId, check.input);
      notifySuccess(existing ? t('toast.replaced') : t('toast.saved'));
    } catch (error) {
      handleError(error, 'reviews:toast.saveFailed');
      setErrors(apiFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={existing ? t('form.titleEdit') : t('form.titleNew')} data-testid="review-form">
      <Stack gap="sm">
        {existing && (
          <Text size="sm" c="dimmed" data-testid="review-replaces-note">
            {t('form.replaces', { date: formatDate(existing.modifiedOn || existing.createdOn) })}
          </Text>
        )}
        <Input.Wrapper
          label={t('form.stars')}
          description={t('form.starsHint')}
          error={errors.rating}
          labelElement="div"
          labelProps={{ id: starsLabelId }}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
        >
          <Group gap="sm" mt={4} align="center">
            <Rating
              value={values.rating}
              onChange={(rating) => set('rating', rating)}
              count={RATING_MAX}
              size="lg"
              allowClear
              role="radiogroup"
              aria-labelledby={starsLabelId}
              getSymbolLabel={(count) => (count === 0 ? t('form.noStars') : t('form.starLabel', { count }))}
              data-testid="review-rating"
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {values.rating > 0 ? t('card.stars', { count: values.rating }) : t('form.noStars')}
            </Text>
          </Group>
        </Input.Wrapper>
        <Textarea
          label={t('form.text')}
          description={t('form.textHint')}
          required
          autosize
          minRows={4}
          maxRows={16}
          value={values.reviewText}
          error={errors.reviewText}
          onChange={(e) => set('reviewText', e.currentTarget.value)}
          name="reviewText"
        />
        <MarkdownPreview text={values.reviewText} />
        <TextInput
          type="url"
          label={t('form.url')}
          description={t('form.urlHint')}
          placeholder="https://www.goodreads.com/review/show/…"
          leftSection={<IconLink size={16} />}
          value={values.reviewUrl}
          error={errors.reviewUrl}
          onChange={(e) => set('reviewUrl', e.currentTarget.value)}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          name="reviewUrl"
        />
        <Group gap="sm" mt={4}>
          <Button type="submit" loading={busy}>
            {existing ? t('form.submitReplace') : t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
