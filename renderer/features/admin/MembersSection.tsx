import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldUp, IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserListEntry } from '../../../shared/api/users';
import { ConfirmButton } from '../../components/ConfirmButton';
import { handleError, notifySuccess } from '../../lib/notify';
import { UserAvatar } from '../users/UserAvatar';
import { displayName, moderatorsFirst, profilePath } from '../users/selectors';
import { useUsersStore } from '../users/users.store';
import { AdminSection } from './AdminSection';
import { useAdminStore } from './admin.store';

/** The club's members, moderators first; a member is made a moderator after a confirmation. */
export function MembersSection() {
  const { t } = useTranslation('admin');
  const users = useUsersStore((s) => s.users);
  const sorted = useMemo(() => moderatorsFirst(users), [users]);
  const moderators = sorted.filter((u) => u.isModerator).length;

  return (
    <AdminSection
      id="admin-members"
      icon={<IconUsers size={20} />}
      title={t('members.title')}
      hint={t('members.hint')}
    >
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4} data-testid="members-summary">
        {t('members.summary', { moderators, members: sorted.length - moderators })}
      </Text>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('members.none')}
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sorted.map((user, index) => (
            <MemberRow key={user.userId} user={user} first={index === 0} />
          ))}
        </Stack>
      )}
    </AdminSection>
  );
}

function MemberRow({ user, first }: { user: UserListEntry; first: boolean }) {
  const { t } = useTranslation('admin');
  const makeModerator = useAdminStore((s) => s.makeModerator);
  const name = displayName(user);
  return (
    <Group
      component="li"
      wrap="wrap"
      gap="sm"
      py="xs"
      justify="space-between"
      // On a phone the button goes under the name rather than squeezing it.
      style={{ borderTop: first ? undefined : '1px solid var(--mantine-color-gray-2)', rowGap: 6 }}
      data-testid="admin-member"
      aria-label={name}
    >
      <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 200px' }}>
        <UserAvatar profile={user} size={36} />
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={profilePath(user)} fw={600} size="sm" c="dark.8" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
      </Group>
      {user.isModerator ? (
        <Badge variant={user.isAdmin ? 'filled' : 'light'} radius="sm" leftSection={<IconShieldCheck size={12} />} style={{ flexShrink: 0, marginLeft: 'auto' }}>
          {user.isAdmin ? t('members.admin') : t('members.moderator')}
        </Badge>
      ) : (
        <ConfirmButton
          variant="light"
          size="compact-sm"
          leftSection={<IconShieldUp size={14} />}
          title={t('members.promoteTitle')}
          message={t('members.promoteMessage', { name })}
          confirmLabel={t('members.promoteConfirm')}
          testId="promote"
          style={{ flexShrink: 0, marginLeft: 'auto' }}
          onConfirm={async () => {
            try {
              await makeModerator(user.email);
              notifySuccess(t('toast.promoted', { name }));
            } catch (error) {
              handleError(error);
            }
          }}
        >
          {t('members.promote')}
        </ConfirmButton>
      )}
    </Group>
  );
}
