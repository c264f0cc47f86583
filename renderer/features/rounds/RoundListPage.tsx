import { Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBooks, IconPlus, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { selectIsModerator, useSessionStore } from '../../store/session-store';
import { NewRoundForm } from './NewRoundForm';
import { RoundCard } from './RoundCard';
import { useRounds } from './queries';
import { newestFirst } from './selectors';
import { EmptyState } from '../../components/EmptyState';

/** The club's rounds, newest first; moderators start a new one here. */
export function RoundListPage() {
  const { t } = useTranslation('rounds');
  const { data: rounds, error, isError } = useRounds();
  const isModerator = useSessionStore(selectIsModerator);
  const [formOpen, form] = useDisclosure(false);
  const sorted = useMemo(() => newestFirst(rounds ?? []), [rounds]);

  if (isError) return <LoadFailed title={t('pages:rounds')} error={error} backTo={pages.home()} backLabel={t('common:notFound.home')} />;

  return (
    <Stack gap="lg" data-testid="round-list-page">
      <Group justify="space-between" align="flex-start">
        <div>
          <PageTitle>{t('pages:rounds')}</PageTitle>
          <Text c="dimmed" mt={-8} maw={640}>
            {t('intro')}
          </Text>
        </div>
        {isModerator && (
          <Button
            onClick={form.toggle}
            variant={formOpen ? 'default' : 'filled'}
            leftSection={formOpen ? <IconX size={18} /> : <IconPlus size={18} />}
            aria-expanded={formOpen}
            aria-controls="new-round"
          >
            {formOpen ? t('new.close') : t('new.open')}
          </Button>
        )}
      </Group>

      {isModerator && (
        <Collapse expanded={formOpen} id="new-round" keepMounted={false}>
          <Card withBorder shadow="sm" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('new.title')}
            </Title>
            <NewRoundForm onStarted={form.close} />
          </Card>
        </Collapse>
      )}

      {!rounds ? (
        <PageLoader />
      ) : sorted.length === 0 ? (
        <EmptyState icon={IconBooks}>
          <Text fw={600}>{t('none')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {isModerator ? t('noneModerator') : t('noneMember')}
          </Text>
        </EmptyState>
      ) : (
        <Stack gap="md">
          {sorted.map((round) => (
            <RoundCard key={round.roundId} round={round} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
