import { ActionIcon, useMantineColorScheme, type ActionIconProps } from '@mantine/core';
import { IconSunMoon } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The header's theme button: an icon, and for screen readers the theme chosen ("Theme: System"). */
export function ColorSchemeButton(props: ActionIconProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size={36}
      aria-label={`${t('colorScheme.label')}: ${t(`colorScheme.${colorScheme}`)}`}
      data-testid="color-scheme-menu"
      {...props}
    >
      <IconSunMoon size={20} aria-hidden />
    </ActionIcon>
  );
}
