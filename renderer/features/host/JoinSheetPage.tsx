import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { HostAddress } from '../../../shared/api/host';
import { pages } from '../../../shared/pages';
import { LoadFailed, PageLoader } from '../../components/PageStatus';
import { PageTitle, useDocumentTitle } from '../../components/PageTitle';
import { HostGate } from './HostGate';
import { QrCode } from './QrCode';
import { joinSheetAddress } from './join-sheet';
import './join-sheet.css';
import { useHostStatus } from './queries';

/** The sheet's QR code on screen; printed, it is 9 cm wide (join-sheet.css). */
const SHEET_QR_SIZE = 320;

/**
 * /admin/host/join-sheet?address=…: a page to print and pin up, "join our club": the club's name, a large QR
 * code of one of its addresses, and the address. Printed, only the sheet shows (join-sheet.css).
 */
export function JoinSheetPage() {
  return (
    <HostGate>
      <JoinSheet />
    </HostGate>
  );
}

function JoinSheet() {
  const { t } = useTranslation('host');
  const { search } = useLocation();
  const status = useHostStatus();
  useDocumentTitle(t('pages:joinSheet'));

  if (status.isError && !status.data)
    return <LoadFailed title={t('pages:joinSheet')} error={status.error} backTo={pages.host()} backLabel={t('joinSheet.back')} />;
  if (!status.data) return <PageLoader />;
  const address = joinSheetAddress(search, status.data.addresses);

  return (
    <Stack gap="lg" data-testid="join-sheet-page">
      <Group justify="space-between" gap="sm" className="join-sheet-screen-only">
        <Anchor component={Link} to={pages.host()} size="sm" data-testid="join-sheet-back">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {t('joinSheet.back')}
          </Group>
        </Anchor>
        {address && (
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-testid="print-sheet">
            {t('joinSheet.print')}
          </Button>
        )}
      </Group>
      {address ? (
        <Sheet siteName={status.data.siteName} address={address} />
      ) : (
        <div>
          <PageTitle>{t('pages:joinSheet')}</PageTitle>
          <Alert color="gray" title={t('joinSheet.unknownTitle')} data-testid="join-sheet-unknown">
            {t('joinSheet.unknown')}
          </Alert>
        </div>
      )}
    </Stack>
  );
}

function Sheet({ siteName, address }: { siteName: string; address: HostAddress }) {
  const { t } = useTranslation('host');
  return (
    <article className="join-sheet" aria-labelledby="join-sheet-title" data-testid="join-sheet">
      <p className="join-sheet-invite">{t('joinSheet.invite')}</p>
      <h1 id="join-sheet-title" className="join-sheet-club">
        {siteName}
      </h1>
      <div className="join-sheet-qr">
        <QrCode url={address.url} size={SHEET_QR_SIZE} testId="join-sheet-qr" />
      </div>
      <p className="join-sheet-address" data-testid="join-sheet-address">
        {address.url}
      </p>
      <Text component="p" className="join-sheet-how">
        {t(`joinSheet.how.${address.kind}`)}
      </Text>
    </article>
  );
}
