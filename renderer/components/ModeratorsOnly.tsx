import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsModerator, useSessionStore } from '../store/session-store';

/** Comfort only: the server refuses a member's admin calls regardless. */
export function ModeratorsOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isModerator = useSessionStore(selectIsModerator);
  const ready = useSessionStore((s) => s.ready);
  if (!ready) return null;
  if (!isModerator) {
    return <Alert color="burgundy" icon={<IconLock size={20} />} title={t('pages:modsOnly')} variant="light" mt="md" />;
  }
  return <>{children}</>;
}
