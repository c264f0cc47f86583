import { Button, Card, Stack, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { Recommendation } from '../../../shared/api/recommendations';
import { pages } from '../../../shared/pages';
import { BackLink } from '../../components/BackLink';
import { EditToggle } from '../../components/EditToggle';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { useDocumentTitle } from '../../components/PageTitle';
import { notifySuccess } from '../../lib/notify';
import { useSessionStore } from '../../store/session-store';
import { PostForm } from '../discussions';
import { useCurrentDiscussion } from '../home';
import { canEditRecommendation, recommendationInput, suggestLink, valuesForEdit } from './recommendation-rules';
import { RecommendationView } from './RecommendationView';
import { useRecommendation, useUpdateRecommendation } from './queries';

/** One recommendation on its own page, with the way back, editing (owner or moderator) and suggesting it. */
export function RecommendationPage() {
  const { t } = useTranslation('recommendations');
  const recommendationId = Number(useParams().recommendationId);
  const { data: shown, error, isError } = useRecommendation(recommendationId);
  useDocumentTitle(shown?.title ?? t('pages:singleRecommendation'));

  if (isError) {
    return <LoadFailed title={t('pages:singleRecommendation')} error={error} backTo={pages.recommendations()} backLabel={t('back')} />;
  }
  if (!shown) return <PageLoader />;

  return (
    <Stack gap="md" maw={820} data-testid="recommendation-page">
      <div>
        <BackLink to={pages.recommendations()}>{t('back')}</BackLink>
        <RecommendationItem recommendation={shown} />
      </div>
    </Stack>
  );
}

/** The recommendation in its card: read it, or switch to editing with the icon. */
function RecommendationItem({ recommendation }: { recommendation: Recommendation }) {
  const { t } = useTranslation('recommendations');
  const profile = useSessionStore((s) => s.myProfile);
  const currentDiscussion = useCurrentDiscussion();
  const update = useUpdateRecommendation().mutateAsync;
  const [editing, setEditing] = useState(false);
  const editable = canEditRecommendation(profile, recommendation);
  const suggest = suggestLink(currentDiscussion, recommendation);

  return (
    <Card withBorder shadow="sm" padding="lg" pos="relative" component="article" aria-label={recommendation.title} data-testid="recommendation">
      {editable && <EditToggle editing={editing} onToggle={() => setEditing((e) => !e)} viewLabel={t('view.view')} editLabel={t('view.edit')} />}
      {editing ? (
        <>
          <Text fw={600} mb="sm" pr={40}>
            {t('view.editing', { title: recommendation.title })}
          </Text>
          <PostForm
            topic="Recommendations"
            mode="edit"
            initialValues={valuesForEdit(recommendation)}
            submitLabel={t('view.save')}
            failureKey="recommendations:toast.updateFailed"
            onSubmit={async (fields) => {
              await update({ recommendationId: recommendation.recommendationId, fields: recommendationInput(fields) });
              notifySuccess(t('toast.updated'));
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </>
      ) : (
        <RecommendationView
          recommendation={recommendation}
          footer={
            suggest && (
              <Button component={Link} to={suggest} variant="light" size="compact-sm" leftSection={<IconRepeat size={14} />}>
                {t('view.suggest')}
              </Button>
            )
          }
        />
      )}
    </Card>
  );
}
