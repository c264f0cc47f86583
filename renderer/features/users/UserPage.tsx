import { ActionIcon, Grid, Stack, Tooltip, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pages } from '../../../shared/pages';
import { BackLink } from '../../components/BackLink';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { useSessionStore } from '../../store/session-store';
import { CalendarFeedCard } from '../meetings';
import { ShelvesCard } from '../shelves';
import { AttendanceCard } from './AttendanceCard';
import { CurrentlyReadingCard } from './CurrentlyReadingCard';
import { ProfileReviews } from './ProfileReviews';
import { MySettingsCard } from './MySettingsCard';
import { ProfileEditCard } from './ProfileEditCard';
import { ProfileView } from './ProfileView';
import { ApiError } from '../../lib/api';
import { canEditProfile, isOwnProfile, profilePath } from './selectors';
import { useMember } from './queries';

/**
 * /my/{email}/{mode?}: a member's profile. Its owner and moderators switch to editing with the icon (or open
 * /my/{email}/edit); newsletters and language are on the member's own profile only.
 */
export function UserPage() {
  const { t } = useTranslation('users');
  const params = useParams();
  const email = params.email ?? '';
  const me = useSessionStore((s) => s.myProfile);
  // By email, or by user id (the stats page links so); members get whom the list shows them, and themselves.
  const { data: user, error, isError } = useMember(email);
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true, { getInitialValueInEffect: false });

  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <LoadFailed
        title={t('pages:user')}
        error={missing ? null : error}
        message={missing ? t('profile.notFound') : undefined}
        backTo={pages.members()}
        backLabel={t('backToMembers')}
      />
    );
  }
  if (!user) return <PageLoader />;

  const own = isOwnProfile(me, user);
  const editable = canEditProfile(me, user);
  const editing = editable && params.mode === 'edit';
  const side = (
    <>
      <CurrentlyReadingCard profile={user} reading={user.currentlyReading} manage={own && editing} />
      {own && <MySettingsCard />}
      <AttendanceCard userId={user.userId} />
      {own && <CalendarFeedCard />}
    </>
  );
  const toggleLabel = editing ? t('profile.view') : t('profile.edit');
  const toggle = editable && (
    <Tooltip label={toggleLabel} withArrow>
      <ActionIcon
        component={Link}
        to={profilePath(user, editing ? 'view' : 'edit')}
        variant={editing ? 'filled' : 'light'}
        size="lg"
        // A link to the other mode, named for it: aria-pressed belongs to buttons, not links (axe: aria-allowed-attr).
        aria-label={toggleLabel}
        data-testid="profile-mode-toggle"
      >
        {editing ? <IconEye size={18} /> : <IconPencil size={18} />}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Stack gap="md" data-testid="profile-page" data-mode={editing ? 'edit' : 'view'}>
      <div>
        <BackLink to={pages.members()}>{t('backToMembers')}</BackLink>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {editing ? (
              <ProfileEditCard key={user.userId} profile={user} own={own} asModerator={!!me && (me.isModerator || me.isAdmin)} toggle={toggle} />
            ) : (
              <ProfileView profile={user} own={own} toggle={toggle} />
            )}
            {/* On a phone the reading list (and own settings) come before the reviews, not after all of them. */}
            {!wide && side}
            {/* The shelves can be long: in the wide column, before the reviews. */}
            <ShelvesCard profile={user} />
            {!editing && <ProfileReviews profile={user} />}
          </Stack>
        </Grid.Col>
        {wide && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">{side}</Stack>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
