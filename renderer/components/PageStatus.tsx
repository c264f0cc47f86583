import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { isNotFound } from '../lib/load-status';
import { PageTitle } from './PageTitle';

export { PageLoader } from './PageLoader';

/**
 * A page whose data could not be loaded: its title, the server's reason (or "no such thing"), and a way
 * back. Not found and other failures read differently, so a member knows whether to retry.
 */
export function LoadFailed(props: { title: string; error: unknown; backTo: string; backLabel: string; message?: string }) {
  const { title, error, backTo, backLabel, message } = props;
  const { t } = useTranslation();
  const notFound = message !== undefined || isNotFound(error);
  const detail = error instanceof ApiError ? error.problem?.detail : undefined;
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Alert
        color={notFound ? 'gray' : 'red'}
        icon={notFound ? <IconSearch size={20} /> : <IconAlertTriangle size={20} />}
        title={notFound ? t('loadFailed.notFound') : t('loadFailed.title')}
        mb="md"
        data-testid="load-failed"
      >
        {message ?? detail ?? t('error.generic')}
      </Alert>
      <Button component={Link} to={backTo} variant="light">
        {backLabel}
      </Button>
    </>
  );
}
