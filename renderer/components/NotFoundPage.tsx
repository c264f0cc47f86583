import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '../../shared/pages';
import { PageTitle } from './PageTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <Text mb="md">{t('notFound.text')}</Text>
      <Button component={Link} to={pages.home()} variant="light">
        {t('notFound.home')}
      </Button>
    </>
  );
}
