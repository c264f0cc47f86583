import { Box, Image } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A book's cover at a fixed size; a cloth-coloured placeholder with a book icon when there is none or
 * the image cannot be loaded (Goodreads links rot).
 */
export function BookCover({ src, width, height, alt = '' }: { src: string | null | undefined; width: number; height: number; alt?: string }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <Image
        src={src}
        alt={alt}
        w={width}
        h={height}
        fit="cover"
        radius="sm"
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        style={{ flexShrink: 0, boxShadow: '0 1px 3px rgba(60, 20, 30, 0.25)' }}
        data-testid="book-cover"
      />
    );
  }
  return (
    <Box
      w={width}
      h={height}
      bg="var(--bookclub-color-accent-surface)"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      data-testid="book-cover-placeholder"
      style={{
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        borderRadius: 'var(--mantine-radius-sm)',
        border: '1px solid var(--bookclub-color-accent-border)',
      }}
    >
      <IconBook size={Math.round(Math.min(width, height) * 0.4)} color="var(--mantine-color-burgundy-4)" aria-hidden />
    </Box>
  );
}
