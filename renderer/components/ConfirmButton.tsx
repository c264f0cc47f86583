import { Button, Group, Modal, Text, type ButtonProps, type MantineColor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../lib/use-form-submit';
import { refocusWhenLost } from '../lib/refocus';

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
  /**
   * Where focus goes after a confirmed action took this button away (a closed discussion has nothing left to
   * close): a selector of what the page shows instead; the page's heading when it finds nothing. While the
   * button stays, the dialog hands focus back to it.
   */
  focusAfter?: string;
  testId?: string;
}

/** A button that asks first (SPEC section 5: closing a discussion or a poll, promoting a moderator; disabling an account). */
export function ConfirmButton({ children, title, message, confirmLabel, confirmColor, onConfirm, focusAfter, testId, ...buttonProps }: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const { run, busy } = useAction();
  // The page's address when the member confirmed (set as the action starts: the page may take the button away,
  // with its dialog, before the action resolves); null when nothing was confirmed, or it failed.
  const confirmedOn = useRef<string | null>(null);
  const focusAfterRef = useRef(focusAfter);
  useEffect(() => {
    focusAfterRef.current = focusAfter;
  }, [focusAfter]);

  // Gone after a confirmed action, focus lost with the dialog: it goes on to what replaced the button.
  useEffect(
    () => () => {
      // Not when the button goes with its page (a navigation): the new page takes focus to its heading.
      if (confirmedOn.current === window.location.pathname) refocusWhenLost(focusAfterRef.current ? [focusAfterRef.current] : [], null);
    },
    [],
  );

  async function confirm() {
    confirmedOn.current = window.location.pathname;
    if (!(await run(onConfirm))) confirmedOn.current = null;
    modal.close();
  }

  return (
    <>
      <Button {...buttonProps} onClick={modal.open} data-testid={testId}>
        {children}
      </Button>
      <Modal opened={opened} onClose={() => !busy && modal.close()} title={title} centered closeButtonProps={{ 'aria-label': t('confirm.close') }}>
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
