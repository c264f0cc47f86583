import { Box, Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../shared/constants';

/**
 * The header's language button: the code of the language shown; its name starts with that code (what a
 * voice user says) and goes on with the language's name for screen readers.
 */
export function LanguageButton({ language, ...props }: ButtonProps & ComponentPropsWithRef<'button'> & { language: Language }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="dark"
      px={6}
      aria-label={t('language.button', { code: language.toUpperCase(), name: t(`language.${language}`) })}
      data-testid="language-menu"
      tt="uppercase"
      {...props}
    >
      {/* On a phone the code alone, so the club's name in the header keeps its room. */}
      <Box component="span" visibleFrom="xs" mr={6} style={{ display: 'flex' }}>
        <IconLanguage size={18} />
      </Box>
      {language}
    </Button>
  );
}
