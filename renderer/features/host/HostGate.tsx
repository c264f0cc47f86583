import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { RequireLogin } from '../../components/RequireLogin';
import { selectIsSignedIn, useSessionStore } from '../../store/session-store';

/**
 * The host's pages are for admins (comfort only: the server refuses everyone else). Signed out, `signedOut`
 * shows instead (the app's sign-in prompt when not given); a member who is not an admin is told so.
 */
export function HostGate({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode }) {
  const { t } = useTranslation('host');
  const ready = useSessionStore((s) => s.ready);
  const signedIn = useSessionStore(selectIsSignedIn);
  const isAdmin = useSessionStore((s) => !!s.myProfile?.isAdmin);
  if (!ready) return <PageLoader />;
  if (!signedIn) return signedOut ?? <RequireLogin />;
  if (!isAdmin) {
    return (
      <>
        <PageTitle>{t('pages:host')}</PageTitle>
        <Alert color="burgundy" icon={<IconLock size={20} />} title={t('adminsOnly')} variant="light" data-testid="host-admins-only" />
      </>
    );
  }
  return <>{children}</>;
}
