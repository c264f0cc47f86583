import { Button, Group, Modal, Text, type ButtonProps, type MantineColor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../lib/use-form-submit';

interface ConfirmButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  children: ReactNode;
  /** The modal's title and the question it asks. */
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The confirming button's colour (red for what takes something away); the theme's primary colour otherwise. */
  confirmColor?: MantineColor;
  /**
   * Runs after the member confirms; the modal stays open with a spinner until it settles. A failure toasts
   * the server's reason (useAction) and leaves the screen as the server has it.
   */
  onConfirm(): Promise<unknown>;
  testId?: string;
}

/** A button that asks first (SPEC section 5: closing a discussion or a poll, promoting a moderator; disabling an account). */
export function ConfirmButton({ children, title, message, confirmLabel, confirmColor, onConfirm, testId, ...buttonProps }: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const { run, busy } = useAction();

  async function confirm() {
    await run(onConfirm);
    modal.close();
  }

  return (
    <>
      <Button {...buttonProps} onClick={modal.open} data-testid={testId}>
        {children}
      </Button>
      <Modal opened={opened} onClose={() => !busy && modal.close()} title={title} centered>
        <Text mb="lg">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={modal.close} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button onClick={confirm} loading={busy} color={confirmColor} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
