import { Button, Group, Input, Rating, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '../../../shared/api/reviews';
import { RATING_MAX } from '../../../shared/api/reviews';
import { formatDate } from '../../lib/format-date';
import { notifySuccess } from '../../lib/notify';
import { useFormSubmit } from '../../lib/use-form-submit';
import { MarkdownPreview } from '../discussions';
import { useSaveReview } from './queries';
import { reviewChecks, valuesFromReview } from './review-form';

/**
 * The member's review of a book: 1 to 5 stars (optional), markdown text with a preview, and a link to the
 * same review elsewhere. An earlier review fills the form, and saving replaces it. A refusal keeps what
 * was typed and shows the server's reason.
 */
export function ReviewForm({ bookId, existing }: { bookId: number; existing: Review | null }) {
  const { t } = useTranslation('reviews');
  const save = useSaveReview().mutateAsync;
  const form = useForm({ initialValues: valuesFromReview(existing), ...reviewChecks(t) });
  const { submit, busy } = useFormSubmit(form, {
    async action(review) {
      await save({ bookId, review });
      notifySuccess(existing ? t('toast.replaced') : t('toast.saved'));
    },
    failureKey: 'reviews:toast.saveFailed',
  });
  const starsLabelId = useId();
  const { rating, reviewText } = form.values;

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
          error={form.errors.rating}
          labelElement="div"
          labelProps={{ id: starsLabelId }}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
        >
          <Group gap="sm" mt={4} align="center">
            <Rating
              value={rating}
              onChange={(stars) => form.setFieldValue('rating', stars)}
              count={RATING_MAX}
              size="lg"
              allowClear
              role="radiogroup"
              aria-labelledby={starsLabelId}
              getSymbolLabel={(count) => (count === 0 ? t('form.noStars') : t('form.starLabel', { count }))}
              data-testid="review-rating"
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {rating > 0 ? t('card.stars', { count: rating }) : t('form.noStars')}
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
          {...form.getInputProps('reviewText')}
          name="reviewText"
        />
        <MarkdownPreview text={reviewText} />
        <TextInput
          type="url"
          label={t('form.url')}
          description={t('form.urlHint')}
          placeholder="https://www.goodreads.com/review/show/…"
          leftSection={<IconLink size={16} />}
          {...form.getInputProps('reviewUrl')}
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
