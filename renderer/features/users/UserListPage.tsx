import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar, IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { UserCard } from './UserCard';
import { activeMembers } from './selectors';
import { useUsers } from './queries';
import { EmptyState } from '../../components/EmptyState';

/** The club's active members, each with their bio and what they are reading. */
export function UserListPage() {
  const { t } = useTranslation('users');
  // Fetched at sign-in; coming back here shows who joined since.
  const { data: users, error, isError } = useUsers();
  const members = useMemo(() => activeMembers(users ?? []), [users]);

  if (isError) return <LoadFailed title={t('pages:users')} error={error} backTo={pages.home()} backLabel={t('common:notFound.home')} />;

  return (
    <Stack gap="lg" data-testid="user-list-page">
      <div>
        <PageTitle>{t('pages:users')}</PageTitle>
        <Text c="dimmed" mt={-8} maw={640}>
          {t('list.intro', { count: members.length })}
        </Text>
        <Anchor component={Link} to={pages.stats()} size="sm" mt="xs" display="inline-flex" style={{ alignItems: 'center', gap: 6 }} data-testid="stats-link">
          <IconChartBar size={16} aria-hidden />
          {t('stats:link')}
        </Anchor>
      </div>
      {!users ? (
        <PageLoader />
      ) : members.length === 0 ? (
        <EmptyState icon={IconUsers}>
          <Text fw={600}>{t('list.none')}</Text>
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
          {members.map((user) => (
            <UserCard key={user.userId} user={user} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
