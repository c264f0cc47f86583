import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '../../shared/constants';
import { i18n } from './i18n';
import { ApiError } from './api';

/** A success toast, bottom-right, 4 s. */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_MS, withBorder: true });
}

/**
 * A toast that asks the member to act (orange). With an `id`, showing it again while it is up changes
 * nothing, so one event reported from several places shows once.
 */
export function notifyNotice(message: string, id?: string): void {
  notifications.show({ id, message, color: 'orange', autoClose: TOAST_MS, withBorder: true });
}

/**
 * The one error handler: logs the error and shows a toast for 4 s. The message is the caller's when given
 * (SPEC section 8 names one for some failures), else the server's detail, else a general apology.
 */
export function handleError(error: unknown, messageKey?: string): void {
  // The member's session has ended: the app has signed them out and said so once; no toast per request.
  if (error instanceof ApiError && error.sessionEnded) {
    console.warn(error);
    return;
  }
  console.error(error);
  const detail = error instanceof ApiError ? error.problem?.detail : undefined;
  const fallback = error instanceof TypeError ? i18n.t('common:error.network') : i18n.t('common:error.generic');
  const message = messageKey ? i18n.t(messageKey) : (detail ?? fallback);
  notifications.show({
    title: messageKey && detail ? message : undefined,
    message: messageKey && detail ? detail : message,
    color: 'red',
    autoClose: TOAST_MS,
    withBorder: true,
  });
}
