import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { emptyPostForm, PostForm } from '../discussions';
import { useAddRecommendation } from './queries';
import { recommendationInput } from './recommendation-rules';

/**
 * A new recommendation: the fields of a book suggestion, with the Goodreads prefill, checked by the same
 * rules. A refusal says 'Unable to add recommendation' with the server's reason and keeps what was typed.
 */
export function NewRecommendationForm({ onAdded }: { onAdded?(): void }) {
  const { t } = useTranslation('recommendations');
  const add = useAddRecommendation().mutateAsync;
  return (
    <>
      <Text size="sm" c="dimmed" mb="md">
        {t('discussions:form.mandatoryNote')}
      </Text>
      <PostForm
        topic="Recommendations"
        mode="new"
        initialValues={emptyPostForm}
        submitLabel={t('new.submit')}
        failureKey="recommendations:toast.addFailed"
        onSubmit={async (fields) => {
          await add(recommendationInput(fields));
          notifySuccess(t('toast.added'));
          onAdded?.();
        }}
      />
    </>
  );
}
