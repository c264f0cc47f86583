import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPrinter, IconWifiOff } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HostAddress } from '../../../shared/api/host';
import { CopyValueButton } from './CopyValueButton';
import { QrCode } from './QrCode';
import { joinSheetPath } from './join-sheet';

/** The QR codes' size on screen: a phone reads them from across a table. */
const QR_SIZE = 176;

/**
 * The addresses members can open, each with its QR code, the address to select or copy, and (for admins) a
 * printable join sheet; one below the other on a phone. None: the computer is on no network.
 */
export function AddressList({ addresses, printable }: { addresses: HostAddress[]; printable: boolean }) {
  const { t } = useTranslation('host');
  if (addresses.length === 0) {
    return (
      <Alert color="orange" variant="light" icon={<IconWifiOff size={20} />} title={t('addresses.noneTitle')} data-testid="no-addresses">
        {t('addresses.none')}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="address-list">
      {addresses.map((address) => (
        <AddressCard key={address.url} address={address} printable={printable} />
      ))}
    </SimpleGrid>
  );
}

function AddressCard({ address, printable }: { address: HostAddress; printable: boolean }) {
  const { t } = useTranslation('host');
  const text = useRef<HTMLParagraphElement>(null);

  function selectAddress() {
    const node = text.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    selection.selectAllChildren(node);
  }

  return (
    <Card component="li" withBorder padding="md" bg="var(--bookclub-color-inset)" data-testid="host-address" data-address={address.url}>
      <Stack gap="sm" align="center">
        <Badge variant="light" color={address.kind === 'public' ? 'burgundy' : 'gray'} radius="sm">
          {t(`addresses.kind.${address.kind}`)}
        </Badge>
        <QrCode url={address.url} size={QR_SIZE} testId="address-qr" />
        <Text ref={text} className="host-verbatim" ta="center" fw={600} size="md" data-testid="address-url">
          {address.url}
        </Text>
        <Group gap="xs" justify="center">
          <CopyValueButton value={address.url} label={t('addresses.copy', { url: address.url })} testId="copy-address" selectOnFailure={selectAddress} />
          {printable && (
            <Anchor
              component={Link}
              to={joinSheetPath(address.url)}
              size="sm"
              aria-label={t('addresses.print', { url: address.url })}
              data-testid="print-join-sheet"
            >
              <Group gap={4} component="span" wrap="nowrap">
                <IconPrinter size={16} aria-hidden />
                {t('addresses.printShort')}
              </Group>
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
