import { MantineThemeProvider, Notification, type MantineThemeOverride } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '../../shared/constants';

/**
 * Where toasts appear (lib/notify.ts shows them): bottom-right, each for 4 s. Screen readers hear them
 * politely, after what they are reading: the toasts' containers are live regions that are always there (a
 * region added together with its text is often not read), and a toast is a status, not an alert (Mantine's
 * default). Its close button says what it does.
 */
export function Toasts() {
  const { t } = useTranslation();
  const closeLabel = t('closeMessage');
  const theme = useMemo<MantineThemeOverride>(
    () => ({ components: { Notification: Notification.extend({ defaultProps: { role: 'status', closeButtonProps: { 'aria-label': closeLabel } } }) } }),
    [closeLabel],
  );
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications position="bottom-right" autoClose={TOAST_MS} aria-live="polite" aria-atomic="false" />
    </MantineThemeProvider>
  );
}
