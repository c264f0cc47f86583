import type { ButtonProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../lib/notify';
import { ConfirmButton } from './ConfirmButton';

interface ConfirmCloseButtonProps extends Omit<ButtonProps, 'children' | 'leftSection'> {
  /**
   * The feature whose catalogue words it: `close.button`, `close.title`, `close.message` (given `count`
   * where it counts something), `close.confirm`, and the toast `toast.closed`.
   */
  namespace: 'discussions' | 'polls';
  count?: number;
  iconSize: number;
  /** Closes it; a failure toasts the server's reason and leaves it open. */
  close(): Promise<unknown>;
  /** What takes focus once it is closed (ConfirmButton's focusAfter). */
  focusAfter?: string;
  testId: string;
}

/** Moderators close a discussion or a poll (SPEC section 5): a lock button that asks first, closes, and says so. */
export function ConfirmCloseButton({ namespace, count, iconSize, close, focusAfter, testId, ...buttonProps }: ConfirmCloseButtonProps) {
  const { t } = useTranslation(namespace);
  return (
    <ConfirmButton
      {...buttonProps}
      leftSection={<IconLock size={iconSize} />}
      title={t('close.title')}
      message={t('close.message', { count })}
      confirmLabel={t('close.confirm')}
      focusAfter={focusAfter}
      testId={testId}
      onConfirm={async () => {
        await close();
        notifySuccess(t('toast.closed'));
      }}
    >
      {t('close.button')}
    </ConfirmButton>
  );
}
