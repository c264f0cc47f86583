import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrCodeImage } from './qr-code';

/** An address's QR code, drawn in the browser: its alt text names the address. */
export function QrCode({ url, size, testId }: { url: string; size: number; testId?: string }) {
  const { t } = useTranslation('host');
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);

  useEffect(() => {
    let current = true;
    qrCodeImage(url).then(
      (src) => current && setImage({ url, src }),
      (error: unknown) => console.error('Could not draw the QR code', error),
    );
    return () => {
      current = false;
    };
  }, [url]);

  if (image?.url !== url) return <Skeleton width={size} height={size} radius={0} />;
  return (
    <img
      src={image.src}
      alt={t('addresses.qrAlt', { url })}
      width={size}
      height={size}
      data-testid={testId}
      data-address={url}
      style={{ display: 'block', width: size, maxWidth: '100%', height: 'auto', aspectRatio: '1', imageRendering: 'pixelated', background: '#ffffff' }}
    />
  );
}
