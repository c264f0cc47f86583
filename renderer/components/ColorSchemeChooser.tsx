import { Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorSchemeButton } from './ColorSchemeButton';

const SCHEMES: MantineColorScheme[] = ['auto', 'light', 'dark'];

/**
 * The theme button with its menu: the system's setting, light or dark, switched at once and kept in this
 * browser by Mantine (ColorSchemeToggle.tsx loads it). `opened` opens the menu as it first shows, for a click
 * on the button that came before it.
 */
export function ColorSchemeChooser({ opened = false }: { opened?: boolean }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  return (
    // As the language menu: radio items saying which theme is chosen, opening on it (no focus placeholder).
    <Menu position="bottom-end" withArrow shadow="md" defaultOpened={opened} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ColorSchemeButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label id={labelId}>{t('colorScheme.label')}</Menu.Label>
        <div role="group" aria-labelledby={labelId}>
          {SCHEMES.map((scheme) => (
            <Menu.RadioItem
              key={scheme}
              value={scheme}
              checked={scheme === colorScheme}
              closeMenuOnClick
              data-autofocus={scheme === colorScheme || undefined}
              onChange={() => setColorScheme(scheme)}
            >
              {t(`colorScheme.${scheme}`)}
            </Menu.RadioItem>
          ))}
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}
