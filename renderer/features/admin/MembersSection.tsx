import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldUp, IconUserCheck, IconUserOff, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Profile } from '../../../shared/api/accounts';
import { ConfirmButton } from '../../components/ConfirmButton';
import { notifySuccess } from '../../lib/notify';
import { useAction } from '../../lib/use-form-submit';
import { useSessionStore } from '../../store/session-store';
import { displayName, MemberSearchField, MoreMembers, profilePath, UserAvatar, useMemberPages, useTypedSearch } from '../users';
import { AdminSection } from './AdminSection';
import { ADMIN_MEMBER_LIST, useAccountChange } from './queries';
import { canDisable } from './selectors';

/**
 * The club's members, moderators first and disabled accounts last, a page at a time and searchable; a
 * member is made a moderator after a confirmation, and admins disable (after a confirmation) and enable
 * other accounts.
 */
export function MembersSection() {
  const { t } = useTranslation('admin');
  const search = useTypedSearch();
  const members = useMemberPages({ ...ADMIN_MEMBER_LIST, q: search.search });
  const { data, isPlaceholderData } = members;
  const users = data?.pages.flatMap((page) => page.users) ?? [];
  const counts = data?.pages[0]?.counts ?? { moderators: 0, members: 0, disabled: 0 };
  const isAdmin = useSessionStore((s) => !!s.myProfile?.isAdmin);

  return (
    <AdminSection
      id="admin-members"
      icon={<IconUsers size={20} />}
      title={t('members.title')}
      hint={isAdmin ? `${t('members.hint')} ${t('members.disableHint')}` : t('members.hint')}
    >
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4} data-testid="members-summary">
        {t('members.summary', { moderators: counts.moderators, members: counts.members })}
        {counts.disabled > 0 && ` · ${t('members.summaryDisabled', { count: counts.disabled })}`}
      </Text>
      <Box mb="xs">
        <MemberSearchField
          value={search.typed}
          onChange={search.setTyped}
          onSubmit={search.searchNow}
          busy={search.pending || isPlaceholderData}
          testId="admin-member-search"
        />
      </Box>
      {users.length === 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {search.search ? t('users:list.noMatch', { query: search.search }) : t('members.none')}
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, opacity: isPlaceholderData ? 0.6 : undefined }}>
          {users.map((user, index) => (
            <MemberRow key={user.userId} user={user} first={index === 0} />
          ))}
        </Stack>
      )}
      <MoreMembers members={members} />
    </AdminSection>
  );
}

function MemberRow({ user, first }: { user: Profile; first: boolean }) {
  const { t } = useTranslation('admin');
  const me = useSessionStore((s) => s.myProfile);
  const makeModerator = useAccountChange('makeModerator').mutateAsync;
  const name = displayName(user);
  const mayDisable = canDisable(me, user);
  return (
    <Group
      component="li"
      wrap="wrap"
      gap="sm"
      py="xs"
      justify="space-between"
      // On a phone the buttons go under the name rather than squeezing it.
      style={{ borderTop: first ? undefined : '1px solid var(--bookclub-color-divider)', rowGap: 6 }}
      data-testid="admin-member"
      data-disabled={user.isDisabled || undefined}
      aria-label={name}
    >
      <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 200px', opacity: user.isDisabled ? 0.6 : undefined }}>
        <UserAvatar profile={user} size={36} />
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={profilePath(user)} fw={600} size="sm" c="bright" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate title={user.email}>
            {user.email}
          </Text>
        </div>
      </Group>
      {/* Under the name on a phone; its own buttons wrap there rather than run out of the card. */}
      <Group gap="xs" wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto', maxWidth: '100%', rowGap: 6 }}>
        {user.isDisabled ? (
          <>
            <Badge variant="light" color="red" radius="sm" leftSection={<IconUserOff size={12} />} data-testid="disabled-badge">
              {t('members.disabled')}
            </Badge>
            {mayDisable && <EnableButton user={user} name={name} />}
          </>
        ) : (
          <>
            {user.isModerator ? (
              <Badge variant={user.isAdmin ? 'filled' : 'light'} radius="sm" leftSection={<IconShieldCheck size={12} />}>
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
                onConfirm={async () => {
                  await makeModerator(user.email);
                  notifySuccess(t('toast.promoted', { name }));
                }}
              >
                {t('members.promote')}
              </ConfirmButton>
            )}
            {mayDisable && <DisableButton user={user} name={name} />}
          </>
        )}
      </Group>
    </Group>
  );
}

/** Admins: the account stops signing in and its sessions end, after a confirmation naming the member. */
function DisableButton({ user, name }: { user: Profile; name: string }) {
  const { t } = useTranslation('admin');
  const disable = useAccountChange('disable').mutateAsync;
  return (
    <ConfirmButton
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconUserOff size={14} />}
      title={t('members.disableTitle', { name })}
      message={t('members.disableMessage', { name })}
      confirmLabel={t('members.disableConfirm')}
      confirmColor="red"
      testId="disable"
      onConfirm={async () => {
        await disable(user.email);
        notifySuccess(t('toast.disabled', { name }));
      }}
    >
      {t('members.disable')}
    </ConfirmButton>
  );
}

/** Admins: a disabled account may sign in again (nothing is lost, so no confirmation). */
function EnableButton({ user, name }: { user: Profile; name: string }) {
  const { t } = useTranslation('admin');
  const enable = useAccountChange('enable').mutateAsync;
  const { run, busy } = useAction();
  return (
    <Button
      variant="light"
      color="teal"
      size="compact-sm"
      leftSection={<IconUserCheck size={14} />}
      loading={busy}
      data-testid="enable"
      onClick={() =>
        void run(async () => {
          await enable(user.email);
          notifySuccess(t('toast.enabled', { name }));
        })
      }
    >
      {t('members.enable')}
    </Button>
  );
}
