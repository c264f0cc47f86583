import { Button, type ButtonProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../lib/announce';
import { notifyNotice } from '../../lib/notify';
import { copyText } from './copy-text';

/** How long the button says "Copied". */
const COPIED_MS = 2_000;

/**
 * Copies `value` (an address, the setup code): the button says "Copied" for a moment and screen readers hear
 * it politely. Where the browser cannot copy, the member is asked to copy the selected text by hand.
 */
export function CopyValueButton(
  props: { value: string; label: string; testId?: string; selectOnFailure?: () => void } & Pick<ButtonProps, 'size' | 'variant'>,
) {
  const { value, label, testId, selectOnFailure, size = 'xs', variant = 'light' } = props;
  const { t } = useTranslation('host');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    if (await copyText(value)) {
      setCopied(true);
      announce(t('copy.done'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } else {
      selectOnFailure?.();
      notifyNotice(t('copy.byHand'));
    }
  }

  return (
    <Button
      size={size}
      variant={variant}
      color={copied ? 'teal' : undefined}
      leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
      onClick={() => void copy()}
      aria-label={label}
      data-testid={testId}
    >
      {copied ? t('copy.done') : t('copy.button')}
    </Button>
  );
}
