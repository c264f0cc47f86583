import { Button, Card, Collapse, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHeartHandshake, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { NewRecommendationForm } from './NewRecommendationForm';
import { RecommendationCard } from './RecommendationCard';
import { useRecommendations } from './queries';
import { EmptyState } from '../../components/EmptyState';

/** Every member's recommendations, newest first, and the form to add one. */
export function RecommendationListPage() {
  const { t } = useTranslation('recommendations');
  const { data: recommendations, error, isError } = useRecommendations();
  const [formOpen, form] = useDisclosure(false);

  if (isError) return <LoadFailed title={t('pages:recommendations')} error={error} backTo={pages.home()} backLabel={t('common:notFound.home')} />;

  return (
    <Stack gap="lg" data-testid="recommendation-list-page">
      <Group justify="space-between" align="flex-start">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <PageTitle>{t('pages:recommendations')}</PageTitle>
          <Text c="dimmed" mt={-8} maw={640}>
            {t('intro')}
          </Text>
        </div>
        <Button
          onClick={form.toggle}
          variant={formOpen ? 'default' : 'filled'}
          leftSection={formOpen ? <IconX size={18} /> : <IconPlus size={18} />}
          aria-expanded={formOpen}
          aria-controls="new-recommendation"
          data-testid="new-recommendation-toggle"
        >
          {formOpen ? t('new.close') : t('new.open')}
        </Button>
      </Group>

      <Collapse expanded={formOpen} id="new-recommendation" keepMounted={false}>
        <Card withBorder shadow="sm" padding="lg" maw={720} component="section" aria-labelledby="new-recommendation-title" data-testid="new-recommendation">
          <Title order={2} size="h4" id="new-recommendation-title">
            {t('new.title')}
          </Title>
          <NewRecommendationForm onAdded={form.close} />
        </Card>
      </Collapse>

      {!recommendations ? (
        <PageLoader />
      ) : recommendations.length === 0 ? (
        <EmptyState icon={IconHeartHandshake} testId="no-recommendations">
          <Text fw={600} ta="center">
            {t('none')}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('beFirst')}
          </Text>
        </EmptyState>
      ) : (
        <section aria-labelledby="recommendations-title">
          <Title order={2} size="h4" mb="sm" id="recommendations-title">
            {t('heading', { count: recommendations.length })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
            {recommendations.map((recommendation) => (
              <RecommendationCard key={recommendation.recommendationId} recommendation={recommendation} />
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}
