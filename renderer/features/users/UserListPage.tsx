import { Anchor, Box, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar, IconUsers, IconZoomQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { MemberSearchField, MoreMembers } from './MemberListControls';
import { useMemberPages } from './queries';
import { useUrlSearch } from './use-member-search';
import { UserCard } from './UserCard';

/**
 * The club's active members, each with their bio and what they are reading: a page at a time (more as the
 * member scrolls or asks), searched by name or email.
 */
export function UserListPage() {
  const { t } = useTranslation('users');
  const search = useUrlSearch();
  const members = useMemberPages({ q: search.search, active: 'true' });
  const { data, error, isError, isPlaceholderData } = members;
  const first = data?.pages[0];
  const users = data?.pages.flatMap((page) => page.users) ?? [];
  const total = data?.pages.at(-1)?.total ?? 0;
  const searched = first ? search.search : '';

  if (isError && !data) return <LoadFailed title={t('pages:users')} error={error} backTo={pages.home()} backLabel={t('common:notFound.home')} />;

  return (
    <Stack gap="lg" data-testid="user-list-page">
      <div>
        <PageTitle>{t('pages:users')}</PageTitle>
        {first && (
          <Text c="dimmed" mt={-8} maw={640}>
            {t('list.intro', { count: first.counts.moderators + first.counts.members })}
          </Text>
        )}
        <Anchor component={Link} to={pages.stats()} size="sm" mt="xs" display="inline-flex" style={{ alignItems: 'center', gap: 6 }} data-testid="stats-link">
          <IconChartBar size={16} aria-hidden />
          {t('stats:link')}
        </Anchor>
      </div>
      <Stack gap={6}>
        <MemberSearchField
          value={search.typed}
          onChange={search.setTyped}
          onSubmit={search.searchNow}
          busy={search.pending || isPlaceholderData}
          testId="member-search"
        />
        <Text size="sm" fw={500} aria-live="polite" data-testid="member-search-status">
          {searched && !isPlaceholderData && (total === 0 ? t('list.noMatch', { query: searched }) : t('list.matches', { count: total, query: searched }))}
        </Text>
      </Stack>
      {!data ? (
        <PageLoader />
      ) : users.length === 0 ? (
        <EmptyState icon={searched ? IconZoomQuestion : IconUsers}>
          <Text fw={600}>{searched ? t('list.noMatch', { query: searched }) : t('list.none')}</Text>
        </EmptyState>
      ) : (
        <Box style={{ opacity: isPlaceholderData ? 0.6 : undefined, transition: 'opacity 120ms' }}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'sm', sm: 'md' }} data-testid="member-cards">
            {users.map((user) => (
              <UserCard key={user.userId} user={user} />
            ))}
          </SimpleGrid>
        </Box>
      )}
      <MoreMembers members={members} />
    </Stack>
  );
}
