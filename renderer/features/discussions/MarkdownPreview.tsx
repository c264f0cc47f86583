import { Box, Button, Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../components/RenderedHtml';
import { handleError } from '../../lib/notify';
import { usePreview } from './queries';

/**
 * How the markdown will look once posted: rendered by the server (PUT /api/discussions/preview), the
 * same renderer that keeps posts, and kept current while the member types.
 */
export function MarkdownPreview({ text }: { text: string }) {
  const { t } = useTranslation('discussions');
  const [open, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(text, 400);
  const preview = usePreview(debounced, open);
  // Nothing typed shows nothing, not the last text's preview.
  const html = debounced.trim() ? preview.data?.html : null;
  const busy = preview.isFetching;

  // A preview that cannot be rendered says why (the member keeps typing; the next one may work).
  useEffect(() => {
    if (preview.error) handleError(preview.error);
  }, [preview.error]);

  return (
    <Box>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        leftSection={open ? <IconEyeOff size={16} /> : <IconEye size={16} />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        {open ? t('preview.hide') : t('preview.show')}
      </Button>
      {open && (
        <Paper withBorder p="sm" mt={6} bg="var(--bookclub-color-inset)" data-testid="markdown-preview" aria-live="polite">
          {html ? (
            <RenderedHtml html={html} />
          ) : busy ? (
            <Loader size="xs" />
          ) : (
            <Text size="sm" c="dimmed">
              {t('preview.empty')}
            </Text>
          )}
        </Paper>
      )}
    </Box>
  );
}
