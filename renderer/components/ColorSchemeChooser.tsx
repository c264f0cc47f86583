import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorSchemeButton } from './ColorSchemeButton';
import { RadioMenu } from './RadioMenu';

const SCHEMES: MantineColorScheme[] = ['auto', 'light', 'dark'];

/**
 * The theme button with its menu: the system's setting, light or dark, switched at once and kept in this
 * browser by Mantine (ColorSchemeToggle.tsx loads it). `opened` opens the menu as it first shows, for a click
 * on the button that came before it.
 */
export function ColorSchemeChooser({ opened = false }: { opened?: boolean }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <RadioMenu
      target={<ColorSchemeButton />}
      label={t('colorScheme.label')}
      options={SCHEMES.map((scheme) => ({ value: scheme, label: t(`colorScheme.${scheme}`) }))}
      value={colorScheme}
      onChoose={setColorScheme}
      opened={opened}
    />
  );
}
