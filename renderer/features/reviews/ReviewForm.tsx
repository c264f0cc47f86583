import { Button, Checkbox, Group, Input, Rating, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink } from '@tabler/icons-react';
import { useId, useRef } from 'react';
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
  const { onSubmit, busy } = useFormSubmit(form, {
    // The new review replaces the form with its own: focus goes on to its submit button.
    thenFocus: ['[data-testid="review-form"] button[type="submit"]'],
    async action(review) {
      await save({ bookId, review });
      notifySuccess(existing ? t('toast.replaced') : t('toast.saved'));
    },
    failureKey: 'reviews:toast.saveFailed',
  });
  const starsLabelId = useId();
  const starsHintId = useId();
  const starsErrorId = useId();
  const { rating, reviewText } = form.values;
  const usingKeys = useRef(false);
  function chooseStars(target: EventTarget) {
    if (!(target instanceof HTMLInputElement) || target.type !== 'radio') return;
    const stars = Number(target.value);
    if (Number.isInteger(stars) && stars !== form.values.rating) form.setFieldValue('rating', stars);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={existing ? t('form.titleEdit') : t('form.titleNew')} data-testid="review-form">
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
          descriptionProps={{ id: starsHintId }}
          errorProps={{ id: starsErrorId }}
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
              aria-describedby={form.errors.rating ? `${starsHintId} ${starsErrorId}` : starsHintId}
              aria-invalid={!!form.errors.rating || undefined}
              // The stars are radio buttons: an arrow key chooses the next one, as in any radio group (Mantine's
              // arrows only light the stars up until Space or Enter), and Space or Enter keeps the star it is on
              // (Mantine's would take the stars away again). A click on the chosen star still clears it.
              // Only keys: a click's change is Mantine's to handle (it clears a star clicked twice).
              onPointerDownCapture={() => (usingKeys.current = false)}
              onChangeCapture={(event) => usingKeys.current && chooseStars(event.target)}
              onKeyDownCapture={(event) => {
                usingKeys.current = true;
                if (event.key !== ' ' && event.key !== 'Enter') return;
                event.stopPropagation();
                if (event.key === ' ') event.preventDefault();
                chooseStars(event.target);
              }}
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
        <Checkbox
          label={t('progress:mark.label')}
          description={t('progress:mark.reviewHint')}
          {...form.getInputProps('hasSpoilers', { type: 'checkbox' })}
          name="hasSpoilers"
          data-testid="review-has-spoilers"
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
