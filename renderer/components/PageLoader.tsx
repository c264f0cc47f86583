import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page (or its code) still loading: a spinner where the page will be. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={80} aria-busy="true">
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}
