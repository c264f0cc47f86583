import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../../shared/constants';

/** Where toasts appear (lib/notify.ts shows them): bottom-right, each for 4 s. */
export function Toasts() {
  return <Notifications position="bottom-right" autoClose={TOAST_MS} />;
}
